import { lazy, type ComponentType } from 'react';
import { Route, Routes } from 'react-router-dom';

import { loadSignedInTexts } from '@/shared/i18n';

import { AppLayout } from '../layout/AppLayout';

import { RequireAuth } from './RequireAuth';

/** A signed-in screen: its chunk and the signed-in texts (shared/i18n), loaded together before it renders. */
const signedIn = <Page extends ComponentType>(load: () => Promise<{ default: Page }>) =>
  lazy(() => Promise.all([load(), loadSignedInTexts()]).then(([page]) => page));

// Every page is its own chunk, loaded on first visit.
const HomePage = signedIn(() => import('@/pages/home').then((m) => ({ default: m.HomePage })));
const WaybillsPage = signedIn(() => import('@/pages/waybills').then((m) => ({ default: m.WaybillsPage })));
const WorklogsPage = signedIn(() => import('@/pages/worklogs').then((m) => ({ default: m.WorklogsPage })));
const WaybillDetailPage = signedIn(() => import('@/pages/waybill-detail').then((m) => ({ default: m.WaybillDetailPage })));
const WaybillEditPage = signedIn(() => import('@/pages/waybill-edit').then((m) => ({ default: m.WaybillEditPage })));
const WorklogDetailPage = signedIn(() => import('@/pages/worklog-detail').then((m) => ({ default: m.WorklogDetailPage })));
const WorklogEditPage = signedIn(() => import('@/pages/worklog-edit').then((m) => ({ default: m.WorklogEditPage })));
const InvoicesPage = signedIn(() => import('@/pages/invoices').then((m) => ({ default: m.InvoicesPage })));
const InvoiceDetailPage = signedIn(() => import('@/pages/invoice-detail').then((m) => ({ default: m.InvoiceDetailPage })));
const InvoiceNewPage = signedIn(() => import('@/pages/invoice-new').then((m) => ({ default: m.InvoiceNewPage })));
const UsersPage = signedIn(() => import('@/pages/users').then((m) => ({ default: m.UsersPage })));
const UserNewPage = signedIn(() => import('@/pages/user-new').then((m) => ({ default: m.UserNewPage })));
const UserDetailPage = signedIn(() => import('@/pages/user-detail').then((m) => ({ default: m.UserDetailPage })));
const AdminPanelPage = signedIn(() => import('@/pages/admin-panel').then((m) => ({ default: m.AdminPanelPage })));
const LoginPage = lazy(() => import('@/pages/auth-login').then((m) => ({ default: m.LoginPage })));
const SignUpPage = lazy(() => import('@/pages/auth-signup').then((m) => ({ default: m.SignUpPage })));
const ForgotPasswordPage = lazy(() =>
  import('@/pages/auth-forgot-password').then((m) => ({ default: m.ForgotPasswordPage })),
);
const ResetPasswordPage = lazy(() =>
  import('@/pages/auth-reset-password').then((m) => ({ default: m.ResetPasswordPage })),
);
const AccountPage = signedIn(() => import('@/pages/account').then((m) => ({ default: m.AccountPage })));
const NotFoundPage = signedIn(() => import('@/pages/not-found').then((m) => ({ default: m.NotFoundPage })));

/** The app's routes; declarative routing keeps the router's share of the first page small. */
export function AppRoutes() {
  return (
    <Routes>
      <Route element={<AppLayout />}>
        <Route path="auth/login" element={<LoginPage />} />
        <Route path="auth/signup" element={<SignUpPage />} />
        <Route path="auth/forgot-password" element={<ForgotPasswordPage />} />
        <Route path="auth/reset-password" element={<ResetPasswordPage />} />
        <Route element={<RequireAuth />}>
          <Route index element={<HomePage />} />
          <Route path="waybills" element={<WaybillsPage />} />
          <Route path="waybills/new" element={<WaybillEditPage />} />
          <Route path="waybills/:number" element={<WaybillDetailPage />} />
          <Route path="waybills/:number/edit" element={<WaybillEditPage />} />
          <Route path="worklogs" element={<WorklogsPage />} />
          <Route path="worklogs/new" element={<WorklogEditPage />} />
          <Route path="worklogs/:number" element={<WorklogDetailPage />} />
          <Route path="worklogs/:number/edit" element={<WorklogEditPage />} />
          <Route path="invoices" element={<InvoicesPage />} />
          <Route path="invoices/new" element={<InvoiceNewPage />} />
          <Route path="invoices/:number" element={<InvoiceDetailPage />} />
          <Route path="users" element={<UsersPage />} />
          <Route path="users/new" element={<UserNewPage />} />
          <Route path="users/:email" element={<UserDetailPage />} />
          <Route path="adminpanel" element={<AdminPanelPage />} />
          <Route path="adminpanel/:resource" element={<AdminPanelPage />} />
          <Route path="account" element={<AccountPage />} />
          <Route path="*" element={<NotFoundPage />} />
        </Route>
      </Route>
    </Routes>
  );
}
