export { useAppDispatch, useAppSelector } from './hooks';
