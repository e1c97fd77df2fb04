import { test, before, after, describe } from 'node:test';
import assert from 'node:assert/strict';
import { sql } from 'kysely';
import { startServer, type TestServer } from './helpers.js';
import { waybillSpec } from '../src/waybills/queries.js';
import { worklogSpec } from '../src/worklogs/queries.js';
import { invoiceSpec } from '../src/invoices/queries.js';
import { exportSpec } from '../src/exports/service.js';
import { userSpec } from '../src/users/queries.js';
import { assortmentSpec, assortmentTypeSpec, companySpec, warehouseSpec, workerSpec } from '../src/reference/queries.js';
import { listConds, type ListSpec } from '../src/list/index.js';
import { orderBy } from '../src/list/order.js';

// Its own scope: the servers its hooks start are closed when its tests end, whatever else shares the process (test/run.ts).
describe('indexes', () => {
  let s: TestServer;
  before(async () => {
    s = await startServer({}, { seed: false, workers: false });
  });
  after(async () => {
    await s.close();
  });

  const TABLES: Record<string, string> = {
    b: 'waybills',
    l: 'worklogs',
    i: 'invoices',
    e: 'export_requests',
    a: 'assortments',
    t: 'assortment_types',
    c: 'companies',
    w: 'warehouses',
    k: 'workers',
  };
  const SPECS: ListSpec[] = [
    waybillSpec,
    worklogSpec,
    invoiceSpec,
    exportSpec,
    userSpec,
    assortmentSpec,
    assortmentTypeSpec,
    companySpec,
    warehouseSpec,
    workerSpec,
  ];

  test('every sort field of every list contract is a column that leads some index', async () => {
    const rows = await sql<{
      table: string;
      def: string;
    }>`SELECT tablename AS table, indexdef AS def FROM pg_indexes WHERE schemaname = 'public'`.execute(s.ctx.db);
    const leading = new Set<string>();
    for (const r of rows.rows) {
      const m = r.def.match(/\("?(\w+)/);
      if (m) leading.add(`${r.table}.${m[1]}`);
    }
    const missing: string[] = [];
    for (const spec of SPECS) {
      for (const field of spec.list.sort) {
        const expr = spec.columns[field]!;
        // The user list reads one table without an alias.
        const [alias, col] = expr.includes('.') ? expr.split('.') : ['', expr];
        const key = `${alias ? TABLES[alias] : 'users'}.${col}`;
        if (!leading.has(key)) missing.push(`${spec.list.path} ${field}: ${key}`);
      }
    }
    assert.deepEqual(missing, []);
  });

  test('search runs on a trigram index wherever the searched fields live in one table', async () => {
    // The invoice list also searches the customer's name, in another table.
    const indexed = SPECS.filter((spec) => spec.searchExpr && spec !== invoiceSpec);
    assert.equal(indexed.length, 8);
    await s.ctx.db.transaction().execute(async (trx) => {
      await sql`SET LOCAL enable_seqscan = off`.execute(trx);
      for (const spec of indexed) {
        const where = sql`WHERE ${sql.join(listConds(spec, { search: 'abc' }), sql` AND `)}`;
        const plan = await sql<{ 'QUERY PLAN': string }>`EXPLAIN SELECT count(*) FROM ${spec.countFrom ?? spec.from} ${where}`.execute(trx);
        const text = plan.rows.map((r) => r['QUERY PLAN']).join('\n');
        assert.match(text, /_search_idx/, `${spec.list.path}: ${text}`);
      }
    });
  });

  test("a page by mileage, of one status in a quarter or of every waybill, is read in order off an index: no sort of a mileage's ties", async () => {
    const plans: string[] = [];
    await s.ctx.db.transaction().execute(async (trx) => {
      // The tables are nearly empty here: the planner is told to read in order where it can.
      await sql`SET LOCAL enable_seqscan = off; SET LOCAL enable_sort = off; SET LOCAL enable_incremental_sort = off`.execute(trx);
      for (const q of [
        { status: 'delivered', transportDateAfter: '2026-07-01', transportDateBefore: '2026-09-30', sort: ['mileage'] },
        { status: 'delivered', transportDateAfter: '2026-07-01', transportDateBefore: '2026-09-30', sort: ['-mileage'] },
        { sort: ['-mileage'] },
      ]) {
        const where = sql`WHERE ${sql.join([sql`true`, ...listConds(waybillSpec, q)], sql` AND `)}`;
        const plan = await sql<{ 'QUERY PLAN': string }>`EXPLAIN SELECT b.number FROM waybills b ${where}
          ORDER BY ${orderBy(waybillSpec, q.sort)} LIMIT 25 OFFSET 7475`.execute(trx);
        plans.push(plan.rows.map((r) => r['QUERY PLAN']).join('\n'));
      }
    });
    for (const text of plans) {
      assert.match(text, /Index Only Scan( Backward)? using waybills_(status_)?mileage/, text);
      assert.doesNotMatch(text, /Sort/, text);
    }
  });

  test('no index leads with a yes/no column unless a list sorts by that column', async () => {
    const rows = await sql<{ table: string; name: string; column: string }>`
    SELECT t.relname AS table, i.relname AS name, a.attname AS column
    FROM pg_index x
    JOIN pg_class i ON i.oid = x.indexrelid
    JOIN pg_class t ON t.oid = x.indrelid
    JOIN pg_namespace n ON n.oid = t.relnamespace AND n.nspname = 'public'
    JOIN pg_attribute a ON a.attrelid = t.oid AND a.attnum = x.indkey[0]
    WHERE a.atttypid = 'boolean'::regtype`.execute(s.ctx.db);
    const sorted = new Set<string>();
    for (const spec of SPECS) {
      for (const field of spec.list.sort) {
        const expr = spec.columns[field]!;
        const [alias, col] = expr.includes('.') ? expr.split('.') : ['', expr];
        sorted.add(`${alias ? TABLES[alias] : 'users'}.${col}`);
      }
    }
    assert.deepEqual(
      rows.rows.filter((r) => !sorted.has(`${r.table}.${r.column}`)).map((r) => r.name),
      [],
    );
  });
});
