import { test, before, after, describe } from 'node:test';
import assert from 'node:assert/strict';
import { sql } from 'kysely';
import {
  EXPORT_FORMATS,
  EXPORT_KINDS,
  INVOICE_STATUSES,
  INVOICE_SYNC_FAILURES,
  LOCALES,
  SPECIES,
  THEMES,
  UNITS,
  WAYBILL_STATUSES,
  WORKLOG_ACTIONS,
} from '@timberlog/contract';
import { startServer, type TestServer } from './helpers.js';

// Its own scope: the servers its hooks start are closed when its tests end, whatever else shares the process (test/run.ts).
describe('enum-checks', () => {
  let s: TestServer;
  before(async () => {
    s = await startServer({}, { seed: false, workers: false });
  });
  after(async () => {
    await s.close();
  });

  /** Every column that holds one of the contract's enumerations, with that enumeration. */
  const ENUM_COLUMNS: [table: string, column: string, values: readonly string[]][] = [
    ['waybills', 'status', WAYBILL_STATUSES],
    ['worklogs', 'action', WORKLOG_ACTIONS],
    ['invoices', 'status', INVOICE_STATUSES],
    ['invoices', 'sync_failure', INVOICE_SYNC_FAILURES],
    ['assortments', 'species', SPECIES],
    ['assortments', 'unit', UNITS],
    ['export_requests', 'kind', EXPORT_KINDS],
    ['export_requests', 'format', EXPORT_FORMATS],
    ['export_requests', 'locale', LOCALES],
    ['users', 'locale', LOCALES],
    ['users', 'theme', THEMES],
  ];

  test('the database refuses every value the contract does not list, and allows every one it does, column by column', async () => {
    for (const [table, column, values] of ENUM_COLUMNS) {
      const rows = await sql<{ def: string; validated: boolean }>`
      SELECT pg_get_constraintdef(c.oid) AS def, c.convalidated AS validated FROM pg_constraint c
      WHERE c.conrelid = ${table}::regclass AND c.contype = 'c' AND c.conname = ${`${table}_${column}_check`}`.execute(s.ctx.db);
      const check = rows.rows[0];
      assert.ok(check, `${table}.${column} has a CHECK constraint`);
      assert.equal(check.validated, true, `${table}.${column}: validated`);
      // PostgreSQL writes IN (...) back as `col = ANY (ARRAY['a'::text, ...])`.
      const allowed = [...check.def.matchAll(/'([^']*)'::text/g)].map((m) => m[1]);
      assert.deepEqual([...allowed].sort(), [...values].sort(), `${table}.${column} allows exactly the contract's values`);
    }
  });

  test('a value outside the contract is refused by the database itself; one inside is taken', async () => {
    await sql`INSERT INTO users (email, name, password_hash) VALUES ('enum@example.com', 'Enum', 'x')`.execute(s.ctx.db);
    const insert = (format: string) =>
      sql`INSERT INTO export_requests (id, kind, format, user_email) VALUES (gen_random_uuid(), 'waybill_report', ${format}, 'enum@example.com')`.execute(
        s.ctx.db,
      );
    await assert.rejects(
      insert('pdf'),
      (err: { code?: string; constraint?: string }) => err.code === '23514' && err.constraint === 'export_requests_format_check',
    );
    await insert('csv');
  });
});
