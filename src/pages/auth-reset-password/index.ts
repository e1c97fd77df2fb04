export { ResetPasswordPage } from './ui/ResetPasswordPage/ResetPasswordPage';
