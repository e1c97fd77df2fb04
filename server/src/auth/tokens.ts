import { createHash, randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { SignJWT, jwtVerify, type JWTPayload } from 'jose';
import type { AppContext, AuthUser } from '../infra/context.js';
import type { DB } from '../infra/db.js';
import { transaction } from '../infra/transaction.js';
import { LIMITS } from '@timberlog/contract';

export type TokenType = 'access' | 'refresh' | 'download';

export interface TokenClaims extends JWTPayload {
  token_type: TokenType;
  user_id: string;
  is_staff?: boolean;
  /** The account's session key when the token was issued (see `endSessions`). */
  sk?: string;
  /** The session: one sign-in and its renewals, ended on its own by sign-out (`revokeRefresh`). */
  sid?: string;
  exp: number;
  iat: number;
  jti: string;
}

/** Download links live 10 minutes. */
export const DOWNLOAD_TOKEN_TTL_SECONDS = LIMITS.exportDownloadTokenSeconds;
/** Allowed clock difference between servers. */
const CLOCK_TOLERANCE_SECONDS = 5;

const lifetimeOf = (ctx: AppContext, type: TokenType) =>
  type === 'access'
    ? ctx.config.accessTokenTtlSeconds
    : type === 'refresh'
      ? ctx.config.refreshTokenTtlSeconds
      : DOWNLOAD_TOKEN_TTL_SECONDS;

const HEADER = { alg: 'RS256', typ: 'JWT' } as const;

async function sign(ctx: AppContext, claims: Record<string, unknown>, ttlSeconds: number, jti: string = randomUUID()) {
  const now = Math.floor(Date.now() / 1000);
  const payload = { ...claims, iat: now, exp: now + ttlSeconds, jti };
  const token = await new SignJWT(payload).setProtectedHeader(HEADER).sign(ctx.keys.privateKey);
  return { token, exp: now + ttlSeconds, jti, payload };
}

/** Signs a payload kept from an earlier signing again: RS256 (PKCS#1 v1.5) gives the very same token. */
const signAgain = (ctx: AppContext, payload: Record<string, unknown>) =>
  new SignJWT(payload).setProtectedHeader(HEADER).sign(ctx.keys.privateKey);

/** How many verified tokens each key remembers (about 1 kB each). */
const VERIFIED_CACHE_SIZE = 10_000;
const verifiedByKey = new WeakMap<object, Map<string, JWTPayload>>();

/**
 * The payload of a token whose RS256 signature and claims `jwtVerify` accepted, remembered per
 * public key: a token is immutable, so its signature stays valid, and checking it again on every
 * request cost a third of a millisecond of CPU. Only what passed is remembered (a forged token
 * costs its full check every time), and the expiry is checked again on every use. The oldest entry
 * goes first when the cache is full.
 */
async function verifiedPayload(ctx: AppContext, token: string): Promise<JWTPayload | null> {
  let cache = verifiedByKey.get(ctx.keys.publicKey);
  if (!cache) verifiedByKey.set(ctx.keys.publicKey, (cache = new Map()));
  const hit = cache.get(token);
  if (hit) {
    if (Date.now() / 1000 - CLOCK_TOLERANCE_SECONDS >= (hit.exp as number)) {
      cache.delete(token);
      return null;
    }
    return hit;
  }
  const { payload } = await jwtVerify(token, ctx.keys.publicKey, {
    algorithms: ['RS256'],
    requiredClaims: ['exp', 'iat', 'jti'],
    clockTolerance: CLOCK_TOLERANCE_SECONDS,
  });
  if (typeof payload.exp !== 'number') return null;
  if (cache.size >= VERIFIED_CACHE_SIZE) cache.delete(cache.keys().next().value!);
  cache.set(token, payload);
  return payload;
}

/**
 * Verifies signature and claims: `exp`, `iat` and `jti` are required, `iat` may not lie in the
 * future, and a token may not be older, or live longer, than its kind's lifetime (a token signed
 * with a stolen key or by a bug cannot outlive the rules). With `type`, only that kind passes.
 */
export async function verifyToken(ctx: AppContext, token: string, type?: TokenType): Promise<TokenClaims | null> {
  try {
    const payload = await verifiedPayload(ctx, token);
    if (!payload) return null;
    const kind = payload.token_type;
    if (kind !== 'access' && kind !== 'refresh' && kind !== 'download') return null;
    if (type && kind !== type) return null;
    if (
      typeof payload.user_id !== 'string' ||
      typeof payload.jti !== 'string' ||
      typeof payload.iat !== 'number' ||
      typeof payload.exp !== 'number'
    )
      return null;
    const now = Date.now() / 1000;
    const lifetime = lifetimeOf(ctx, kind);
    if (payload.iat > now + CLOCK_TOLERANCE_SECONDS) return null;
    if (now - payload.iat > lifetime + CLOCK_TOLERANCE_SECONDS) return null;
    if (payload.exp - payload.iat > lifetime) return null;
    return payload as TokenClaims;
  } catch {
    return null;
  }
}

export interface TokenPair {
  access: string;
  refresh: string;
  accessExpires: number;
}

/**
 * Issues an access token and a single-use refresh token (its id stored to allow rotation), both
 * bound to the account's session key: the current one for a sign-in, the spent token's for a
 * rotation (so a rotation that races with the end of every session issues tokens that are already
 * dead, never ones on the new key). `sessionStartedAt` carries a rotated session's sign-in time,
 * so the chain ends at the absolute session lifetime; a rotation names the spent token the new
 * one replaces and is written in the rotation's transaction.
 */
export async function issuePair(
  ctx: AppContext,
  user: AuthUser,
  sessionStartedAt: Date = new Date(),
  sessionKey?: string,
  rotation?: { db: DB; parentJti: string; sessionId: string | undefined },
): Promise<TokenPair> {
  const db = rotation?.db ?? ctx.db;
  const sk =
    sessionKey ?? (await db.selectFrom('users').select('sessionKey').where('email', '=', user.email).executeTakeFirstOrThrow()).sessionKey;
  // A sign-in starts a session; a renewal continues it (a token from before sessions had ids starts one).
  const sid = rotation?.sessionId ?? randomUUID();
  const claims = { user_id: user.email, is_staff: user.isStaff, sk, sid };
  const access = await sign(ctx, { token_type: 'access', ...claims }, ctx.config.accessTokenTtlSeconds);
  const sessionEnds = Math.floor(sessionStartedAt.getTime() / 1000) + ctx.config.sessionMaxAgeSeconds;
  const refreshTtl = Math.max(1, Math.min(ctx.config.refreshTokenTtlSeconds, sessionEnds - Math.floor(Date.now() / 1000)));
  const refresh = await sign(ctx, { token_type: 'refresh', ...claims }, refreshTtl);
  await db
    .insertInto('refreshTokens')
    .values({
      jti: refresh.jti,
      userEmail: user.email,
      expiresAt: new Date(refresh.exp * 1000),
      sessionStartedAt,
      parentJti: rotation?.parentJti ?? null,
      // A renewal's pair is kept as claims, so that a retry of it is answered with the same pair.
      issuedClaims: rotation ? JSON.stringify({ access: access.payload, refresh: refresh.payload }) : null,
    })
    .execute();
  return { access: access.token, refresh: refresh.token, accessExpires: access.exp };
}

/** The pair a renewal issued, signed again from its kept claims; null when they were not kept. */
async function reissuePair(ctx: AppContext, issuedClaims: string | null): Promise<TokenPair | null> {
  if (!issuedClaims) return null;
  const kept = JSON.parse(issuedClaims) as { access: Record<string, unknown> & { exp: number }; refresh: Record<string, unknown> };
  return { access: await signAgain(ctx, kept.access), refresh: await signAgain(ctx, kept.refresh), accessExpires: kept.access.exp };
}

/** What a token is checked against: its account, and the sessions of it that were signed out. */
export interface TokenHolder {
  isActive: boolean;
  sessionKey: string;
  endedSessions: readonly string[];
}

/**
 * Whether a token's account still holds it: active, on the session key the token carries, and its
 * session not signed out.
 */
export const sessionHolds = (account: TokenHolder | undefined, claims: TokenClaims): boolean =>
  !!account && account.isActive && account.sessionKey === claims.sk && !(claims.sid && account.endedSessions.includes(claims.sid));

/** The SQL that reads an account's signed-out sessions beside it (`users` as the outer table). */
export const ENDED_SESSIONS_SQL =
  'ARRAY(SELECT e.session_id::text FROM ended_sessions e WHERE e.user_email = users.email AND e.expires_at > now())';
/** The same as a column of a query on `users`. */
export const endedSessions = sql<string[]>`${sql.raw(ENDED_SESSIONS_SQL)}`.as('endedSessions');

interface LiveRefresh {
  user: AuthUser;
  sessionStartedAt: Date;
}

/**
 * The session a refresh token's claims would renew, or null when it no longer would: its account
 * inactive, gone or on a new session key (password change, deactivation, reuse), the token revoked
 * by sign-out or purged, already spent (`spent: 'refuse'`), or past the absolute session lifetime.
 */
async function liveRefresh(ctx: AppContext, claims: TokenClaims, spent: 'refuse' | 'allow'): Promise<LiveRefresh | null> {
  const user = await ctx.db
    .selectFrom('users')
    .select(['email', 'name', 'isStaff', 'isActive', 'sessionKey', endedSessions])
    .where('email', '=', claims.user_id)
    .executeTakeFirst();
  if (!user || !sessionHolds(user, claims)) return null;
  const row = await ctx.db
    .selectFrom('refreshTokens')
    .select(['userEmail', 'usedAt', 'sessionStartedAt'])
    .where('jti', '=', claims.jti)
    .executeTakeFirst();
  if (!row || row.userEmail !== user.email || (spent === 'refuse' && row.usedAt)) return null;
  const sessionStartedAt = new Date(row.sessionStartedAt);
  if (sessionStartedAt.getTime() + ctx.config.sessionMaxAgeSeconds * 1000 <= Date.now()) return null;
  return { user: { email: user.email, name: user.name, isStaff: user.isStaff }, sessionStartedAt };
}

/**
 * How long a renewal whose answer was lost may be asked again with the same `Idempotency-Key`: a
 * page reloaded in the middle of a renewal asks again within a second or two.
 */
export const REFRESH_RETRY_SECONDS = 30;

const keyHash = (key: string): Buffer => createHash('sha256').update(key).digest();

/** A renewed session: its user and the new token pair. */
export interface Renewal {
  readonly user: AuthUser;
  readonly pair: TokenPair;
}

/**
 * Spends a refresh token and answers its user with a new token pair on the same session (same
 * sign-in time and session key), or null when it would not renew the session (see `liveRefresh`).
 * A token spent before means it may have leaked: every session of the account ends (a new session
 * key, so its access tokens are refused on their next call, and every refresh token deleted). Of
 * two parallel uses only one spends the token (its row stays locked until the new pair is
 * written); the other, finding it spent, ends every session, the winner's pair included.
 *
 * One exception, for a renewal whose answer never reached its caller: the same token with the
 * same `Idempotency-Key` (`attemptKey`) within REFRESH_RETRY_SECONDS of the first renewal, while
 * the pair that renewal issued is still unspent, is answered with that very pair again (signed
 * again from its kept claims). Nothing new is minted and nothing revoked: someone who copied the
 * token and the key from the request gains only what its sender holds too, and the next use of
 * that pair by the second of them is reuse, which ends every session.
 */
export async function renewSession(ctx: AppContext, token: string, attemptKey?: string): Promise<Renewal | null> {
  const claims = await verifyToken(ctx, token, 'refresh');
  if (!claims?.sk) return null;
  const sessionKey = claims.sk;
  // Unknown rows (revoked by sign-out, purged) are not a sign of theft; a spent one is, below.
  const live = await liveRefresh(ctx, claims, 'allow');
  if (!live) return null;
  const presented = attemptKey ? keyHash(attemptKey) : null;
  const outcome = await transaction(ctx.db, async (trx) => {
    const row = await trx
      .selectFrom('refreshTokens')
      .select(['usedAt', 'spentWith'])
      .where('jti', '=', claims.jti)
      .forUpdate()
      .executeTakeFirst();
    if (!row) return null;
    const rotation = { db: trx, parentJti: claims.jti, sessionId: claims.sid };
    if (!row.usedAt) {
      await trx.updateTable('refreshTokens').set({ usedAt: new Date(), spentWith: presented }).where('jti', '=', claims.jti).execute();
      return issuePair(ctx, live.user, live.sessionStartedAt, sessionKey, rotation);
    }
    const retry =
      presented !== null &&
      row.spentWith !== null &&
      row.spentWith.equals(presented) &&
      Date.now() - new Date(row.usedAt).getTime() <= REFRESH_RETRY_SECONDS * 1000;
    if (retry) {
      const successors = await trx
        .selectFrom('refreshTokens')
        .select(['usedAt', 'issuedClaims'])
        .where('parentJti', '=', claims.jti)
        .execute();
      // Signed out (or purged) since: the session is over, but nothing leaked.
      if (successors.length === 0) return null;
      const [successor] = successors;
      // A pair issued before its claims were kept cannot be answered again: refused, but not taken for theft.
      if (successors.length === 1 && !successor!.usedAt) return reissuePair(ctx, successor!.issuedClaims);
    }
    return 'reused' as const;
  });
  if (outcome === 'reused') {
    await endSessions(ctx.db, live.user.email);
    return null;
  }
  return outcome && { user: live.user, pair: outcome };
}

/**
 * Whether a call would accept the token now: an access token as the per-call check does, a
 * refresh token as a renewal would (without spending it). Download tokens are not for calls.
 */
export async function tokenIsLive(ctx: AppContext, claims: TokenClaims): Promise<boolean> {
  if (claims.token_type === 'refresh') return (await liveRefresh(ctx, claims, 'refuse')) !== null;
  if (claims.token_type !== 'access') return false;
  const account = await ctx.db
    .selectFrom('users')
    .select(['isActive', 'sessionKey', endedSessions])
    .where('email', '=', claims.user_id)
    .executeTakeFirst();
  return sessionHolds(account, claims);
}

/**
 * Sign-out: revokes the refresh token and ends its session, so the access tokens it issued are
 * refused from the next call on (on every server once the commit is announced); the account's
 * other sessions go on. Unknown or invalid tokens are ignored.
 */
export async function revokeRefresh(ctx: AppContext, token: string): Promise<void> {
  const claims = await verifyToken(ctx, token, 'refresh');
  if (!claims) return;
  await transaction(ctx.db, async (trx) => {
    await trx.deleteFrom('refreshTokens').where('jti', '=', claims.jti).execute();
    if (!claims.sid) return;
    // Kept until every access token of the session has expired: none is issued after this.
    const expiresAt = new Date(Date.now() + (ctx.config.accessTokenTtlSeconds + CLOCK_TOLERANCE_SECONDS) * 1000);
    // Through the users table: an account deleted meanwhile has no tokens left to refuse (not a foreign-key error).
    await sql`
      INSERT INTO ended_sessions (session_id, user_email, expires_at)
      SELECT ${claims.sid}::uuid, email, ${expiresAt} FROM users WHERE email = ${claims.user_id}
      ON CONFLICT (session_id) DO NOTHING`.execute(trx);
  });
}

/**
 * Ends every session of an account: a new session key (its access tokens stop working at once)
 * and its refresh tokens deleted. Called on any password change and on deactivation.
 */
export async function endSessions(db: DB, email: string): Promise<void> {
  await db.updateTable('users').set({ sessionKey: sql<string>`gen_random_uuid()` }).where('email', '=', email).execute();
  await db.deleteFrom('refreshTokens').where('userEmail', '=', email).execute();
}

/** A download link's token, bound to the export, the user and the account's session key. */
export async function signDownloadToken(ctx: AppContext, exportId: string, email: string): Promise<string> {
  const row = await ctx.db.selectFrom('users').select('sessionKey').where('email', '=', email).executeTakeFirstOrThrow();
  return (await sign(ctx, { token_type: 'download', user_id: email, export_id: exportId, sk: row.sessionKey }, DOWNLOAD_TOKEN_TTL_SECONDS))
    .token;
}
