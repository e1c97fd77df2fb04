import { createHash } from 'node:crypto';
import pg from 'pg';
import { CamelCasePlugin, Kysely, PostgresDialect, sql, type ColumnType } from 'kysely';
import type { DB as GeneratedDatabase } from './db-types.js';

// Dates stay 'YYYY-MM-DD' strings and numerics stay decimal strings (never floats).
pg.types.setTypeParser(1082, (v) => v);
pg.types.setTypeParser(20, (v) => Number(v));
// Timestamps travel as ISO 8601 strings in UTC, as Date#toISOString writes them (milliseconds, `Z`).
// The connections' TimeZone is UTC, so PostgreSQL writes `2026-11-20 08:15:00.123456+00`: that
// is rewritten as text (a list page has dozens); anything else goes through Date.
const UTC_STAMP = /^(\d{4}-\d\d-\d\d) (\d\d:\d\d:\d\d)(?:\.(\d{1,6}))?\+00$/;
export const parseTimestamp = (v: string): string => {
  const m = UTC_STAMP.exec(v);
  if (m) return `${m[1]}T${m[2]}.${((m[3] ?? '') + '000').slice(0, 3)}Z`;
  return new Date(v.replace(' ', 'T').replace(/([+-]\d\d)$/, '$1:00')).toISOString();
};
pg.types.setTypeParser(1184, parseTimestamp);

/**
 * The column types the generated db-types.ts gives to what the parsers above change (the type
 * mapping in scripts/schema.ts names them): `timestamptz` reads as an ISO 8601 string and takes a
 * Date or such a string; `bigint` reads as a number.
 */
export type IsoTimestamp = ColumnType<string, Date | string, Date | string>;
export type Int8Number = ColumnType<number, bigint | number | string, bigint | number | string>;

/** A line of an invoice, as `invoices.lines` keeps them (JSON). */
export interface InvoiceLine {
  assortment: string;
  assortmentName: string;
  quantity: string;
  unit: string;
  unitPrice: string;
  amount: string;
}

/**
 * The tables, generated from the migrated schema (db-types.ts, written by `npm run schema -w
 * server`), with the camel-cased names of the CamelCasePlugin.
 */
export type Database = GeneratedDatabase;

export type DB = Kysely<Database>;

export function createDb(connectionString: string, max = 10): { db: DB; pool: pg.Pool } {
  const pool = new pg.Pool({ connectionString, max, options: '-c TimeZone=UTC' });
  // An idle connection dropped by the server (shutdown, restart) must not crash the process.
  pool.on('error', () => undefined);
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }), plugins: [new CamelCasePlugin()] });
  return { db, pool };
}

/**
 * A second pool, for list statements whose best plan does not hang on their values (the list's
 * `planOnce`): its connections keep one plan per prepared statement (plan_cache_mode
 * force_generic_plan). PostgreSQL would otherwise plan such a page again on every call, because it
 * prices a plan made without the page's offset as if it skipped a tenth of the table; the planning
 * cost as much as running it (docs/decisions/0024). Connections open as needed, like the main pool's.
 */
export function createPlannedOncePool(connectionString: string, max = 10): pg.Pool {
  const pool = new pg.Pool({ connectionString, max, options: '-c TimeZone=UTC -c plan_cache_mode=force_generic_plan' });
  pool.on('error', () => undefined);
  return pool;
}

/**
 * Runs `text` as a named prepared statement: each pooled connection parses it once and PostgreSQL
 * may keep its plan, instead of parsing and planning it on every call. For the few statements of
 * every request (the caller's account); `name` must stay unique to `text`.
 */
export async function preparedQuery<R extends pg.QueryResultRow>(
  pool: pg.Pool,
  name: string,
  text: string,
  values: unknown[],
): Promise<R[]> {
  return (await pool.query<R>({ name, text, values })).rows;
}

/** How many statement texts `reusedQuery` names: each pooled connection may keep that many prepared. */
const NAMED_STATEMENTS_MAX = 64;
const statementNames = new Map<string, string>();

/**
 * Runs a statement whose text recurs (a list's query for one combination of filters and sort, the
 * values being parameters) as a named prepared statement, so each connection parses it once and
 * PostgreSQL may reuse its plan: a list page's parse and plan cost more than running it. The first
 * NAMED_STATEMENTS_MAX texts the process sees get names; later ones run unnamed, so no caller can
 * make the database's connections keep an unbounded number of statements.
 */
export async function reusedQuery<R extends pg.QueryResultRow>(pool: pg.Pool, text: string, values: readonly unknown[]): Promise<R[]> {
  let name = statementNames.get(text);
  if (!name && statementNames.size < NAMED_STATEMENTS_MAX)
    statementNames.set(text, (name = `s${statementNames.size + 1}_${createHash('sha1').update(text).digest('hex').slice(0, 12)}`));
  return (await pool.query<R>(name ? { name, text, values: values as unknown[] } : { text, values: values as unknown[] })).rows;
}

/** Advisory lock keys: start-up work that one process at a time may do on a shared database. */
export const LOCKS = { migrate: 724001, seed: 724002, jobQueues: 724003, evrPoll: 724004 } as const;

/**
 * Runs `fn` while holding a PostgreSQL advisory lock (on a connection of its own), so processes
 * starting together on one database take turns.
 */
export async function withAdvisoryLock<T>(pool: pg.Pool, key: number, fn: () => Promise<T>): Promise<T> {
  const client = await pool.connect();
  try {
    await client.query('SELECT pg_advisory_lock($1)', [key]);
    return await fn();
  } finally {
    await client.query('SELECT pg_advisory_unlock($1)', [key]).catch(() => undefined);
    client.release();
  }
}

export { sql };
