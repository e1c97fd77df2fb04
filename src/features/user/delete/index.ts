export { DeleteUserButton } from './ui/DeleteUserButton/DeleteUserButton';
export type { DeleteUserButtonProps } from './ui/DeleteUserButton/DeleteUserButton';
