export { WorklogDetailPage } from './ui/WorklogDetailPage/WorklogDetailPage';
