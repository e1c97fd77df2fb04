export { AccountPage } from './ui/AccountPage/AccountPage';
