import { randomUUID } from 'node:crypto';
import { SignJWT, jwtVerify, type JWTPayload } from 'jose';
import type { AppContext, AuthUser } from '../shared/context.js';

export interface TokenClaims extends JWTPayload {
  token_type: 'access' | 'refresh' | 'download';
  user_id: string;
  is_staff?: boolean;
}

async function sign(ctx: AppContext, claims: Record<string, unknown>, ttlSeconds: number, jti: string = randomUUID()) {
  const now = Math.floor(Date.now() / 1000);
  const token = await new SignJWT(claims)
    .setProtectedHeader({ alg: 'RS256', typ: 'JWT' })
    .setIssuedAt(now)
    .setExpirationTime(now + ttlSeconds)
    .setJti(jti)
    .sign(ctx.keys.privateKey);
  return { token, exp: now + ttlSeconds, jti };
}

export async function verifyToken(ctx: AppContext, token: string): Promise<TokenClaims | null> {
  try {
    const { payload } = await jwtVerify(token, ctx.keys.publicKey, { algorithms: ['RS256'] });
    if (typeof payload.user_id !== 'string' || typeof payload.token_type !== 'string' || typeof payload.jti !== 'string') return null;
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

/** Issues an access token and a single-use refresh token (its id stored to allow rotation). */
export async function issuePair(ctx: AppContext, user: AuthUser): Promise<TokenPair> {
  const access = await sign(ctx, { token_type: 'access', user_id: user.email, is_staff: user.isStaff }, ctx.config.accessTokenTtlSeconds);
  const refresh = await sign(ctx, { token_type: 'refresh', user_id: user.email, is_staff: user.isStaff }, ctx.config.refreshTokenTtlSeconds);
  await ctx.db
    .insertInto('refreshTokens')
    .values({ jti: refresh.jti, userEmail: user.email, expiresAt: new Date(refresh.exp * 1000) })
    .execute();
  return { access: access.token, refresh: refresh.token, accessExpires: access.exp };
}

/**
 * Consumes a refresh token and returns its user, or null when it is invalid, expired, already
 * used (then every refresh token of that user is revoked: reuse means it may have leaked) or
 * its user is no longer active.
 */
export async function consumeRefresh(ctx: AppContext, token: string): Promise<AuthUser | null> {
  const claims = await verifyToken(ctx, token);
  if (!claims || claims.token_type !== 'refresh' || !claims.jti) return null;
  const used = await ctx.db
    .updateTable('refreshTokens')
    .set({ usedAt: new Date() })
    .where('jti', '=', claims.jti)
    .where('usedAt', 'is', null)
    .returning('userEmail')
    .executeTakeFirst();
  if (!used) {
    await ctx.db.updateTable('refreshTokens').set({ usedAt: new Date() }).where('userEmail', '=', claims.user_id).where('usedAt', 'is', null).execute();
    return null;
  }
  const user = await ctx.db.selectFrom('users').select(['email', 'name', 'isStaff', 'isActive']).where('email', '=', used.userEmail).executeTakeFirst();
  if (!user || !user.isActive) return null;
  return { email: user.email, name: user.name, isStaff: user.isStaff };
}

export async function signDownloadToken(ctx: AppContext, exportId: string, email: string): Promise<string> {
  return (await sign(ctx, { token_type: 'download', user_id: email, export_id: exportId }, 600)).token;
}
