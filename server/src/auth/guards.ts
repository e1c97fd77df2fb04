import type { FastifyRequest } from 'fastify';
import { forbidden, notAuthenticated, tokenInvalid } from '../shared/errors.js';
import type { AuthUser } from '../shared/context.js';
import { verifyToken } from './tokens.js';

/** Resolves the bearer token to an active user; null when no Authorization header was sent. */
export async function authenticate(request: FastifyRequest): Promise<AuthUser | null> {
  const header = request.headers.authorization;
  if (!header) return null;
  const [scheme, token] = header.split(' ');
  if (scheme !== 'Bearer' || !token) throw tokenInvalid();
  const ctx = request.server.ctx;
  const claims = await verifyToken(ctx, token);
  if (!claims || claims.token_type !== 'access') throw tokenInvalid();
  const user = await ctx.db.selectFrom('users').select(['email', 'name', 'isStaff', 'isActive']).where('email', '=', claims.user_id).executeTakeFirst();
  if (!user || !user.isActive) throw tokenInvalid();
  return { email: user.email, name: user.name, isStaff: user.isStaff };
}

export async function requireUser(request: FastifyRequest): Promise<void> {
  const user = await authenticate(request);
  if (!user) throw notAuthenticated();
  request.user = user;
}

export async function requireStaff(request: FastifyRequest): Promise<void> {
  await requireUser(request);
  if (!request.user?.isStaff) throw forbidden();
}

export function currentUser(request: FastifyRequest): AuthUser {
  if (!request.user) throw notAuthenticated();
  return request.user;
}
