import { test, before, after, describe } from 'node:test';
import assert from 'node:assert/strict';
import { sql } from 'kysely';
import { keptPageStats } from '../src/list/run.js';
import { startServer, waybillInput, type TestServer } from './helpers.js';

// Its own scope: the servers its hooks start are closed when its tests end, whatever else shares the process (test/run.ts).
describe('waybill-kept-pages', () => {
  // A waybill list's answer is kept with the version of everything it shows (the waybills, and the
  // names of their warehouses, companies, assortment and creator: 027_waybill_page_versions.sql, 054) and answered
  // again while that is unchanged; any write it could show makes the next answer a new one.
  let s: TestServer;
  let token: string;
  let staff: string;
  before(async () => {
    s = await startServer({}, { workers: false });
    token = await s.user();
    staff = await s.staff();
  });
  after(async () => {
    await s.close();
  });

  const LIST = '/api/waybills/?sort=-number&pageSize=5';
  const list = async (path = LIST) => {
    const r = await s.req('GET', path, { token });
    assert.equal(r.status, 200, r.text);
    return r.body as { count: number; results: Record<string, unknown>[] };
  };

  test('an unchanged list is answered again from what was kept, the same answer', async () => {
    const first = await list();
    const hits = keptPageStats.hits;
    const again = await list();
    assert.equal(keptPageStats.hits, hits + 1);
    assert.deepEqual(again, first);
    // Another page, filter or order is an answer of its own.
    const other = await list('/api/waybills/?sort=-number&pageSize=5&pageNumber=2');
    assert.equal(keptPageStats.hits, hits + 1);
    assert.notDeepEqual(other.results[0]?.number, first.results[0]?.number);
  });

  test('a waybill created or edited, by the API or by SQL, shows in the very next answer', async () => {
    const before = await list();
    await list();
    const created = await s.req('POST', '/api/waybills/', { token, body: { ...(await waybillInput(s)), driverName: 'Kept Page Test' } });
    assert.equal(created.status, 201, created.text);
    const after = await list();
    assert.equal(after.count, before.count + 1);
    assert.equal(after.results[0]?.number, created.body.number);
    assert.equal(after.results[0]?.driverName, 'Kept Page Test');

    await list();
    await sql`UPDATE waybills SET driver_name = 'Edited Outside' WHERE number = ${created.body.number as string}`.execute(s.ctx.db);
    assert.equal((await list()).results[0]?.driverName, 'Edited Outside');
  });

  test('renaming the warehouse, company, assortment or creator a row shows shows in the very next answer', async () => {
    const row = (await list()).results[0]!;
    const renames = [
      { path: `/api/admin/warehouses/`, field: 'originName', table: 'warehouses' },
      { path: `/api/admin/companies/`, field: 'destinationCompanyName', table: 'companies' },
      { path: `/api/admin/assortments/`, field: 'assortmentName', table: 'assortments' },
      { path: `/api/user/`, field: 'createdByName', table: 'users' },
    ] as const;
    for (const { field, table } of renames) {
      await list();
      const name = `Renamed ${table} ${Date.now()}`;
      if (table === 'warehouses')
        await sql`UPDATE warehouses SET name = ${name} WHERE origin_code = ${row.origin as string}`.execute(s.ctx.db);
      if (table === 'companies')
        await sql`UPDATE companies SET name = ${name} WHERE registry_code = ${row.destinationCompany as string}`.execute(s.ctx.db);
      if (table === 'assortments')
        await sql`UPDATE assortments SET name = ${name} WHERE code = ${row.assortment as string}`.execute(s.ctx.db);
      if (table === 'users') await sql`UPDATE users SET name = ${name} WHERE email = ${row.createdBy as string}`.execute(s.ctx.db);
      assert.equal((await list()).results[0]?.[field], name, `${field} after renaming in ${table}`);
    }
    // Through the API too.
    await list();
    const company = await s.req('GET', `/api/admin/companies/${row.destinationCompany as string}`, { token: staff });
    assert.equal(company.status, 200, company.text);
    const renamed = await s.write('PATCH', `/api/admin/companies/${row.destinationCompany as string}`, {
      token: staff,
      body: { name: 'Renamed Through The API AS' },
    });
    assert.equal(renamed.status, 200, renamed.text);
    assert.equal((await list()).results[0]?.destinationCompanyName, 'Renamed Through The API AS');
  });
});
