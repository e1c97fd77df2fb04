export { TopBar } from './ui/TopBar/TopBar';
