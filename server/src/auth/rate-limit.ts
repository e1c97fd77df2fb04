import { createHash } from 'node:crypto';
import type pg from 'pg';
import { RateLimiterPostgres, RateLimiterRes } from 'rate-limiter-flexible';
import { sql } from 'kysely';
import type { DB } from '../shared/db.js';
import type { AppConfig } from '../shared/config.js';
import { rateLimited } from '../shared/errors.js';

/**
 * Counters kept in PostgreSQL by rate-limiter-flexible, shared by every server process. Each
 * attempt is counted first, by one `INSERT ... ON CONFLICT DO UPDATE ... RETURNING points`, and
 * refused when the returned count is over the limit, so parallel requests cannot all slip past a
 * count read before the slow password hash.
 */
export interface Limiter {
  /** Counts one attempt on every key; 429 with Retry-After when any is over its limit. */
  consume(keys: Record<string, string>): Promise<void>;
  /** Gives the attempt back (a successful sign-in is not a failure). */
  reward(keys: Record<string, string>): Promise<void>;
}

export interface Limits {
  signIn: Limiter;
  forgotPassword: Limiter;
  signUp: Limiter;
}

// Emails can be long and should not sit in the table readable: keys are hashed.
const hashKey = (key: string) => createHash('sha256').update(key).digest('base64url');

function limiter(pool: pg.Pool, prefix: string, windowSeconds: number, limits: Record<string, number>): Limiter {
  const stores = Object.fromEntries(Object.entries(limits).map(([name, points]) => [
    name,
    new RateLimiterPostgres({ storeClient: pool, storeType: 'pool', tableName: 'rate_limiter', tableCreated: true, clearExpiredByTimeout: false, keyPrefix: `${prefix}:${name}`, points, duration: windowSeconds }),
  ]));
  return {
    async consume(keys) {
      let retryMs = 0;
      // Every key is counted (even after one is over), so a refused attempt still counts everywhere.
      await Promise.all(Object.entries(keys).map(async ([name, key]) => {
        try {
          await stores[name]!.consume(hashKey(key));
        } catch (res) {
          if (!(res instanceof RateLimiterRes)) throw res;
          retryMs = Math.max(retryMs, res.msBeforeNext);
        }
      }));
      if (retryMs > 0) throw rateLimited(Math.max(1, Math.ceil(retryMs / 1000)));
    },
    async reward(keys) {
      await Promise.all(Object.entries(keys).map(([name, key]) => stores[name]!.reward(hashKey(key))));
    },
  };
}

export function createLimits(pool: pg.Pool, config: AppConfig): Limits {
  const w = config.rateLimitWindowSeconds;
  return {
    // Strict on the account from one address, a looser ceiling on the account from anywhere,
    // and a cap per address across accounts.
    signIn: limiter(pool, 'signin', w, { accountAddress: config.rateLimitPerAccount, account: config.rateLimitAccountCeiling, address: config.rateLimitPerAddress }),
    forgotPassword: limiter(pool, 'forgot', w, { accountAddress: config.rateLimitPerAccount, account: config.rateLimitAccountCeiling, address: config.rateLimitPerAddress }),
    signUp: limiter(pool, 'signup', w, { address: config.rateLimitSignupPerAddress }),
  };
}

/** Drops counters whose window has passed (they would only restart at 1). */
export async function purgeRateLimits(db: DB): Promise<void> {
  await sql`DELETE FROM rate_limiter WHERE expire < ${Date.now()}`.execute(db);
}
