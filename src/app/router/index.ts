export { AppRouter } from './AppRouter';
export { AppRoutes } from './routes';
