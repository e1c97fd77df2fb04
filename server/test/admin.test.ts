import { test, before, after, describe } from 'node:test';
import assert from 'node:assert/strict';
import { evrAddress } from '../src/evr/request.js';
import { startServer, type TestServer } from './helpers.js';

// Its own scope: the servers its hooks start are closed when its tests end, whatever else shares the process (test/run.ts).
describe('admin', () => {
  let s: TestServer;
  let token: string;
  before(async () => {
    s = await startServer({}, { workers: false });
    token = await s.staff();
  });
  after(async () => {
    await s.close();
  });

  test('assortment types and assortments: create, edit, delete; a referenced one cannot be deleted', async () => {
    const type = await s.req('POST', '/api/admin/assortment-types/', {
      token,
      body: { name: 'Veneer logs', description: 'Birch logs for plywood mills.' },
    });
    assert.equal(type.status, 201, type.text);
    const a = await s.req('POST', '/api/admin/assortments/', {
      token,
      body: {
        code: 'KS-VIN-26',
        name: 'Birch veneer log 26+ cm',
        assortmentType: type.body.id,
        species: 'birch',
        unit: 'm3',
        unitPrice: '96.00',
      },
    });
    assert.equal(a.status, 201, a.text);
    assert.equal(a.body.assortmentTypeName, 'Veneer logs');
    const patched = await s.write('PATCH', '/api/admin/assortments/KS-VIN-26/', { token, body: { unitPrice: '98.50', isActive: false } });
    assert.equal(patched.body.unitPrice, '98.50');
    assert.equal(patched.body.isActive, false);
    const refused = await s.write('DELETE', `/api/admin/assortment-types/${type.body.id}/`, { token });
    assert.equal(refused.status, 400);
    assert.match(refused.body.nonFieldErrors[0], /1 assortments/);
    const refusedEt = await s.write('DELETE', `/api/admin/assortment-types/${type.body.id}/`, {
      token,
      headers: { 'accept-language': 'et' },
    });
    assert.match(refusedEt.body.nonFieldErrors[0], /Ei saa kustutada: sellele viitavad 1 sortimenti/);
    assert.equal((await s.write('DELETE', '/api/admin/assortments/KS-VIN-26/', { token })).status, 204);
    assert.equal((await s.write('DELETE', `/api/admin/assortment-types/${type.body.id}/`, { token })).status, 204);
    const used = await s.write('DELETE', '/api/admin/assortments/KU-PALK-18/', { token });
    assert.equal(used.status, 400);
    assert.match(used.body.nonFieldErrors[0], /waybills/);
  });

  test("an assortment type's EVR product group: what its name suggests unless chosen, changed on its own, a value outside EVR's refused on its field", async () => {
    const create = (body: Record<string, unknown>) => s.req('POST', '/api/admin/assortment-types/', { token, body });
    assert.equal((await create({ name: 'Kased paberipuuks' })).body.evrProductGroup, 'PABER');
    assert.equal((await create({ name: 'Veneer logs' })).body.evrProductGroup, 'PALK');
    const chips = await create({ name: 'Bark', evrProductGroup: 'HAKE' });
    assert.equal(chips.body.evrProductGroup, 'HAKE');
    const moved = await s.write('PATCH', `/api/admin/assortment-types/${chips.body.id}/`, { token, body: { evrProductGroup: 'KUTE' } });
    assert.equal(moved.status, 200, moved.text);
    assert.deepEqual([moved.body.name, moved.body.evrProductGroup], ['Bark', 'KUTE']);
    const bad = await s.req('POST', '/api/admin/assortment-types/', {
      token,
      body: { name: 'Pulp', evrProductGroup: 'PAPER' },
      headers: { 'accept-language': 'et' },
    });
    assert.equal(bad.status, 400, bad.text);
    assert.ok(bad.body.evrProductGroup, bad.text);
    // The demo's types carry theirs.
    const types = (await s.req('GET', '/api/assortment-types/?pageSize=100', { token })).body.results as {
      name: string;
      evrProductGroup: string;
    }[];
    assert.equal(types.find((t) => t.name === 'Wood chips')?.evrProductGroup, 'HAKE');
  });

  test("a company's address in EVR's parts: kept as sent, an empty part cleared, a part too long refused on its field; EVR's address of the owner uses them", async () => {
    const made = await s.req('POST', '/api/admin/companies/', {
      token,
      body: {
        registryCode: '16543299',
        name: 'Kõrve Metsad OÜ',
        address: 'Metsa 4, Kõrve küla',
        county: 'Valga maakond',
        city: 'Otepää vald',
        street: 'Metsa 4',
      },
    });
    assert.equal(made.status, 201, made.text);
    assert.deepEqual([made.body.county, made.body.city, made.body.street], ['Valga maakond', 'Otepää vald', 'Metsa 4']);
    const cleared = await s.write('PATCH', '/api/admin/companies/16543299/', { token, body: { street: '  ' } });
    assert.equal(cleared.status, 200, cleared.text);
    assert.deepEqual([cleared.body.county, cleared.body.street], ['Valga maakond', null]);
    const long = await s.write('PATCH', '/api/admin/companies/16543299/', { token, body: { county: 'x'.repeat(500) } });
    assert.equal(long.status, 400, long.text);
    assert.ok(long.body.county, long.text);
    // Parts where given, the one-line address for the rest.
    assert.deepEqual(evrAddress({ county: 'Valga maakond', city: 'Otepää vald', street: null }, 'Metsa 4, Kõrve küla'), {
      countryCode: 'EST',
      county: 'Valga maakond',
      city: 'Otepää vald',
      street: 'Metsa 4',
    });
    const demo = (await s.req('GET', '/api/companies/?pageSize=100', { token })).body.results as { county: string | null }[];
    assert.ok(
      demo.every((c) => c.county?.endsWith('maakond')),
      'every demo company has its county',
    );
  });

  test('companies: 8-digit registry code, duplicates refused, referenced company kept', async () => {
    const bad = await s.req('POST', '/api/admin/companies/', { token, body: { registryCode: '123', name: 'Short Code OÜ' } });
    assert.equal(bad.status, 400);
    assert.ok(bad.body.registryCode);
    const ok = await s.req('POST', '/api/admin/companies/', {
      token,
      body: { registryCode: '16543210', name: 'Uus Saeveski OÜ', isInvoiceCustomer: true, email: 'arved@uus.ee' },
    });
    assert.equal(ok.status, 201, ok.text);
    assert.equal(ok.body.hasWorklogs, false);
    const dup = await s.req('POST', '/api/admin/companies/', { token, body: { registryCode: '16543210', name: 'Again' } });
    assert.equal(dup.status, 400);
    assert.ok(dup.body.registryCode);
    const w = await s.req('POST', '/api/admin/warehouses/', {
      token,
      body: { name: 'Uus ladu', company: '16543210', originCode: 'UUS-01', destinationCode: 'D-UUS-01' },
    });
    assert.equal(w.status, 201, w.text);
    const taken = await s.req('POST', '/api/admin/warehouses/', {
      token,
      body: { name: 'Teine', company: '16543210', originCode: 'UUS-01' },
    });
    assert.equal(taken.status, 400);
    assert.ok(taken.body.originCode);
    const refused = await s.write('DELETE', '/api/admin/companies/16543210/', { token });
    assert.equal(refused.status, 400);
    assert.match(refused.body.nonFieldErrors[0], /1 warehouses/);
    assert.equal((await s.write('DELETE', `/api/admin/warehouses/${w.body.id}/`, { token })).status, 204);
    assert.equal((await s.write('DELETE', '/api/admin/companies/16543210/', { token })).status, 204);
  });

  test('workers: create, move to a company, delete only without worklogs', async () => {
    const c = (await s.req('GET', '/api/companies/?pageSize=1', { token })).body.results[0].registryCode;
    const w = await s.req('POST', '/api/admin/workers/', { token, body: { workerName: '  Uus   Tõstukijuht ', company: null } });
    assert.equal(w.status, 201, w.text);
    assert.equal(w.body.workerName, 'Uus Tõstukijuht');
    const put = await s.write('PUT', `/api/admin/workers/${encodeURIComponent('Uus Tõstukijuht')}/`, { token, body: { company: c } });
    assert.equal(put.body.company, c);
    assert.equal((await s.write('DELETE', `/api/admin/workers/${encodeURIComponent('Uus Tõstukijuht')}/`, { token })).status, 204);
    const busy = (await s.req('GET', '/api/workers/?sort=-worklogCount&pageSize=1', { token })).body.results[0].workerName;
    const refused = await s.write('DELETE', `/api/admin/workers/${encodeURIComponent(busy)}/`, { token });
    assert.equal(refused.status, 400);
    assert.match(refused.body.nonFieldErrors[0], /worklogs/);
  });

  test('a warehouse code used by waybills cannot be changed', async () => {
    const wb = (await s.req('GET', '/api/waybills/?pageSize=1', { token })).body.results[0];
    const wh = (await s.req('GET', `/api/warehouses/origins/${wb.origin}/`, { token })).body;
    const r = await s.write('PATCH', `/api/admin/warehouses/${wh.id}/`, { token, body: { originCode: 'CHANGED-1' } });
    assert.equal(r.status, 400);
    assert.match(r.body.originCode[0], /^Cannot delete: referred to by \d+ waybills\.$/);
    // In Estonian, wholly: the count's noun too.
    const et = await s.write('PATCH', `/api/admin/warehouses/${wh.id}/`, {
      token,
      body: { originCode: 'CHANGED-1' },
      headers: { 'accept-language': 'et' },
    });
    assert.match(et.body.originCode[0], /^Ei saa kustutada: sellele viitavad \d+ veoselehte\.$/);
    const rename = await s.write('PATCH', `/api/admin/warehouses/${wh.id}/`, { token, body: { name: 'Renamed storage' } });
    assert.equal(rename.status, 200);
    assert.equal(rename.body.name, 'Renamed storage');
  });

  test('a name of only spaces is blank, on every resource that has a name', async () => {
    const wh = (await s.req('GET', '/api/warehouses/?pageSize=1', { token })).body.results[0];
    for (const [path, body] of [
      ['/api/admin/assortment-types/', { name: '   ' }],
      ['/api/admin/companies/', { registryCode: '16543299', name: ' \t ' }],
      ['/api/admin/warehouses/', { name: '  ', company: wh.company }],
      ['/api/admin/workers/', { workerName: '   ' }],
    ] as const) {
      const r = await s.req('POST', path, { token, body });
      assert.equal(r.status, 400, path);
      assert.deepEqual(r.body[Object.keys(body)[path.endsWith('companies/') ? 1 : 0]!], ['This field may not be blank.'], path);
    }
    const patched = await s.write('PATCH', `/api/admin/warehouses/${wh.id}/`, { token, body: { name: '   ' } });
    assert.deepEqual(patched.body, { name: ['This field may not be blank.'] });
  });

  test('a bad value of a field that may be null is answered in words', async () => {
    const wh = (await s.req('GET', '/api/warehouses/?pageSize=1', { token })).body.results[0];
    const r = await s.write('PATCH', `/api/admin/warehouses/${wh.id}/`, {
      token,
      body: { originCode: 'A B', destinationCode: 5 },
      headers: { 'accept-language': 'et' },
    });
    assert.equal(r.status, 400);
    assert.deepEqual(r.body, { originCode: ['Sisesta väärtus õiges vormingus.'], destinationCode: ['Sisesta tekst.'] });
  });
});
