export { IncomingPage } from './ui/IncomingPage';
