import { sql } from 'kysely';
import type { DB } from '../shared/db.js';
import { rateLimited } from '../shared/errors.js';

/** Fixed-window counters kept in PostgreSQL, so every server process shares them. */
export async function assertNotLimited(db: DB, keys: { key: string; limit: number }[], windowSeconds: number): Promise<void> {
  for (const { key, limit } of keys) {
    const row = await sql<{ count: number; remaining: number }>`
      SELECT count, ceil(extract(epoch FROM (window_start + make_interval(secs => ${windowSeconds}) - now())))::int AS remaining
      FROM rate_limits WHERE key = ${key} AND window_start > now() - make_interval(secs => ${windowSeconds})`.execute(db);
    const hit = row.rows[0];
    if (hit && hit.count >= limit) throw rateLimited(Math.max(1, hit.remaining));
  }
}

export async function recordAttempt(db: DB, keys: string[], windowSeconds: number): Promise<void> {
  for (const key of keys) {
    await sql`
      INSERT INTO rate_limits (key, window_start, count) VALUES (${key}, now(), 1)
      ON CONFLICT (key) DO UPDATE SET
        count = CASE WHEN rate_limits.window_start <= now() - make_interval(secs => ${windowSeconds}) THEN 1 ELSE rate_limits.count + 1 END,
        window_start = CASE WHEN rate_limits.window_start <= now() - make_interval(secs => ${windowSeconds}) THEN now() ELSE rate_limits.window_start END`.execute(db);
  }
}

/** Drops counters whose window has long passed (they would only restart at 1). */
export async function purgeRateLimits(db: DB, windowSeconds: number): Promise<void> {
  await sql`DELETE FROM rate_limits WHERE window_start < now() - make_interval(secs => ${windowSeconds * 2})`.execute(db);
}
