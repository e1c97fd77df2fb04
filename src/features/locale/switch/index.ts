export { LocaleSwitcher } from './ui/LocaleSwitcher/LocaleSwitcher';
