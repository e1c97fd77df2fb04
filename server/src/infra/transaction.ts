import { setTimeout as sleep } from 'node:timers/promises';
import { sql, type Transaction } from 'kysely';
import type { HistoryVia } from '@timberlog/contract';
import type { Database, DB } from './db.js';
import { databaseBusy } from '../http/errors.js';

/**
 * PostgreSQL's answers that say "run it again": a serialization failure and a deadlock. Writers
 * that meet on the same counter shard or row can get them; the transaction did nothing, so
 * running it again is safe and usually succeeds.
 */
export const RETRYABLE_CODES: ReadonlySet<string> = new Set(['40001', '40P01']);

/** How many times a transaction runs before the answer is a 503 (the first run included). */
export const TRANSACTION_ATTEMPTS = 4;

export const isRetryable = (err: unknown): boolean => {
  const code = (err as { code?: unknown } | null)?.code;
  return typeof code === 'string' && RETRYABLE_CODES.has(code);
};

/** How a change reached the server, as its history records it. */
export type ChangeVia = HistoryVia;

export interface TransactionOptions {
  /** The account the writes are made for (its email); none: the system (a job, a script). */
  readonly actor?: string;
  /** How the change came: the web app, another API client, an import, a bulk action, a job. */
  readonly via?: ChangeVia;
  /** Why, when the person said (a correction's reason): kept in the history. */
  readonly reason?: string;
}

/**
 * Runs `work` in one transaction, running it again (up to TRANSACTION_ATTEMPTS times in all) when
 * PostgreSQL answers a serialization failure or a deadlock, after a short random pause (full
 * jitter, growing: 0-20 ms, 0-40 ms, 0-80 ms) so the writers that met do not meet again. When every
 * attempt fails so, a 503 with Retry-After. The one place such failures are retried: every
 * multi-row write goes through here. `work` must do nothing outside the database that a second
 * run would repeat.
 */
export async function transaction<T>(db: DB, work: (trx: Transaction<Database>) => Promise<T>, opts: TransactionOptions = {}): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await db.transaction().execute(async (trx) => {
        // Read by the database's triggers: who a record's new version and history are written for.
        if (opts.actor || opts.via || opts.reason) {
          await sql`SELECT set_config('timberlog.actor', ${opts.actor ?? ''}, true), set_config('timberlog.via', ${opts.via ?? ''}, true),
            set_config('timberlog.reason', ${opts.reason ?? ''}, true)`.execute(trx);
        }
        return work(trx);
      });
    } catch (err) {
      if (!isRetryable(err)) throw err;
      if (attempt >= TRANSACTION_ATTEMPTS) throw databaseBusy();
      await sleep(Math.random() * 10 * 2 ** attempt);
    }
  }
}
