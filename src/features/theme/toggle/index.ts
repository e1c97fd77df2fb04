export { ThemeToggle } from './ui/ThemeToggle/ThemeToggle';
