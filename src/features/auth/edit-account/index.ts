export { PasswordForm } from './ui/PasswordForm/PasswordForm';
export type { PasswordFormProps } from './ui/PasswordForm/PasswordForm';
export { ProfileForm } from './ui/ProfileForm/ProfileForm';
export type { ProfileFormProps } from './ui/ProfileForm/ProfileForm';
