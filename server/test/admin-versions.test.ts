import { test, before, after, describe } from 'node:test';
import assert from 'node:assert/strict';
import { sql } from 'kysely';
import { startServer, DEMO_USERS, type TestServer } from './helpers.js';

// Its own scope: the servers its hooks start are closed when its tests end, whatever else shares the process (test/run.ts).
describe('admin-versions', () => {
  let s: TestServer;
  let staff: string;
  let user: string;
  before(async () => {
    s = await startServer({}, { workers: false });
    staff = await s.staff();
    user = await s.user();
  });
  after(async () => {
    await s.close();
  });

  const staffName = async () =>
    (await s.ctx.db.selectFrom('users').select('name').where('email', '=', DEMO_USERS.staff.email).executeTakeFirstOrThrow()).name;

  describe('admin reference records: versions and If-Match', () => {
    test('rows and details carry the version; a stale If-Match answers 412 with the record as it is now and changes nothing', async () => {
      const created = await s.req('POST', '/api/admin/assortment-types', { token: staff, body: { name: 'Veneer logs', description: 'a' } });
      assert.equal(created.status, 201, created.text);
      assert.equal(created.body.version, 1);
      assert.equal(created.headers.get('etag'), '"1"');
      const path = `/api/admin/assortment-types/${created.body.id}`;
      const list = await s.req('GET', `/api/admin/assortment-types?pageSize=100`, { token: staff });
      assert.ok(list.body.results.every((row: { version: unknown }) => Number.isInteger(row.version)));
      assert.equal((await s.req('GET', `/api/assortment-types/${created.body.id}/`, { token: user })).headers.get('etag'), '"1"');

      const first = await s.req('PATCH', path, { token: staff, body: { description: 'b' }, headers: { 'if-match': '"1"' } });
      assert.equal(first.status, 200, first.text);
      assert.equal(first.headers.get('etag'), '"2"');
      assert.equal(first.body.version, 2);
      const before = await s.req('GET', path, { token: staff });

      for (const method of ['PATCH', 'PUT'] as const) {
        const stale = await s.req(method, path, {
          token: staff,
          body: { name: 'Overwritten', description: 'c' },
          headers: { 'if-match': '"1"' },
        });
        assert.equal(stale.status, 412, stale.text);
        assert.match(stale.body.detail, new RegExp(await staffName()));
        assert.deepEqual(stale.body.current, before.body, 'the record as it is now');
        assert.equal(stale.headers.get('etag'), '"2"');
      }
      const del = await s.req('DELETE', path, { token: staff, headers: { 'if-match': '"1"' } });
      assert.equal(del.status, 412, del.text);
      assert.deepEqual(del.body.current, before.body);
      assert.deepEqual((await s.req('GET', path, { token: staff })).body, before.body, 'nothing changed');

      // The current version goes through; no If-Match at all is refused, as it is for every record.
      assert.equal(
        (await s.req('PUT', path, { token: staff, body: { name: 'Veneer', description: 'd' }, headers: { 'if-match': '"2"' } })).status,
        200,
      );
      assert.equal((await s.req('PATCH', path, { token: staff, body: { description: 'e' } })).status, 428);
      assert.equal((await s.write('PATCH', path, { token: staff, body: { description: 'e' } })).headers.get('etag'), '"4"');
      assert.equal((await s.req('DELETE', path, { token: staff, headers: { 'if-match': '"4"' } })).status, 204);
    });

    test('every admin resource checks If-Match on its key: a worker by name, a company by registry code, a warehouse and an assortment', async () => {
      const company = await s.req('POST', '/api/admin/companies', {
        token: staff,
        body: { registryCode: '16543299', name: 'Versioned OÜ' },
      });
      assert.equal(company.status, 201, company.text);
      const worker = await s.req('POST', '/api/admin/workers', { token: staff, body: { workerName: 'Vera Versioon' } });
      const warehouse = await s.req('POST', '/api/admin/warehouses', { token: staff, body: { name: 'Versioned', company: '16543299' } });
      const type = await s.req('POST', '/api/admin/assortment-types', { token: staff, body: { name: 'Versioned' } });
      const assortment = await s.req('POST', '/api/admin/assortments', {
        token: staff,
        body: { code: 'VER-1', name: 'Versioned log', assortmentType: type.body.id, species: 'birch', unit: 'm3', unitPrice: '10.00' },
      });
      const cases = [
        { path: '/api/admin/companies/16543299', body: { name: 'Renamed OÜ' }, field: 'name' },
        { path: `/api/admin/workers/${encodeURIComponent(worker.body.workerName)}`, body: { company: '16543299' }, field: 'company' },
        { path: `/api/admin/warehouses/${warehouse.body.id}`, body: { address: 'Sadama 1' }, field: 'address' },
        { path: `/api/admin/assortments/${assortment.body.code}`, body: { unitPrice: '12.50' }, field: 'unitPrice' },
      ];
      for (const c of cases) {
        // Changed around the API: the database moves the version all the same.
        const was = await s.req('GET', c.path, { token: staff });
        assert.equal(was.headers.get('etag'), '"1"', c.path);
        const ok = await s.req('PATCH', c.path, { token: staff, body: c.body, headers: { 'if-match': '"1"' } });
        assert.equal(ok.status, 200, `${c.path} ${ok.text}`);
        assert.equal(ok.body.version, 2);
        const stale = await s.req('PATCH', c.path, {
          token: staff,
          body: { [c.field]: was.body[c.field] },
          headers: { 'if-match': '"1"' },
        });
        assert.equal(stale.status, 412, `${c.path} ${stale.text}`);
        assert.deepEqual(stale.body.current, (await s.req('GET', c.path, { token: staff })).body);
        assert.equal(stale.body.current[c.field], ok.body[c.field], 'the change stands');
      }
    });
  });

  describe('admin reference records: history', () => {
    test('a create, edits and a delete each leave an entry for the staff member, values as text; staff only; kept after the delete', async () => {
      const type = await s.req('POST', '/api/admin/assortment-types', { token: staff, body: { name: 'History logs' } });
      const created = await s.req('POST', '/api/admin/assortments', {
        token: staff,
        body: { code: 'HIS-1', name: 'History log', assortmentType: type.body.id, species: 'birch', unit: 'm3', unitPrice: '96.00' },
        headers: { 'x-timberlog-client': 'web' },
      });
      assert.equal(created.status, 201, created.text);
      const path = '/api/admin/assortments/HIS-1';
      assert.equal((await s.write('PATCH', path, { token: staff, body: { unitPrice: '98.50', isActive: false } })).status, 200);
      // A write that changes no field leaves no entry (its version moves all the same, as every write's).
      assert.equal((await s.write('PATCH', path, { token: staff, body: { name: 'History log' } })).status, 200);
      const h = await s.req('GET', `${path}/history/`, { token: staff });
      assert.equal(h.status, 200, h.text);
      assert.equal(h.body.count, 2);
      const [edit, create] = h.body.results;
      assert.equal(create.action, 'created');
      assert.equal(create.via, 'web');
      assert.equal(create.version, 1);
      assert.deepEqual(create.actor, { email: DEMO_USERS.staff.email, name: await staffName() });
      assert.equal(edit.action, 'updated');
      assert.equal(edit.via, 'api');
      assert.equal(edit.version, 2);
      assert.deepEqual(edit.changes, [
        { field: 'isActive', before: 'true', after: 'false' },
        { field: 'unitPrice', before: '96.00', after: '98.50' },
      ]);
      // Without the trailing slash too, as every admin path.
      assert.equal((await s.req('GET', `${path}/history?pageSize=1`, { token: staff })).body.results.length, 1);

      assert.equal((await s.req('GET', `${path}/history/`, { token: user })).status, 403);
      assert.equal((await s.req('GET', '/api/admin/assortments/NOPE-NONE/history/', { token: staff })).status, 404);
      assert.equal((await s.req('GET', `${path}/history/?pageNumber=2`, { token: staff })).status, 404);

      assert.equal((await s.write('DELETE', path, { token: staff })).status, 204);
      const gone = await s.req('GET', `${path}/history/`, { token: staff });
      assert.equal(gone.status, 200);
      assert.deepEqual(
        gone.body.results.map((e: { action: string; version: number }) => [e.action, e.version]),
        [
          ['deleted', 3],
          ['updated', 2],
          ['created', 1],
        ],
      );
    });

    test('a refused write leaves no entry: a stale If-Match, a delete refused while others refer to the record', async () => {
      const company = '16543288';
      await s.req('POST', '/api/admin/companies', { token: staff, body: { registryCode: company, name: 'Kept OÜ' } });
      await s.req('POST', '/api/admin/warehouses', { token: staff, body: { name: 'Refers', company } });
      const entries = async () =>
        Number(
          (
            await sql<{ n: string }>`SELECT count(*) AS n FROM history WHERE entity = 'company' AND record_key = ${company}`.execute(
              s.ctx.db,
            )
          ).rows[0]!.n,
        );
      assert.equal(await entries(), 1);
      assert.equal(
        (await s.req('PATCH', `/api/admin/companies/${company}`, { token: staff, body: { name: 'x' }, headers: { 'if-match': '"7"' } }))
          .status,
        412,
      );
      assert.equal((await s.write('DELETE', `/api/admin/companies/${company}`, { token: staff })).status, 400);
      assert.equal(await entries(), 1);
      const h = await s.req('GET', `/api/admin/companies/${company}/history/`, { token: staff });
      assert.deepEqual(
        h.body.results.map((e: { action: string }) => e.action),
        ['created'],
      );
    });
  });
});
