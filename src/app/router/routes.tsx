import type { ComponentType } from 'react';
import { Route, Routes } from 'react-router-dom';

import { loadSignedInTexts } from '@/shared/i18n';
import { retryableLazy } from '@/shared/lib';

import { AppLayout } from '../layout/AppLayout';

import { RequireAuth } from './RequireAuth';
import { ROUTE_TABLE, type PageName } from './routeTable';

type PageModule = Promise<{ default: ComponentType }>;

// Every page is its own chunk, loaded on first visit; each chunk is named `page-<slice>`
// (routeTable.ts), so the build can tell index.html which files each route needs.
const PAGE_LOADERS: Readonly<Record<PageName, () => PageModule>> = {
  'auth-login': () => import(/* webpackChunkName: "page-auth-login" */ '@/pages/auth-login').then((m) => ({ default: m.LoginPage })),
  'auth-signup': () => import(/* webpackChunkName: "page-auth-signup" */ '@/pages/auth-signup').then((m) => ({ default: m.SignUpPage })),
  'auth-forgot-password': () =>
    import(/* webpackChunkName: "page-auth-forgot-password" */ '@/pages/auth-forgot-password').then((m) => ({
      default: m.ForgotPasswordPage,
    })),
  'auth-reset-password': () =>
    import(/* webpackChunkName: "page-auth-reset-password" */ '@/pages/auth-reset-password').then((m) => ({
      default: m.ResetPasswordPage,
    })),
  home: () => import(/* webpackChunkName: "page-home" */ '@/pages/home').then((m) => ({ default: m.HomePage })),
  waybills: () => import(/* webpackChunkName: "page-waybills" */ '@/pages/waybills').then((m) => ({ default: m.WaybillsPage })),
  'waybill-edit': () =>
    import(/* webpackChunkName: "page-waybill-edit" */ '@/pages/waybill-edit').then((m) => ({ default: m.WaybillEditPage })),
  'waybill-detail': () =>
    import(/* webpackChunkName: "page-waybill-detail" */ '@/pages/waybill-detail').then((m) => ({ default: m.WaybillDetailPage })),
  incoming: () => import(/* webpackChunkName: "page-incoming" */ '@/pages/evr/incoming').then((m) => ({ default: m.IncomingPage })),
  worklogs: () => import(/* webpackChunkName: "page-worklogs" */ '@/pages/worklogs').then((m) => ({ default: m.WorklogsPage })),
  'worklog-edit': () =>
    import(/* webpackChunkName: "page-worklog-edit" */ '@/pages/worklog-edit').then((m) => ({ default: m.WorklogEditPage })),
  'worklog-detail': () =>
    import(/* webpackChunkName: "page-worklog-detail" */ '@/pages/worklog-detail').then((m) => ({ default: m.WorklogDetailPage })),
  invoices: () => import(/* webpackChunkName: "page-invoices" */ '@/pages/invoices').then((m) => ({ default: m.InvoicesPage })),
  'invoice-new': () =>
    import(/* webpackChunkName: "page-invoice-new" */ '@/pages/invoice-new').then((m) => ({ default: m.InvoiceNewPage })),
  'invoice-detail': () =>
    import(/* webpackChunkName: "page-invoice-detail" */ '@/pages/invoice-detail').then((m) => ({ default: m.InvoiceDetailPage })),
  users: () => import(/* webpackChunkName: "page-users" */ '@/pages/users').then((m) => ({ default: m.UsersPage })),
  'user-new': () => import(/* webpackChunkName: "page-user-new" */ '@/pages/user-new').then((m) => ({ default: m.UserNewPage })),
  'user-detail': () =>
    import(/* webpackChunkName: "page-user-detail" */ '@/pages/user-detail').then((m) => ({ default: m.UserDetailPage })),
  'admin-panel': () =>
    import(/* webpackChunkName: "page-admin-panel" */ '@/pages/admin-panel').then((m) => ({ default: m.AdminPanelPage })),
  account: () => import(/* webpackChunkName: "page-account" */ '@/pages/account').then((m) => ({ default: m.AccountPage })),
  'not-found': () => import(/* webpackChunkName: "page-not-found" */ '@/pages/not-found').then((m) => ({ default: m.NotFoundPage })),
};

const SIGNED_IN_PAGES = new Set(ROUTE_TABLE.filter((route) => route.access === 'signedIn').map((route) => route.page));

// A signed-in screen renders once its chunk and the signed-in texts (shared/i18n) have both loaded.
// A chunk that failed to load (the connection down) loads again when the error screen retries.
const PAGES = Object.fromEntries(
  Object.entries(PAGE_LOADERS).map(([page, load]) => [
    page,
    retryableLazy(
      SIGNED_IN_PAGES.has(page as PageName) ? () => Promise.all([load(), loadSignedInTexts()]).then(([module]) => module) : load,
    ),
  ]),
) as Record<PageName, ComponentType>;

const routeElements = (access: 'visitor' | 'signedIn') =>
  ROUTE_TABLE.filter((route) => route.access === access).map(({ path, page }) => {
    const Page = PAGES[page];
    return path === '' ? <Route key="index" index element={<Page />} /> : <Route key={path} path={path} element={<Page />} />;
  });

/** The app's routes (routeTable.ts); declarative routing keeps the router's share of the first page small. */
export function AppRoutes() {
  return (
    <Routes>
      <Route element={<AppLayout />}>
        {routeElements('visitor')}
        <Route element={<RequireAuth />}>{routeElements('signedIn')}</Route>
      </Route>
    </Routes>
  );
}
