export { useGetMeQuery, userApi } from './api/userApi';
export type { User } from './model/types';
export { useCurrentUser } from './model/useCurrentUser';
