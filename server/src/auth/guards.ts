import type { FastifyRequest } from 'fastify';
import { forbidden, notAuthenticated, tokenInvalid } from '../http/errors.js';
import type { App, AuthUser } from '../infra/context.js';
import { ENDED_SESSIONS_SQL, sessionHolds, verifyToken } from './tokens.js';
import { preparedQuery } from '../infra/db.js';
import type { TokenAccount } from './user-cache.js';
import type { TransactionOptions } from '../infra/transaction.js';
import { CLIENT_HEADER } from '@timberlog/contract';

/**
 * Who may call a route: `public` (anyone), `user` (any signed-in user, the default for every API
 * route) or `staff`. A route names `config: { access: 'staff' }`; nothing can declare itself
 * public except through PUBLIC_ROUTES below, so a route without a decision is closed.
 */
export type Access = 'public' | 'user' | 'staff';

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: 'user' | 'staff';
  }
}

/** The only API routes anonymous callers reach (`METHOD path`; a trailing `*` matches a prefix). */
export const PUBLIC_ROUTES: readonly string[] = [
  'POST /api/auth/token/',
  'POST /api/auth/token/refresh/',
  'POST /api/auth/token/verify/',
  'POST /api/auth/session',
  'POST /api/auth/logout',
  'POST /api/user/signup',
  'POST /api/user/forgot_password',
  'POST /api/user/forgot_password/token',
  'POST /api/user/verify_email',
  'GET /api/user/verify_email',
  'HEAD /api/user/verify_email',
  // The link in an export's `fileUrl` is opened by the browser without a bearer token; the route
  // identifies the caller by the link's signed token (or a bearer token) itself.
  'GET /api/export-requests/:id/download_attachment/',
  'HEAD /api/export-requests/:id/download_attachment/',
  // The OpenAPI document and Swagger UI with its assets.
  'GET /api/schema/*',
  'HEAD /api/schema/*',
];

const isPublic = (method: string, url: string) =>
  PUBLIC_ROUTES.some((entry) => {
    const [m, p] = entry.split(' ') as [string, string];
    if (m !== method) return false;
    return p.endsWith('*') ? url.startsWith(p.slice(0, -1)) : url === p;
  });

/** The access decision of a route; routes outside /api/ serve the web app's files. */
export function accessOf(method: string, url: string, config: { access?: 'user' | 'staff' } | undefined): Access {
  if (!url.startsWith('/api/')) return 'public';
  if (isPublic(method, url)) {
    if (config?.access) throw new Error(`${method} ${url} is listed as public but declares access "${config.access}"`);
    return 'public';
  }
  return config?.access ?? 'user';
}

/** Resolves the bearer token to an active user; null when no Authorization header was sent. */
export async function authenticate(request: FastifyRequest): Promise<AuthUser | null> {
  const header = request.headers.authorization;
  if (!header) return null;
  const [scheme, token] = header.split(' ');
  if (scheme !== 'Bearer' || !token) throw tokenInvalid();
  const ctx = request.server.ctx;
  const claims = await verifyToken(ctx, token, 'access');
  if (!claims) throw tokenInvalid();
  // The account as the database has it now (deactivated, new password, deleted: see UserCache).
  let user = ctx.accounts.get(claims.user_id);
  if (!user) {
    const mark = ctx.accounts.mark();
    [user] = await preparedQuery<TokenAccount>(
      ctx.pool,
      'auth_user',
      `SELECT email, name, is_staff AS "isStaff", is_active AS "isActive", session_key AS "sessionKey", ${ENDED_SESSIONS_SQL} AS "endedSessions" FROM users WHERE email = $1`,
      [claims.user_id],
    );
    if (user) ctx.accounts.put(user, mark);
  }
  // The session key changes on password change and deactivation and differs for a re-created account;
  // a signed-out session is among the account's ended ones.
  if (!user || !sessionHolds(user, claims)) throw tokenInvalid();
  return { email: user.email, name: user.name, isStaff: user.isStaff };
}

/**
 * Default deny for the whole app: every API route needs a signed-in user unless PUBLIC_ROUTES
 * lists it. Runs on `onRequest`, before the body is parsed and validated, so an anonymous caller
 * gets 401 (and a non-staff user 403) without learning a field name.
 */
export function registerAccessControl(app: App): void {
  app.addHook('onRequest', async (request) => {
    const url = request.routeOptions.url;
    if (!url) return; // no route: the 404/405 answer
    const access = accessOf(request.method, url, request.routeOptions.config);
    if (access === 'public') return;
    const user = await authenticate(request);
    if (!user) throw notAuthenticated();
    if (access === 'staff' && !user.isStaff) throw forbidden();
    request.user = user;
  });
  // A write served here may have changed an account (a password, a deactivation, a deletion): its
  // answer leaves only after every kept account copy is gone, so the next request reads afresh.
  app.addHook('onSend', async (request, _reply, payload) => {
    if (request.method !== 'GET' && request.method !== 'HEAD' && request.method !== 'OPTIONS') request.server.ctx.accounts.forgetAll();
    return payload;
  });
}

/** How a request's writes are recorded: for the signed-in account, by the web app or another client. */
export function writer(request: FastifyRequest, extra: { readonly reason?: string; readonly actor?: string } = {}): TransactionOptions {
  return {
    actor: extra.actor ?? currentUser(request).email,
    via: request.headers[CLIENT_HEADER] === 'web' ? 'web' : 'api',
    ...(extra.reason ? { reason: extra.reason } : {}),
  };
}

export function currentUser(request: FastifyRequest): AuthUser {
  if (!request.user) throw notAuthenticated();
  return request.user;
}
