import { test, before, after, describe } from 'node:test';
import assert from 'node:assert/strict';
import { startServer, type TestServer } from './helpers.js';

// Its own scope: the servers its hooks start are closed when its tests end, whatever else shares the process (test/run.ts).
describe('reference', () => {
  let s: TestServer;
  let token: string;
  before(async () => {
    s = await startServer();
    token = await s.user();
  });
  after(async () => {
    await s.close();
  });

  test('assortment types and assortments: list, detail, filters', async () => {
    const types = await s.req('GET', '/api/assortment-types/', { token });
    assert.equal(types.status, 200);
    assert.equal(types.body.count, 5);
    const one = await s.req('GET', `/api/assortment-types/${types.body.results[0].id}/`, { token });
    assert.equal(one.body.name, types.body.results[0].name);
    assert.equal((await s.req('GET', '/api/assortment-types/999/', { token })).status, 404);
    assert.equal((await s.req('GET', '/api/assortment-types/abc/', { token })).status, 400);
    const a = await s.req('GET', '/api/assortments/KU-PALK-18/', { token });
    assert.equal(a.body.unitPrice, '82.00');
    assert.equal(a.body.assortmentTypeName, 'Saw logs');
    const pine = await s.req('GET', '/api/assortments/?species=pine&isActive=true', { token });
    assert.ok(pine.body.count > 0 && pine.body.results.every((x: any) => x.species === 'pine' && x.isActive));
    const inactive = await s.req('GET', '/api/assortments/?isActive=false', { token });
    assert.deepEqual(
      inactive.body.results.map((x: any) => x.code),
      ['KU-PALK-14'],
    );
  });

  test('companies: 8-digit codes, hasWorklogs and isInvoiceCustomer filters, search', async () => {
    const all = await s.req('GET', '/api/companies/?pageSize=100', { token });
    assert.equal(all.status, 200);
    assert.ok(all.body.results.every((c: any) => /^\d{8}$/.test(c.registryCode)));
    const customers = await s.req('GET', '/api/companies/?isInvoiceCustomer=true&pageSize=100', { token });
    assert.ok(customers.body.count > 0 && customers.body.results.every((c: any) => c.isInvoiceCustomer));
    const withLogs = await s.req('GET', '/api/companies/?hasWorklogs=true&pageSize=100', { token });
    const without = await s.req('GET', '/api/companies/?hasWorklogs=false&pageSize=100', { token });
    assert.equal(withLogs.body.count + without.body.count, all.body.count);
    assert.ok(withLogs.body.results.every((c: any) => c.hasWorklogs));
    const search = await s.req('GET', `/api/companies/?search=${encodeURIComponent('saeveski')}`, { token });
    assert.ok(search.body.count >= 1 && search.body.results.every((c: any) => /saeveski/i.test(c.name)));
    const code = all.body.results[0].registryCode;
    assert.equal((await s.req('GET', `/api/companies/${code}/`, { token })).body.registryCode, code);
  });

  test('warehouses: by id, origin code, destination code; origin/destination filters', async () => {
    const origins = await s.req('GET', '/api/warehouses/?hasOrigin=true&pageSize=100', { token });
    const o = origins.body.results[0];
    assert.ok(o.originCode);
    assert.equal((await s.req('GET', `/api/warehouses/origins/${o.originCode}/`, { token })).body.id, o.id);
    assert.equal((await s.req('GET', `/api/warehouses/${o.id}`, { token })).body.originCode, o.originCode);
    const byOrigin = await s.req('GET', `/api/warehouses/?origin=${o.originCode}`, { token });
    assert.deepEqual(
      byOrigin.body.results.map((w: any) => w.id),
      [o.id],
    );
    const dests = await s.req('GET', '/api/warehouses/?hasDestination=true&pageSize=100', { token });
    const d = dests.body.results[0];
    assert.equal((await s.req('GET', `/api/warehouses/destinations/${d.destinationCode}/`, { token })).body.id, d.id);
    const byDest = await s.req('GET', `/api/warehouses/?destination=${d.destinationCode}`, { token });
    assert.deepEqual(
      byDest.body.results.map((w: any) => w.id),
      [d.id],
    );
    assert.equal((await s.req('GET', '/api/warehouses/origins/NOPE/', { token })).status, 404);
    const hw = await s.req('GET', '/api/warehouses/?hasWorklogs=true&pageSize=100', { token });
    assert.ok(hw.body.results.every((w: any) => w.hasWorklogs));
  });

  test('workers: list, search, detail', async () => {
    const list = await s.req('GET', '/api/workers/?sort=-worklogCount', { token });
    assert.equal(list.status, 200);
    const w = list.body.results[0];
    assert.ok(w.worklogCount > 0 && w.lastWorklogAt);
    const detail = await s.req('GET', `/api/workers/detail/${encodeURIComponent(w.workerName)}/`, { token });
    assert.equal(detail.body.workerName, w.workerName);
    const search = await s.req('GET', `/api/workers/?search=${encodeURIComponent(w.workerName.slice(0, 4).toLowerCase())}`, { token });
    assert.ok(search.body.results.some((x: any) => x.workerName === w.workerName));
  });

  test('browsers on another origin may call the API (CORS preflight)', async () => {
    const r = await fetch(`${s.url}/api/waybills/`, {
      method: 'OPTIONS',
      headers: {
        origin: 'http://localhost:3000',
        'access-control-request-method': 'GET',
        'access-control-request-headers': 'authorization,accept-language',
      },
    });
    assert.ok(r.status === 204 || r.status === 200);
    assert.equal(r.headers.get('access-control-allow-origin'), 'http://localhost:3000');
    assert.match(r.headers.get('access-control-allow-headers') ?? '', /Authorization/i);
  });
});
