export { SignUpPage } from './ui/SignUpPage/SignUpPage';
