import { lazy } from 'react';
import { Route, Routes } from 'react-router';

import { AppLayout } from '../layout/AppLayout';

// Every page is its own chunk, loaded on first visit.
const HomePage = lazy(() => import('@/pages/home').then((m) => ({ default: m.HomePage })));
const WaybillsPage = lazy(() => import('@/pages/waybills').then((m) => ({ default: m.WaybillsPage })));
const WorklogsPage = lazy(() => import('@/pages/worklogs').then((m) => ({ default: m.WorklogsPage })));
const InvoicesPage = lazy(() => import('@/pages/invoices').then((m) => ({ default: m.InvoicesPage })));
const UsersPage = lazy(() => import('@/pages/users').then((m) => ({ default: m.UsersPage })));
const LoginPage = lazy(() => import('@/pages/auth-login').then((m) => ({ default: m.LoginPage })));
const NotFoundPage = lazy(() => import('@/pages/not-found').then((m) => ({ default: m.NotFoundPage })));

/** The app's routes; declarative routing keeps the router's share of the first page small. */
export function AppRoutes() {
  return (
    <Routes>
      <Route element={<AppLayout />}>
        <Route index element={<HomePage />} />
        <Route path="waybills" element={<WaybillsPage />} />
        <Route path="worklogs" element={<WorklogsPage />} />
        <Route path="invoices" element={<InvoicesPage />} />
        <Route path="users" element={<UsersPage />} />
        <Route path="auth/login" element={<LoginPage />} />
        <Route path="*" element={<NotFoundPage />} />
      </Route>
    </Routes>
  );
}
