import { Navigate, Outlet, useLocation } from 'react-router-dom';

import { selectIsAuthenticated } from '@/entities/session';
import { useAppSelector } from '@/shared/model';

/** Every route but /auth/* needs a session: a visitor goes to sign-in, and comes back after it. */
export function RequireAuth() {
  const isAuthenticated = useAppSelector(selectIsAuthenticated);
  const location = useLocation();
  if (!isAuthenticated) return <Navigate to="/auth/login" replace state={{ from: location }} />;
  return <Outlet />;
}
