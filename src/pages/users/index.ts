export { UsersPage } from './ui/UsersPage/UsersPage';
