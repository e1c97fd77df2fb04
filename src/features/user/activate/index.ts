export { ActivateUserButton } from './ui/ActivateUserButton/ActivateUserButton';
export type { ActivateUserButtonProps } from './ui/ActivateUserButton/ActivateUserButton';
