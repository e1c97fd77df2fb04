export { LoginPage } from './ui/LoginPage/LoginPage';
