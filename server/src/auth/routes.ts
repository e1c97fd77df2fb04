import type { App } from '../infra/context.js';
import { ApiError } from '../http/errors.js';
import { ref, Type } from '../http/schema.js';
import { errors } from '../http/schema.js';
import { LIMITS } from '@timberlog/contract';
import { randomUUID } from 'node:crypto';
import { hashPassword, normaliseEmail, verifyPassword } from '../users/rules.js';
import { issuePair, REFRESH_RETRY_SECONDS, renewSession, revokeRefresh, tokenIsLive, verifyToken } from './tokens.js';
import { StatusOk } from '../http/schema.js';

export const TokenPairSchema = Type.Object({ access: Type.String(), refresh: Type.String() }, { $id: 'TokenPair', title: 'TokenPair' });
export const SessionSchema = Type.Object(
  {
    user: Type.Object({ email: Type.String(), name: Type.String(), isStaff: Type.Boolean() }),
    accessToken: Type.String(),
    refreshToken: Type.String(),
    expires: Type.String({ format: 'date-time', description: 'When the access token expires.' }),
  },
  { $id: 'Session', title: 'Session' },
);

const TokenObtain = Type.Object(
  {
    email: Type.String({ minLength: 1, maxLength: LIMITS.emailMaxLength }),
    password: Type.String({ minLength: 1, maxLength: LIMITS.passwordMaxLength }),
  },
  { title: 'TokenObtain' },
);
const RefreshBody = Type.Object({ refresh: Type.String({ minLength: 1, maxLength: 4000 }) }, { title: 'TokenRefresh' });
/** A renewal's own key: the same key again marks a retry of a renewal whose answer was lost. */
const RenewalHeaders = Type.Object({
  'idempotency-key': Type.Optional(
    Type.String({
      minLength: 16,
      maxLength: 200,
      description: `The caller's own random key for this renewal, kept until its answer is stored. The same refresh token with the same key within ${REFRESH_RETRY_SECONDS} s of the first renewal, while the pair it answered is unused, is a retry of a renewal whose answer was lost: it is answered with that same pair again (nothing new is issued, nothing revoked; whichever holder uses the pair second is reuse). Without it a spent token is always reuse.`,
    }),
  ),
});
const VerifyBody = Type.Object({ token: Type.String({ minLength: 1, maxLength: 4000 }) }, { title: 'TokenVerify' });

const noAccount = () => new ApiError(401, { key: 'auth.noActiveAccount' }, undefined, 'no_active_account');
const refreshInvalid = () => new ApiError(401, { key: 'auth.refreshInvalid' }, undefined, 'token_not_valid');

// Verifying against a throwaway hash keeps the answer time the same whether or not the account exists.
let dummyHash: Promise<string> | undefined;
const getDummyHash = () => (dummyHash ??= hashPassword(randomUUID()));

export async function authRoutes(app: App) {
  const { db, limits } = app.ctx;

  app.post(
    '/auth/token/',
    {
      schema: {
        operationId: 'obtainToken',
        summary: 'Sign in: get a token pair',
        description:
          "Exchanges an email and password for an access token and a refresh token (RS256 JWTs). Anyone may call it. Only an active account signs in; a wrong email, password or inactive account all answer the same 401 `no_active_account`. Failed attempts are limited within a time window per client address, per account from that address, and per account from addresses that have not signed in to it (so a stranger's guesses do not lock the owner out); past a limit the answer is 429 with `Retry-After`, and a refused attempt does not count.",
        tags: ['auth'],
        security: [],
        body: TokenObtain,
        response: { 200: ref(TokenPairSchema), ...errors(400, 401, 429) },
      },
    },
    async (request) => {
      const email = normaliseEmail(request.body.email);
      // Counted before the password hash: parallel guesses are refused without reaching it.
      const keys = await limits.accountKeys(email, request.ip);
      await limits.signIn.consume(keys);
      const user = await db
        .selectFrom('users')
        .select(['email', 'name', 'isStaff', 'isActive', 'passwordHash'])
        .where('email', '=', email)
        .executeTakeFirst();
      const ok = await verifyPassword(user?.passwordHash ?? (await getDummyHash()), request.body.password);
      if (!user || !ok || !user.isActive) throw noAccount();
      // Only failures count: the owner signing in often is never limited.
      await limits.signIn.reward(keys);
      await limits.rememberAddress(email, request.ip);
      await db.updateTable('users').set({ lastLogin: new Date() }).where('email', '=', email).execute();
      const pair = await issuePair(app.ctx, user);
      return { access: pair.access, refresh: pair.refresh };
    },
  );

  app.post(
    '/auth/token/refresh/',
    {
      schema: {
        operationId: 'refreshToken',
        summary: 'Get a new token pair from a refresh token',
        description:
          'Spends a refresh token and answers a new token pair. Anyone holding a refresh token may call it. A refresh token works once: a spent, expired or revoked one answers 401 `token_not_valid`, and presenting a spent one again ends every session of the account (its access tokens are refused from the next call), unless it is a retry with the `Idempotency-Key` of the first renewal (see the header).',
        tags: ['auth'],
        security: [],
        body: RefreshBody,
        headers: RenewalHeaders,
        response: { 200: ref(TokenPairSchema), ...errors(400, 401) },
      },
    },
    async (request) => {
      const renewal = await renewSession(app.ctx, request.body.refresh, request.headers['idempotency-key']);
      if (!renewal) throw refreshInvalid();
      return { access: renewal.pair.access, refresh: renewal.pair.refresh };
    },
  );

  app.post(
    '/auth/token/verify/',
    {
      schema: {
        operationId: 'verifyToken',
        summary: 'Check whether a token is valid',
        description:
          'Answers 200 with an empty object when a call would accept the access or refresh token now: signature; `exp`, `iat` and `jti` present; not expired, not issued in the future, not older than its kind allows; its account active and its session not ended (by sign-out for a refresh token, a password change, a deactivation or a reused refresh token); a refresh token not yet spent. 401 `token_not_valid` otherwise. Anyone may call it; nothing is spent.',
        tags: ['auth'],
        security: [],
        body: VerifyBody,
        response: { 200: Type.Object({}, { title: 'Empty' }), ...errors(400, 401) },
      },
    },
    async (request) => {
      const claims = await verifyToken(app.ctx, request.body.token);
      // A dead token (signed out, ended by a password change or a deactivation, revoked after reuse)
      // is refused here as a real call would refuse it.
      if (!claims || !(await tokenIsLive(app.ctx, claims))) {
        throw new ApiError(401, { key: 'auth.tokenInvalid' }, undefined, 'token_not_valid');
      }
      return {};
    },
  );

  app.post(
    '/auth/session',
    {
      schema: {
        operationId: 'refreshSession',
        summary: 'Renew the session (silent refresh)',
        description:
          'Spends a refresh token and answers the signed-in user, a new token pair and when the access token expires: what the web app needs to renew its session without a new sign-in. Anyone holding a refresh token may call it; a refresh token works once, and presenting a spent one again ends every session of the account, unless it is a retry with the `Idempotency-Key` of the first renewal (see the header).',
        tags: ['auth'],
        security: [],
        body: RefreshBody,
        headers: RenewalHeaders,
        response: { 200: ref(SessionSchema), ...errors(400, 401) },
      },
    },
    async (request) => {
      const renewal = await renewSession(app.ctx, request.body.refresh, request.headers['idempotency-key']);
      if (!renewal) throw refreshInvalid();
      const { user, pair } = renewal;
      return {
        user: { email: user.email, name: user.name, isStaff: user.isStaff },
        accessToken: pair.access,
        refreshToken: pair.refresh,
        expires: new Date(pair.accessExpires * 1000).toISOString(),
      };
    },
  );

  app.post(
    '/auth/logout',
    {
      schema: {
        operationId: 'signOut',
        summary: 'Sign out: end the session of a refresh token',
        description:
          'Revokes the presented refresh token and ends its session (the sign-in it came from, with its renewals): from the next call on, every access token the session issued is refused with 401, on every server; the account\'s other sessions are untouched. Anyone holding the refresh token may call it (no bearer token needed). Always answers 200 `{ "status": "OK" }`, also for a token that is already spent, revoked, expired or malformed.',
        tags: ['auth'],
        security: [],
        body: Type.Object({ refresh: Type.String({ maxLength: 4000 }) }, { title: 'SignOut' }),
        response: { 200: ref(StatusOk), ...errors(400) },
      },
    },
    async (request) => {
      await revokeRefresh(app.ctx, request.body.refresh);
      return { status: 'OK' as const };
    },
  );
}
