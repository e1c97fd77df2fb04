import { test, before, after, describe } from 'node:test';
import assert from 'node:assert/strict';
import { INVOICE_STATUSES, WAYBILL_STATUSES } from '@timberlog/contract';
import { deliveredWaybill, startServer, waybillInput, type TestServer } from './helpers.js';

// Its own scope: the servers its hooks start are closed when its tests end, whatever else shares the process (test/run.ts).
describe('summary', () => {
  let s: TestServer;
  before(async () => {
    s = await startServer({}, { workers: false });
  });
  after(async () => {
    await s.close();
  });

  /** The list endpoint's `count` for one status. */
  const listCount = async (path: string, query: string, token: string) => {
    const r = await s.req('GET', `${path}?${query}&pageSize=1`, { token });
    assert.equal(r.status, 200, `${path}?${query}: ${r.text}`);
    return r.body.count as number;
  };

  test('every status is counted as the list filtered by that status counts it', async () => {
    const token = await s.user();
    // Some invoices, so that not every invoice count is 0 (the seed's waybills cover every status).
    for (let i = 0; i < 2; i++) {
      const w = await deliveredWaybill(s, token);
      assert.equal((await s.req('POST', '/api/invoices/', { token, body: { waybills: [w.number] } })).status, 201);
    }
    const r = await s.req('GET', '/api/summary/', { token });
    assert.equal(r.status, 200, r.text);
    assert.deepEqual(Object.keys(r.body.waybillsByStatus), [...WAYBILL_STATUSES]);
    assert.deepEqual(Object.keys(r.body.invoicesByStatus), [...INVOICE_STATUSES]);
    for (const status of WAYBILL_STATUSES) {
      assert.equal(r.body.waybillsByStatus[status], await listCount('/api/waybills/', `statusIn=${status}`, token), `waybills ${status}`);
    }
    for (const status of INVOICE_STATUSES) {
      assert.equal(r.body.invoicesByStatus[status], await listCount('/api/invoices/', `statusIn=${status}`, token), `invoices ${status}`);
    }
    assert.ok(r.body.invoicesByStatus.pending_sync >= 2);
    const total = Object.values(r.body.waybillsByStatus as Record<string, number>).reduce((a, b) => a + b, 0);
    assert.equal(total, await listCount('/api/waybills/', 'pageNumber=1', token));
  });

  test('a new waybill, and a status change, show in the next answer', async () => {
    const token = await s.user();
    const before = (await s.req('GET', '/api/summary', { token })).body;
    const created = await s.req('POST', '/api/waybills/', { token, body: await waybillInput(s) });
    assert.equal(created.status, 201, created.text);
    const added = (await s.req('GET', '/api/summary', { token })).body;
    assert.equal(added.waybillsByStatus.draft, before.waybillsByStatus.draft + 1);
    assert.deepEqual({ ...added.waybillsByStatus, draft: 0 }, { ...before.waybillsByStatus, draft: 0 });
    assert.equal((await s.write('PATCH', `/api/waybills/${created.body.number}/`, { token, body: { status: 'confirmed' } })).status, 200);
    const confirmed = (await s.req('GET', '/api/summary', { token })).body;
    assert.equal(confirmed.waybillsByStatus.draft, before.waybillsByStatus.draft);
    assert.equal(confirmed.waybillsByStatus.confirmed, before.waybillsByStatus.confirmed + 1);
  });

  test('anonymous callers and bad tokens get 401', async () => {
    const anonymous = await s.req('GET', '/api/summary/');
    assert.equal(anonymous.status, 401);
    assert.equal(typeof anonymous.body.detail, 'string');
    assert.equal((await s.req('GET', '/api/summary/', { token: 'not-a-token' })).status, 401);
  });

  test('staff see the sign-ups awaiting activation; ordinary users get null', async () => {
    const staff = await s.staff();
    const user = await s.user();
    const asStaff = await s.req('GET', '/api/summary/', { token: staff });
    assert.equal(asStaff.status, 200, asStaff.text);
    const inactive = await listCount('/api/user/', 'isActive=false', staff);
    assert.ok(inactive > 0, 'the seed has inactive accounts');
    assert.equal(asStaff.body.usersAwaitingActivation, inactive);

    const signUp = await s.req('POST', '/api/user/signup', {
      body: { email: 'uus.kasutaja@example.com', name: 'Uus Kasutaja', password: 'Metsavedu-2026-uus' },
    });
    assert.equal(signUp.status, 201, signUp.text);
    assert.equal((await s.req('GET', '/api/summary/', { token: staff })).body.usersAwaitingActivation, inactive + 1);

    const asUser = await s.req('GET', '/api/summary/', { token: user });
    assert.equal(asUser.status, 200, asUser.text);
    assert.equal(asUser.body.usersAwaitingActivation, null);
    // The same business counts for everyone.
    assert.deepEqual(asUser.body.waybillsByStatus, asStaff.body.waybillsByStatus);
    assert.deepEqual(asUser.body.invoicesByStatus, asStaff.body.invoicesByStatus);
  });

  test('waybills are summed from the counter table, invoices counted on their status index', async () => {
    const { sql } = await import('kysely');
    const { statusCounts } = await import('../src/summary/routes.js');
    const counts = statusCounts(s.ctx.db);
    await s.ctx.db.transaction().execute(async (trx) => {
      // The test data is small enough for a sequential scan: show the plan the planner takes on a big table.
      await sql`SET LOCAL enable_seqscan = off`.execute(trx);
      const plan = async (query: string) =>
        (await sql<{ 'QUERY PLAN': string }>`EXPLAIN ${sql.raw(query)}`.execute(trx)).rows.map((r) => r['QUERY PLAN']).join('\n');
      const waybills = await plan(counts.waybills.compile(s.ctx.db).sql);
      assert.match(waybills, /waybill_counts/, waybills);
      assert.doesNotMatch(waybills, /on waybills\b/, waybills);
      const invoices = await plan(counts.invoices.compile().sql);
      assert.match(invoices, /Index Only Scan using invoices_status_idx/, invoices);
    });
  });
});
