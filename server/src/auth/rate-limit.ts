import { createHash } from 'node:crypto';
import type pg from 'pg';
import { sql } from 'kysely';
import type { DB } from '../infra/db.js';
import type { AppConfig } from '../infra/config.js';
import { rateLimited } from '../http/errors.js';
import { LIMITS } from '@timberlog/contract';

/**
 * Counters kept in PostgreSQL (`rate_limiter`), shared by every server process. An attempt is
 * counted by one call of `rate_limit_consume` (migration 015), which locks the attempt's keys,
 * reads their counts and counts the attempt on every key only when none is at its limit. So
 * parallel requests cannot all slip past a count read before the slow password hash, and a
 * refused (429) attempt writes nothing: it neither spends the victim's budget nor adds rows.
 */
export interface Limiter {
  /** Counts one attempt on every key; 429 with Retry-After (and nothing counted) when any is at its limit. */
  consume(keys: Record<string, string>): Promise<void>;
  /** Gives the attempt back (a successful sign-in is not a failure). */
  reward(keys: Record<string, string>): Promise<void>;
}

export interface Limits {
  signIn: Limiter;
  forgotPassword: Limiter;
  signUp: Limiter;
  /** Mails of invoices: per account (`account`), and re-sendings per invoice (`invoice`), an hour each. */
  invoiceSend: Limiter;
  /**
   * The keys an attempt on an account from a client address counts on (sign-in, forgot-password,
   * the current password): the account from that address (the strict limit) and the address, and
   * the account from everywhere (the ceiling) only for an address that has not signed in to the
   * account lately. Strangers' guesses fill the ceiling; the owner's own addresses keep their budget.
   */
  accountKeys(email: string, address: string): Promise<Record<string, string>>;
  /** Remembers that `address` signed in to `email` (the ceiling no longer applies to it). */
  rememberAddress(email: string, address: string): Promise<void>;
}

// Emails can be long and should not sit in the table readable: keys are hashed.
const hashKey = (key: string) => createHash('sha256').update(key).digest('base64url');

function limiter(pool: pg.Pool, prefix: string, windowSeconds: number, limits: Record<string, number>): Limiter {
  const rowKey = (name: string, key: string) => `${prefix}:${name}:${hashKey(key)}`;
  return {
    async consume(keys) {
      const entries = Object.entries(keys);
      const { rows } = await pool.query<{ wait: string }>('SELECT rate_limit_consume($1::text[], $2::integer[], $3::bigint) AS wait', [
        entries.map(([name, key]) => rowKey(name, key)),
        entries.map(([name]) => limits[name]!),
        windowSeconds * 1000,
      ]);
      const waitMs = Number(rows[0]!.wait);
      if (waitMs > 0) throw rateLimited(Math.max(1, Math.ceil(waitMs / 1000)));
    },
    async reward(keys) {
      await pool.query('UPDATE rate_limiter SET points = points - 1 WHERE key = ANY($1::text[]) AND points > 0 AND expire > $2', [
        Object.entries(keys).map(([name, key]) => rowKey(name, key)),
        Date.now(),
      ]);
    },
  };
}

const addressKey = (email: string, address: string) => hashKey(`${email}|${address}`);

export function createLimits(pool: pg.Pool, config: AppConfig): Limits {
  const w = config.rateLimitWindowSeconds;
  const accountLimits = {
    accountAddress: config.rateLimitPerAccount,
    account: config.rateLimitAccountCeiling,
    address: config.rateLimitPerAddress,
  };
  return {
    // Strict on the account from one address, a looser ceiling on the account from unknown
    // addresses, and a cap per address across accounts.
    signIn: limiter(pool, 'signin', w, accountLimits),
    forgotPassword: limiter(pool, 'forgot', w, accountLimits),
    signUp: limiter(pool, 'signup', w, { address: config.rateLimitSignupPerAddress }),
    invoiceSend: limiter(pool, 'invoice-send', 3600, {
      account: LIMITS.invoiceSendsPerAccountPerHour,
      invoice: LIMITS.invoiceResendsPerHour,
    }),
    async accountKeys(email, address) {
      const keys = { accountAddress: `${email}|${address}`, address };
      // Known for as long as a session started from it may last.
      const known = await pool.query(
        'SELECT 1 FROM known_sign_in_addresses WHERE key = $1 AND last_sign_in_at > now() - make_interval(secs => $2)',
        [addressKey(email, address), config.sessionMaxAgeSeconds],
      );
      return known.rowCount ? keys : { ...keys, account: email };
    },
    async rememberAddress(email, address) {
      // Through the users table: an account deleted meanwhile is skipped, not a foreign-key error.
      await pool.query(
        'INSERT INTO known_sign_in_addresses (key, user_email) SELECT $1, email FROM users WHERE email = $2 ON CONFLICT (key) DO UPDATE SET last_sign_in_at = now()',
        [addressKey(email, address), email],
      );
    },
  };
}

/** Drops counters whose window has passed (they would only restart at 1) and addresses no longer known. */
export async function purgeRateLimits(db: DB, config: Pick<AppConfig, 'sessionMaxAgeSeconds'>): Promise<void> {
  await sql`DELETE FROM rate_limiter WHERE expire < ${Date.now()}`.execute(db);
  await sql`DELETE FROM known_sign_in_addresses WHERE last_sign_in_at < now() - make_interval(secs => ${config.sessionMaxAgeSeconds})`.execute(
    db,
  );
}
