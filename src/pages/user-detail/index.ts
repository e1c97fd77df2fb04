export { UserDetailPage } from './ui/UserDetailPage/UserDetailPage';
