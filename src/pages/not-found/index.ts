export { NotFoundPage } from './ui/NotFoundPage/NotFoundPage';
