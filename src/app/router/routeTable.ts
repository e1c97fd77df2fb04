// Plain data, no imports: the build reads this file too (build/routePreload.ts) to write, into
// index.html, which files each route's page needs, so the page fetches them before its code runs.

/** Who may see a route: anyone, or a signed-in user (a visitor is sent to sign-in). */
export type RouteAccess = 'visitor' | 'signedIn';

export interface RouteEntry {
  /** React Router pattern under the layout: '' is the index route, `:name` one segment, '*' anything. */
  readonly path: string;
  /** The page slice (src/pages/<page>), built into its own chunk named by `pageChunkName`. */
  readonly page: PageName;
  readonly access: RouteAccess;
}

export type PageName =
  | 'auth-login'
  | 'auth-signup'
  | 'auth-forgot-password'
  | 'auth-reset-password'
  | 'home'
  | 'waybills'
  | 'waybill-edit'
  | 'waybill-detail'
  | 'incoming'
  | 'worklogs'
  | 'worklog-edit'
  | 'worklog-detail'
  | 'invoices'
  | 'invoice-new'
  | 'invoice-detail'
  | 'users'
  | 'user-new'
  | 'user-detail'
  | 'admin-panel'
  | 'account'
  | 'not-found';

/** Every route of the app; their order does not matter (React Router ranks routes by their patterns). */
export const ROUTE_TABLE: readonly RouteEntry[] = [
  { path: 'auth/login', page: 'auth-login', access: 'visitor' },
  { path: 'auth/signup', page: 'auth-signup', access: 'visitor' },
  { path: 'auth/forgot-password', page: 'auth-forgot-password', access: 'visitor' },
  { path: 'auth/reset-password', page: 'auth-reset-password', access: 'visitor' },
  { path: '', page: 'home', access: 'signedIn' },
  { path: 'waybills', page: 'waybills', access: 'signedIn' },
  { path: 'waybills/new', page: 'waybill-edit', access: 'signedIn' },
  { path: 'waybills/:number', page: 'waybill-detail', access: 'signedIn' },
  // The list of incoming waybills and one of them: one page slice (pages/evr), the list without a number.
  { path: 'waybills/incoming', page: 'incoming', access: 'signedIn' },
  { path: 'waybills/incoming/:number', page: 'incoming', access: 'signedIn' },
  { path: 'waybills/:number/edit', page: 'waybill-edit', access: 'signedIn' },
  { path: 'worklogs', page: 'worklogs', access: 'signedIn' },
  { path: 'worklogs/new', page: 'worklog-edit', access: 'signedIn' },
  { path: 'worklogs/:number', page: 'worklog-detail', access: 'signedIn' },
  { path: 'worklogs/:number/edit', page: 'worklog-edit', access: 'signedIn' },
  { path: 'invoices', page: 'invoices', access: 'signedIn' },
  { path: 'invoices/new', page: 'invoice-new', access: 'signedIn' },
  { path: 'invoices/:number', page: 'invoice-detail', access: 'signedIn' },
  { path: 'users', page: 'users', access: 'signedIn' },
  { path: 'users/new', page: 'user-new', access: 'signedIn' },
  { path: 'users/:email', page: 'user-detail', access: 'signedIn' },
  { path: 'adminpanel', page: 'admin-panel', access: 'signedIn' },
  { path: 'adminpanel/:resource', page: 'admin-panel', access: 'signedIn' },
  { path: 'account', page: 'account', access: 'signedIn' },
  { path: '*', page: 'not-found', access: 'signedIn' },
];

/** Where a visitor is sent from a signed-in route (RequireAuth). */
export const SIGN_IN_PATH = '/auth/login';

/** The chunk a page is built into (the `webpackChunkName` of its import in routes.tsx). */
export const pageChunkName = (page: PageName): string => `page-${page}`;
