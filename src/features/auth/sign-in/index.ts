export { SignInForm } from './ui/SignInForm/SignInForm';
export type { SignInFormProps } from './ui/SignInForm/SignInForm';
export { obtainSession } from './api/obtainSession';
