import { test, before, after, describe } from 'node:test';
import assert from 'node:assert/strict';
import { sql } from 'kysely';
import { startServer, type TestServer } from './helpers.js';
import { seed } from '../src/seed/seed.js';
import { INVOICE_STATUSES, WAYBILL_STATUSES, WORKLOG_ACTIONS } from '@timberlog/contract';

// Its own scope: the servers its hooks start are closed when its tests end, whatever else shares the process (test/run.ts).
describe('seed', () => {
  let a: TestServer;
  let b: TestServer;
  before(async () => {
    a = await startServer({}, { seed: false, workers: false });
    b = await startServer({}, { seed: false, workers: false });
  });
  after(async () => {
    await a.close();
    await b.close();
  });

  const fingerprint = async (s: TestServer) => {
    const out: string[] = [];
    for (const t of ['companies', 'warehouses', 'assortments', 'waybills', 'worklogs', 'invoices', 'workers']) {
      const r = await sql<{ h: string }>`SELECT md5(string_agg(x::text, '|' ORDER BY x::text)) AS h FROM ${sql.table(t)} x`.execute(
        s.ctx.db,
      );
      out.push(`${t}:${r.rows[0]!.h}`);
    }
    return out.join(',');
  };

  test('the demo data is deterministic and covers every status and action', async () => {
    const ra = await seed(a.ctx.db);
    await seed(b.ctx.db);
    assert.equal(await fingerprint(a), await fingerprint(b));
    assert.equal(ra.waybills, 2000);
    assert.equal(ra.worklogs, 5000);
    assert.equal(ra.pendingInvoices.length, 3);
    const db = a.ctx.db;
    const waybillStatuses = (await db.selectFrom('waybills').select('status').distinct().execute()).map((r) => r.status).sort();
    assert.deepEqual(waybillStatuses, [...WAYBILL_STATUSES].sort());
    const actions = (await db.selectFrom('worklogs').select('action').distinct().execute()).map((r) => r.action).sort();
    assert.deepEqual(actions, [...WORKLOG_ACTIONS].sort());
    const invoiceStatuses = await db
      .selectFrom('invoices')
      .select(['status', sql<number>`count(*)::int`.as('n')])
      .groupBy('status')
      .execute();
    assert.deepEqual(invoiceStatuses.map((r) => r.status).sort(), [...INVOICE_STATUSES].sort());
    assert.equal(invoiceStatuses.find((r) => r.status === 'sync_failed')!.n, 1);
    const users = await db.selectFrom('users').select(['isActive', 'isStaff']).execute();
    assert.ok(users.some((u) => u.isStaff && u.isActive) && users.some((u) => !u.isStaff && u.isActive) && users.some((u) => !u.isActive));
    const codes = await db.selectFrom('companies').select('registryCode').execute();
    assert.ok(codes.every((c) => /^\d{8}$/.test(c.registryCode)));
    assert.equal(new Set(codes.map((c) => c.registryCode)).size, codes.length);
    // Invoice totals agree with their waybills.
    const mismatch = await sql<{ number: string }>`
    SELECT i.number FROM invoices i
    WHERE i.net_total <> (SELECT sum(round(q.qty * q.price, 2)) FROM (
      SELECT a.code, sum(b.quantity) AS qty, a.unit_price AS price FROM waybills b JOIN assortments a ON a.code = b.assortment
      WHERE b.invoice = i.number GROUP BY a.code, a.unit_price) q)`.execute(db);
    assert.deepEqual(mismatch.rows, []);
    const workers = await sql<{
      n: number;
    }>`SELECT count(*)::int AS n FROM workers k WHERE k.worklog_count <> (SELECT count(*) FROM worklogs l WHERE l.worker_name = k.worker_name)`.execute(
      db,
    );
    assert.equal(workers.rows[0]!.n, 0);
  });
});
