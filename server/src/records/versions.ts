import { sql, type Transaction } from 'kysely';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { UNCONFLICTING_VIA, versionConflictDetail, type Locale } from '@timberlog/contract';
import type { Database } from '../infra/db.js';
import { ApiError, notFound } from '../http/errors.js';

/**
 * Optimistic concurrency (docs/decisions/0009-record-versions.md): every edited record carries a
 * `version` the database moves with each change. Detail answers carry it as the ETag; every write
 * to an existing record must send `If-Match` with the version it read: without one (or with `*`,
 * which names no version) it is refused with 428, and with another version than the record's, or
 * a weak tag, with 412.
 */

/** What an If-Match header asks: undefined without one; '*' any version; a number; NaN for a value no version matches. */
export function ifMatch(request: FastifyRequest): number | '*' | undefined {
  const raw = request.headers['if-match'];
  if (raw === undefined) return undefined;
  const value = (Array.isArray(raw) ? raw.join(',') : raw).trim();
  if (value === '') return undefined;
  if (value === '*') return '*';
  // Only a strong tag: a write compares strongly (RFC 9110 13.1.1), and a weak tag (W/"12") never
  // matches there, so it gets the 412 a stale version gets.
  const m = /^"(\d{1,9})"$/.exec(value);
  return m ? Number(m[1]) : Number.NaN;
}

/**
 * 428: a write to an existing record that names no version. `*` is refused as well: it would let
 * a client write over changes it never saw, which is what the version is there to stop.
 */
export const versionRequired = () => new ApiError(428, { key: 'record.versionRequired' });

/** Refuses a request that names no version of the record it writes (before anything else is read or checked). */
export function requireIfMatch(request: FastifyRequest): void {
  const wanted = ifMatch(request);
  if (wanted === undefined || wanted === '*') throw versionRequired();
}

/** The ETag of a record's version. */
export const etagOf = (version: number): string => `"${version}"`;

/** Sets the answer's ETag from the record and gives the record back. */
export function withEtag<T extends { version: number }>(reply: FastifyReply, record: T): T {
  reply.header('ETag', etagOf(record.version));
  return record;
}

/** Who last changed a record and when: the 412's message names them. */
export interface LastChange {
  readonly version: number;
  readonly lastModifiedAt: string;
  /** The name of the account the change was made for; null for the system (a job). */
  readonly lastModifiedByName: string | null;
}

/** 412: the record moved on since the version the client read. Answers who changed it, when, and the record as it is now. */
export class VersionConflict extends ApiError {
  constructor(
    private readonly change: LastChange,
    private readonly current: unknown,
  ) {
    super(412, { key: 'record.changed' }, undefined, undefined, { ETag: etagOf(change.version) });
  }

  override body(locale: Locale): Record<string, unknown> {
    return { detail: versionConflictDetail(locale, this.change.lastModifiedByName, this.change.lastModifiedAt), current: this.current };
  }
}

/** The history's name of the records of each table whose records can change without a person (EVR's exchange). */
const EXCHANGED: Partial<Record<keyof typeof VERSIONED, string>> = { waybills: 'waybill' };

/**
 * Whether the record moved on from `expected` only by changes that do not conflict with a
 * person's write (the contract's UNCONFLICTING_VIA: EVR's answers, which write only its EVR
 * columns). Every change a person makes is in the history; a version moved with no history entry
 * changed no recorded column (only EVR's own times and errors, or nothing at all). A version the
 * record never had (ahead of it, or not a whole number) is never accepted.
 */
export async function movedOnlyUnconflicting(
  trx: Transaction<Database>,
  table: keyof typeof VERSIONED,
  key: string | number,
  expected: number,
  current: number,
): Promise<boolean> {
  const entity = EXCHANGED[table];
  if (!entity || !Number.isInteger(expected) || expected < 1 || expected >= current) return false;
  const { rows } = await sql<{ ok: boolean }>`
    SELECT NOT EXISTS (
      SELECT 1 FROM history WHERE entity = ${entity} AND record_key = ${String(key)} AND version > ${expected}
        AND via <> ALL (${[...UNCONFLICTING_VIA]}::text[])) AS ok`.execute(trx);
  return rows[0]?.ok === true;
}

/**
 * 412 unless `expected` is the record's version or the record moved on since only by changes that
 * do not conflict with it (`movedOnlyUnconflicting`): a person's If-Match, or a bulk row's version.
 */
export async function checkExpectedOf(
  trx: Transaction<Database>,
  table: keyof typeof VERSIONED,
  key: string | number,
  expected: number,
  change: LastChange,
  load: () => Promise<unknown>,
): Promise<void> {
  if (expected === change.version || (await movedOnlyUnconflicting(trx, table, key, expected, change.version))) return;
  throw new VersionConflict(change, await load());
}

/** The tables whose records carry a version (migration 021), with their key column. */
export const VERSIONED = {
  waybills: 'number',
  worklogs: 'number',
  invoices: 'number',
  users: 'email',
  assortment_types: 'id',
  assortments: 'code',
  companies: 'registry_code',
  warehouses: 'id',
  workers: 'worker_name',
  saved_views: 'id',
} as const;

/**
 * Locks a record for this transaction's write and reads its version and last change, plus the
 * `columns` asked for (as the API names them: `workerName`); undefined when there is no such record.
 */
export async function lockRecord<C extends string = never>(
  trx: Transaction<Database>,
  table: keyof typeof VERSIONED,
  key: string | number,
  columns: readonly C[] = [],
): Promise<(LastChange & Record<C, string>) | undefined> {
  // The names as the rows come back (camelCase, by the query builder's plugin); the columns are snake_case.
  const extra = columns.map((c) => sql`, r.${sql.ref(c.replace(/[A-Z]/g, (l) => `_${l.toLowerCase()}`))}`);
  const row = await sql<LastChange & Record<C, string>>`
    SELECT r.version, r.last_modified_at AS "lastModifiedAt", coalesce(nullif(u.name, ''), r.last_modified_by) AS "lastModifiedByName" ${sql.join(extra, sql``)}
    FROM ${sql.table(table)} r LEFT JOIN users u ON u.email = r.last_modified_by
    WHERE r.${sql.ref(VERSIONED[table])} = ${key}
    FOR UPDATE OF r`.execute(trx);
  return row.rows[0];
}

/**
 * The start of every write to a versioned record: locks it, answers 404 when it is gone, 428
 * without a version in If-Match and 412 when it names another version (unless only EVR's answers
 * moved it since: `movedOnlyUnconflicting`) (`load` reads it as a GET would, for the 412), and gives
 * the locked record's version and last change, plus the `columns` asked for.
 */
export async function lockForWrite<C extends string = never>(
  request: FastifyRequest,
  trx: Transaction<Database>,
  table: keyof typeof VERSIONED,
  key: string | number,
  load: () => Promise<unknown>,
  columns: readonly C[] = [],
): Promise<LastChange & Record<C, string>> {
  const current = await lockRecord(trx, table, key, columns);
  if (!current) throw notFound();
  requireIfMatch(request);
  await checkExpectedOf(trx, table, key, ifMatch(request) as number, current, load);
  return current;
}
