import { test, before, after, describe } from 'node:test';
import assert from 'node:assert/strict';
import { sql } from 'kysely';
import { startServer, type TestServer } from './helpers.js';
import { checkCounts } from '../src/records/counts.js';

// Its own scope: the servers its hooks start are closed when its tests end, whatever else shares the process (test/run.ts).
describe('worklog-counts', () => {
  let s: TestServer;
  let token: string;
  before(async () => {
    s = await startServer({}, { workers: false });
    token = await s.user();
  });
  after(async () => {
    await s.close();
  });

  const count = async (query: string): Promise<number> => {
    const r = await s.req('GET', `/api/worklogs/?pageSize=1&${query}`, { token });
    assert.equal(r.status, 200, r.text);
    return r.body.count;
  };
  const body = (over: Record<string, unknown> = {}) => ({
    timestamp: '2026-11-10T07:30:00Z',
    action: 'unloading',
    warehouse: 25,
    workerName: 'Loendav Töötaja',
    assortment: 'KU-PP',
    quantity: '12.500',
    durationMinutes: 45,
    notes: '',
    ...over,
  });
  /** Changes rows behind the triggers' back (as a bulk load does): the version stays as it was. */
  const bypassingTriggers = (statement: ReturnType<typeof sql>) =>
    s.ctx.db.connection().execute(async (conn) => {
      await sql`SET session_replication_role = replica`.execute(conn);
      await statement.execute(conn);
      await sql`SET session_replication_role = DEFAULT`.execute(conn);
    });

  test('a kept worklog count is reused while nothing it reads changed, and moves at once with every write', async () => {
    const real = async (where: ReturnType<typeof sql>) =>
      Number((await sql<{ n: string }>`SELECT count(*) AS n FROM worklogs l WHERE ${where}`.execute(s.ctx.db)).rows[0]!.n);
    const cases: [query: string, where: ReturnType<typeof sql>][] = [
      ['', sql`true`],
      ['action=unloading', sql`l.action = 'unloading'`],
      ['workerName=Loendav%20T%C3%B6%C3%B6taja', sql`l.worker_name = 'Loendav Töötaja'`],
    ];
    for (const [query, where] of cases) assert.equal(await count(query), await real(where), query);
    const was = await Promise.all(cases.map(([query]) => count(query)));

    // Kept: a row inserted behind the triggers' back does not show ...
    await bypassingTriggers(sql`INSERT INTO worklogs (number, timestamp, action, warehouse, worker_name, assortment, quantity, duration_minutes, notes)
    SELECT 'WL-KEPT-1', timestamp, 'unloading', warehouse, 'Loendav Töötaja', assortment, quantity, duration_minutes, notes FROM worklogs LIMIT 1`);
    for (const [i, [query]] of cases.entries()) assert.equal(await count(query), was[i], `kept: ${query}`);
    // ... until a write through the API moves the version: then every count is exact.
    const created = await s.req('POST', '/api/worklogs/', { token, body: body() });
    assert.equal(created.status, 201, created.text);
    for (const [i, [query]] of cases.entries()) assert.equal(await count(query), was[i]! + 2, `after a create: ${query}`);
    assert.equal((await s.write('PATCH', `/api/worklogs/${created.body.number}/`, { token, body: { action: 'loading' } })).status, 200);
    assert.equal(await count('action=unloading'), was[1]! + 1);
    assert.equal(await count('action=loading'), await real(sql`l.action = 'loading'`));
  });

  test("the warehouse-company filter's count moves when a warehouse changes company", async () => {
    const w = (
      await sql<{
        id: number;
        company: string;
      }>`SELECT id, company FROM warehouses WHERE id IN (SELECT warehouse FROM worklogs) ORDER BY id LIMIT 1`.execute(s.ctx.db)
    ).rows[0]!;
    const other = (
      await sql<{
        c: string;
      }>`SELECT registry_code AS c FROM companies WHERE registry_code <> ${w.company} ORDER BY registry_code LIMIT 1`.execute(s.ctx.db)
    ).rows[0]!.c;
    const q = `warehouseCompany=${encodeURIComponent(w.company)}`;
    const before = await count(q);
    const moving = Number(
      (await sql<{ n: string }>`SELECT count(*) AS n FROM worklogs WHERE warehouse = ${w.id}`.execute(s.ctx.db)).rows[0]!.n,
    );
    assert.ok(moving > 0);
    await sql`UPDATE warehouses SET company = ${other} WHERE id = ${w.id}`.execute(s.ctx.db);
    try {
      assert.equal(await count(q), before - moving);
    } finally {
      await sql`UPDATE warehouses SET company = ${w.company} WHERE id = ${w.id}`.execute(s.ctx.db);
    }
    assert.equal(await count(q), before);
  });

  test('after these writes, check:counts finds every kept count equal to the rows', async () => {
    assert.deepEqual(await checkCounts(s.ctx.db), []);
  });
});
