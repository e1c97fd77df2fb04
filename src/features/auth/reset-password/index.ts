export { ResetPasswordForm } from './ui/ResetPasswordForm/ResetPasswordForm';
export type { ResetPasswordFormProps } from './ui/ResetPasswordForm/ResetPasswordForm';
