export { SignUpForm } from './ui/SignUpForm/SignUpForm';
export type { SignUpFormProps } from './ui/SignUpForm/SignUpForm';
