export { UserNewPage } from './ui/UserNewPage/UserNewPage';
