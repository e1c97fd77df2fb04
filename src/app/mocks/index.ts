export { handlers, handlersByEntity } from './handlers';
