import { useGetMeQuery } from '../api/userApi';
import type { User } from './types';

/** The signed-in user, fetched only when there is a session; undefined while unknown or signed out. */
export function useCurrentUser(isAuthenticated: boolean): User | undefined {
  const { data } = useGetMeQuery(undefined, { skip: !isAuthenticated });
  return isAuthenticated ? data : undefined;
}
