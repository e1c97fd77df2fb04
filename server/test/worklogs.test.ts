import { test, before, after, describe } from 'node:test';
import assert from 'node:assert/strict';
import { WORKLOG_ACTIONS } from '@timberlog/contract';
import { startServer, type TestServer } from './helpers.js';

// Its own scope: the servers its hooks start are closed when its tests end, whatever else shares the process (test/run.ts).
describe('worklogs', () => {
  let s: TestServer;
  let token: string;
  before(async () => {
    s = await startServer();
    token = await s.user();
  });
  after(async () => {
    await s.close();
  });

  const body = (over: Record<string, unknown> = {}) => ({
    timestamp: '2026-11-10T07:30:00Z',
    action: 'unloading',
    warehouse: 25,
    workerName: 'Uus Töötaja',
    assortment: 'KU-PP',
    quantity: '12.500',
    durationMinutes: 45,
    notes: 'gate 2',
    ...over,
  });

  test('create assigns a number, names the warehouse and company, and creates the worker', async () => {
    const r = await s.req('POST', '/api/worklogs/', { token, body: body() });
    assert.equal(r.status, 201, r.text);
    assert.match(r.body.number, /^L-\d{4}-\d{6}$/);
    assert.equal(r.body.timestamp, '2026-11-10T07:30:00.000Z');
    assert.ok(r.body.warehouseName && r.body.warehouseCompany);
    const worker = await s.req('GET', `/api/workers/detail/${encodeURIComponent('Uus Töötaja')}/`, { token });
    assert.equal(worker.status, 200);
    assert.equal(worker.body.worklogCount, 1);
    assert.equal(worker.body.company, r.body.warehouseCompany);
  });

  test('every action can be logged; an unknown one cannot', async () => {
    for (const action of WORKLOG_ACTIONS)
      assert.equal((await s.req('POST', '/api/worklogs/', { token, body: body({ action }) })).status, 201, action);
    const bad = await s.req('POST', '/api/worklogs/', { token, body: body({ action: 'napping' }) });
    assert.equal(bad.status, 400);
    assert.ok(bad.body.action);
  });

  test('PUT and PATCH edit; renaming the worker moves the count', async () => {
    const r = await s.req('POST', '/api/worklogs/', { token, body: body({ workerName: 'Ajutine Nimi' }) });
    const patched = await s.write('PATCH', `/api/worklogs/${r.body.number}/`, {
      token,
      body: { workerName: 'Lõplik Nimi', durationMinutes: 60 },
    });
    assert.equal(patched.status, 200);
    assert.equal(patched.body.durationMinutes, 60);
    assert.equal((await s.req('GET', `/api/workers/detail/${encodeURIComponent('Ajutine Nimi')}/`, { token })).body.worklogCount, 0);
    assert.equal((await s.req('GET', `/api/workers/detail/${encodeURIComponent('Lõplik Nimi')}/`, { token })).body.worklogCount, 1);
    const put = await s.write('PUT', `/api/worklogs/${r.body.number}/`, {
      token,
      body: body({ action: 'sorting', assortment: null, quantity: null }),
    });
    assert.equal(put.status, 200);
    assert.equal(put.body.assortment, null);
  });

  test('worklogs are never deleted', async () => {
    const list = await s.req('GET', '/api/worklogs/?pageSize=1', { token });
    const r = await s.write('DELETE', `/api/worklogs/${list.body.results[0].number}/`, { token });
    assert.equal(r.status, 405);
    assert.equal(r.body.detail, 'Method "DELETE" not allowed.');
    assert.match(r.headers.get('allow') ?? '', /PATCH/);
    assert.equal((await s.req('GET', `/api/worklogs/${list.body.results[0].number}/`, { token })).status, 200);
  });

  test('limits: duration 0–1440, references must exist', async () => {
    for (const [field, value] of [
      ['durationMinutes', 1441],
      ['durationMinutes', -1],
      ['warehouse', 99999],
      ['assortment', 'NOPE'],
      ['waybill', 'W-0000-000000'],
    ] as const) {
      const r = await s.req('POST', '/api/worklogs/', { token, body: body({ [field]: value }) });
      assert.equal(r.status, 400, `${field}=${value}`);
      assert.ok(r.body[field], field);
    }
  });

  test('filters: action, actionIn, timestamp day, ranges, warehouse, warehouseCompany, workerName, search', async () => {
    const all = (await s.req('GET', '/api/worklogs/?pageSize=100', { token })).body.results as any[];
    const x = all[5];
    const checks: [string, (w: any) => boolean][] = [
      [`action=${x.action}`, (w) => w.action === x.action],
      ['actionIn=loading&actionIn=sorting', (w) => ['loading', 'sorting'].includes(w.action)],
      ['actionIn=loading,sorting', (w) => ['loading', 'sorting'].includes(w.action)],
      [`timestamp=${x.timestamp.slice(0, 10)}`, (w) => w.timestamp.slice(0, 10) === x.timestamp.slice(0, 10)],
      [`timestampAfter=${encodeURIComponent(x.timestamp)}`, (w) => w.timestamp >= x.timestamp],
      [`timestampBefore=${encodeURIComponent(x.timestamp)}`, (w) => w.timestamp <= x.timestamp],
      [`warehouse=${x.warehouse}`, (w) => w.warehouse === x.warehouse],
      [`warehouseCompany=${x.warehouseCompany}`, (w) => w.warehouseCompany === x.warehouseCompany],
      [`workerName=${encodeURIComponent(x.workerName)}`, (w) => w.workerName === x.workerName],
      [
        `search=${encodeURIComponent(x.workerName.split(' ')[1].toLowerCase())}`,
        (w) => (w.number + w.workerName + w.notes).toLowerCase().includes(x.workerName.split(' ')[1].toLowerCase()),
      ],
    ];
    for (const [q, ok] of checks) {
      const r = await s.req('GET', `/api/worklogs/?pageSize=100&${q}`, { token });
      assert.equal(r.status, 200, `${q}: ${r.text}`);
      assert.ok(r.body.count > 0, q);
      assert.ok(r.body.results.every(ok), q);
    }
  });

  test("a filter value with a comma is taken whole; only the contract's enum-valued ...In filters split on commas", async () => {
    const made = await s.req('POST', '/api/worklogs/', { token, body: body({ workerName: 'Tamm, Jaan' }) });
    assert.equal(made.status, 201, made.text);
    const byWorker = await s.req('GET', `/api/worklogs/?${new URLSearchParams({ workerName: 'Tamm, Jaan' })}`, { token });
    assert.equal(byWorker.status, 200, byWorker.text);
    assert.deepEqual(
      byWorker.body.results.map((w: { number: string }) => w.number),
      [made.body.number],
    );
    // The worker list's own filter takes the name whole as well.
    const workers = await s.req('GET', `/api/workers/?${new URLSearchParams({ workerName: 'Tamm, Jaan' })}`, { token });
    assert.equal(workers.body.count, 1, workers.text);
    // Its parts are not two workers.
    const parts = await s.req(
      'GET',
      `/api/worklogs/?${new URLSearchParams([
        ['workerName', 'Tamm'],
        ['workerName', ' Jaan'],
      ])}`,
      { token },
    );
    assert.equal(parts.body.count, 0);
    // The marked enum filters still take `a,b` as two values, and so does sort.
    const actions = await s.req('GET', '/api/worklogs/?actionIn=loading,unloading&pageSize=1', { token });
    const repeated = await s.req('GET', '/api/worklogs/?actionIn=loading&actionIn=unloading&pageSize=1', { token });
    assert.equal(actions.status, 200, actions.text);
    assert.equal(actions.body.count, repeated.body.count);
    assert.equal((await s.req('GET', '/api/worklogs/?sort=-timestamp,number', { token })).status, 200);
  });
});
