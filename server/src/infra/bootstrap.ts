import type { FastifyBaseLogger } from 'fastify';
import type { AppConfig } from './config.js';
import type { AppContext } from './context.js';
import { createDb, createPlannedOncePool, LOCKS, withAdvisoryLock } from './db.js';
import { migrate, pendingMigrations } from './migrate.js';
import { ensureKeys } from './keys.js';
import { createMailer } from './mail.js';
import { createJobs } from './jobs.js';
import { createLimits } from '../auth/rate-limit.js';
import { followAccountChanges, UserCache } from '../auth/user-cache.js';
import { Listener } from './listener.js';
import { EventHub } from '../events/hub.js';

/**
 * Connects to the database, applies migrations (or, with `migrate: false`, stops when any is
 * pending), loads keys and starts the job queue.
 */
export async function createContext(
  config: AppConfig,
  databaseUrl: string,
  log: FastifyBaseLogger,
  opts: { migrate?: boolean } = {},
): Promise<AppContext> {
  const { db, pool } = createDb(databaseUrl);
  try {
    if (opts.migrate ?? true)
      await migrate(pool, { log: { info: (m) => log.info(m), warn: (m) => log.warn(m), error: (m) => log.error(m) } });
    else {
      const pending = await pendingMigrations(pool);
      if (pending.length > 0) {
        throw new Error(
          `The database lacks ${pending.length} migration(s) (${pending.join(', ')}). Run the release step \`npm run migrate -w server\` with this DATABASE_URL first, or start with MIGRATE_ON_START=true.`,
        );
      }
    }
  } catch (err) {
    await db.destroy().catch(() => undefined);
    throw err;
  }
  const keys = await ensureKeys(config);
  // pg-boss makes a new queue's table in a transaction that deadlocks with another process making
  // the same queue: processes starting together on a fresh database take turns.
  const jobs = await withAdvisoryLock(pool, LOCKS.jobQueues, () =>
    createJobs(databaseUrl, log, { exportExpireSeconds: config.exportJobExpireSeconds }),
  );
  const accounts = new UserCache();
  // One LISTEN connection for the instance: the account cache's channel and the live events'.
  const listener = new Listener(databaseUrl, log);
  followAccountChanges(listener, accounts);
  const events = new EventHub(listener);
  await listener.start();
  return {
    config,
    db,
    pool,
    plannedOnce: createPlannedOncePool(databaseUrl),
    keys,
    mailer: createMailer(config, log),
    jobs,
    log,
    limits: createLimits(pool, config),
    accounts,
    events,
    listener,
  };
}

export async function closeContext(ctx: AppContext): Promise<void> {
  await ctx.listener.stop().catch(() => undefined);
  await ctx.jobs.stop().catch(() => undefined);
  await ctx.db.destroy().catch(() => undefined);
  await ctx.plannedOnce.end().catch(() => undefined);
}
