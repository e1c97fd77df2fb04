import { useEffect } from 'react';
import { useRouteError } from 'react-router';

import { reportError } from '@/shared/lib';

import { ErrorFallback } from './ErrorFallback';

/** The router's error element: a page that throws (or whose chunk fails to load) keeps the top bar. */
export function RouteErrorFallback() {
  const error = useRouteError();
  useEffect(() => reportError(error), [error]);
  return <ErrorFallback />;
}
