import type { RouteObject } from 'react-router';

import { AppLayout } from '../layout/AppLayout';
import { LoadingScreen } from '../layout/LoadingScreen';
import { RouteErrorFallback } from '../providers';

// Every page is its own chunk, loaded on first visit.
export const routes: RouteObject[] = [
  {
    element: <AppLayout />,
    HydrateFallback: LoadingScreen,
    children: [
      {
        // Pathless, so a failing page shows its error under the top bar instead of replacing it.
        errorElement: <RouteErrorFallback />,
        children: [
          { index: true, lazy: () => import('@/pages/home').then((m) => ({ Component: m.HomePage })) },
          { path: 'waybills', lazy: () => import('@/pages/waybills').then((m) => ({ Component: m.WaybillsPage })) },
          { path: 'worklogs', lazy: () => import('@/pages/worklogs').then((m) => ({ Component: m.WorklogsPage })) },
          { path: 'invoices', lazy: () => import('@/pages/invoices').then((m) => ({ Component: m.InvoicesPage })) },
          { path: 'users', lazy: () => import('@/pages/users').then((m) => ({ Component: m.UsersPage })) },
          { path: 'auth/login', lazy: () => import('@/pages/auth-login').then((m) => ({ Component: m.LoginPage })) },
          { path: '*', lazy: () => import('@/pages/not-found').then((m) => ({ Component: m.NotFoundPage })) },
        ],
      },
    ],
  },
];
