export { WorklogEditPage } from './ui/WorklogEditPage/WorklogEditPage';
