export { SetPasswordForm } from './ui/SetPasswordForm/SetPasswordForm';
export type { SetPasswordFormProps } from './ui/SetPasswordForm/SetPasswordForm';
