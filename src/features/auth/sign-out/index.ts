export { SignOutButton } from './ui/SignOutButton/SignOutButton';
