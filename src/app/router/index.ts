export { AppRouter } from './AppRouter';
export { routes } from './routes';
