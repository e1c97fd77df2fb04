export { ForgotPasswordForm } from './ui/ForgotPasswordForm/ForgotPasswordForm';
export type { ForgotPasswordFormProps } from './ui/ForgotPasswordForm/ForgotPasswordForm';
