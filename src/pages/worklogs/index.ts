export { WorklogsPage } from './ui/WorklogsPage/WorklogsPage';
