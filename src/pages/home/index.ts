export { HomePage } from './ui/HomePage/HomePage';
