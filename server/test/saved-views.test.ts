import { test, before, after, describe } from 'node:test';
import assert from 'node:assert/strict';
import { sql } from 'kysely';
import { defaultColumns } from '@timberlog/contract';
import { DEMO_USERS, startServer, type TestServer } from './helpers.js';

// Its own scope: the servers its hooks start are closed when its tests end, whatever else shares the process (test/run.ts).
describe('saved-views', () => {
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

  const create = (token: string, body: Record<string, unknown>, locale = 'en') =>
    s.req('POST', '/api/saved-views/', { token, body, headers: { 'accept-language': locale } });

  describe('saved views', () => {
    test('a view is saved with its query as the codec writes it, the default columns and a version', async () => {
      const r = await create(user, {
        list: 'waybills',
        name: '  Paide this week ',
        query: '?statusIn=confirmed,delivered&transportDateAfter=2026-11-16&sort=-transportDate&pageNumber=3',
      });
      assert.equal(r.status, 201, r.text);
      assert.equal(r.body.name, 'Paide this week');
      assert.equal(r.body.query, 'statusIn=confirmed&statusIn=delivered&transportDateAfter=2026-11-16&sort=-transportDate');
      assert.deepEqual(r.body.columns, defaultColumns('waybills'));
      assert.equal(r.body.density, 'comfortable');
      assert.equal(r.body.shared, false);
      assert.equal(r.body.isDefault, false);
      assert.equal(r.body.own, true);
      assert.deepEqual(r.body.owner, { email: DEMO_USERS.user.email, name: DEMO_USERS.user.name });
      assert.equal(r.body.version, 1);
      assert.equal(r.headers.get('etag'), '"1"');
    });

    test('a query the list does not take is a 400 on the field, translated', async () => {
      const unknown = await create(user, { list: 'waybills', name: 'x', query: 'colour=red' });
      assert.equal(unknown.status, 400);
      assert.match(unknown.body.query[0], /no parameter "colour"/);
      const bad = await create(user, { list: 'invoices', name: 'x', query: 'statusIn=bogus' }, 'et');
      assert.equal(bad.status, 400);
      assert.match(bad.body.query[0], /"bogus" ei ole väärtus/);
      // A filter of another list.
      const other = await create(user, { list: 'worklogs', name: 'x', query: 'transportDateAfter=2026-01-01' });
      assert.equal(other.status, 400);
      assert.ok(other.body.query);
      const date = await create(user, { list: 'waybills', name: 'x', query: 'transportDateAfter=2026-02-30' });
      assert.equal(date.status, 400);
      const sort = await create(user, { list: 'users', name: 'x', query: 'sort=-transportDate' });
      assert.equal(sort.status, 400);
      assert.ok(sort.body.query);
    });

    test("columns must be the list's, each once; a blank name and an unknown list are refused", async () => {
      const r = await create(user, { list: 'invoices', name: 'x', columns: ['number', 'driverName'] });
      assert.equal(r.status, 400);
      assert.ok(r.body.columns);
      const twice = await create(user, { list: 'invoices', name: 'x', columns: ['number', 'number'] });
      assert.equal(twice.status, 400);
      assert.match(twice.body.columns[0], /twice/);
      const blank = await create(user, { list: 'invoices', name: '   ' });
      assert.equal(blank.status, 400);
      assert.ok(blank.body.name);
      const list = await create(user, { list: 'exportRequests', name: 'x' });
      assert.equal(list.status, 400);
      assert.ok(list.body.list);
    });

    test("private views are their owner's; shared ones everyone reads; only the owner changes them", async () => {
      const mine = await create(user, { list: 'worklogs', name: 'Mine', query: 'actionIn=loading' });
      const shared = await create(user, { list: 'worklogs', name: 'Team', shared: true, density: 'compact' });
      const staffs = await create(staff, { list: 'worklogs', name: 'Staff private' });
      assert.equal(shared.status, 201);
      const seen = await s.req('GET', '/api/saved-views/?list=worklogs', { token: staff });
      const names = seen.body.map((v: { name: string }) => v.name);
      assert.ok(names.includes('Team') && names.includes('Staff private') && !names.includes('Mine'), names.join());
      assert.equal(seen.body.find((v: { name: string }) => v.name === 'Team').own, false);
      assert.equal((await s.req('GET', `/api/saved-views/${mine.body.id}/`, { token: staff })).status, 404);
      assert.equal((await s.req('GET', `/api/saved-views/${staffs.body.id}/`, { token: user })).status, 404);
      // Someone else's shared view: readable, not changeable.
      assert.equal((await s.req('GET', `/api/saved-views/${shared.body.id}/`, { token: staff })).status, 200);
      const patched = await s.write('PATCH', `/api/saved-views/${shared.body.id}/`, { token: staff, body: { name: 'Taken over' } });
      assert.equal(patched.status, 403);
      assert.equal((await s.write('PATCH', `/api/saved-views/${mine.body.id}/`, { token: staff, body: { name: 'x' } })).status, 404);
      // Staff may delete a shared view, not another's private one.
      assert.equal((await s.write('DELETE', `/api/saved-views/${mine.body.id}/`, { token: staff })).status, 404);
      assert.equal((await s.write('DELETE', `/api/saved-views/${shared.body.id}/`, { token: staff })).status, 204);
      // An ordinary user may not delete a staff member's shared view.
      const staffShared = await create(staff, { list: 'worklogs', name: 'Staff shared', shared: true });
      // Another person's e-mail address is staff's: the user reads the owner's name only; staff read both.
      const asUser = await s.req('GET', `/api/saved-views/${staffShared.body.id}/`, { token: user });
      assert.deepEqual(asUser.body.owner, { name: DEMO_USERS.staff.name });
      assert.doesNotMatch(asUser.text, /@/);
      const listed = await s.req('GET', '/api/saved-views/?list=worklogs', { token: user });
      assert.deepEqual(listed.body.find((v: { name: string }) => v.name === 'Staff shared').owner, { name: DEMO_USERS.staff.name });
      const asStaff = await s.req(
        'GET',
        `/api/saved-views/${(await create(user, { list: 'worklogs', name: 'Team 2', shared: true })).body.id}/`,
        { token: staff },
      );
      assert.deepEqual(asStaff.body.owner, { email: DEMO_USERS.user.email, name: DEMO_USERS.user.name });
      assert.equal((await s.write('DELETE', `/api/saved-views/${staffShared.body.id}/`, { token: user })).status, 403);
      assert.equal((await s.write('DELETE', `/api/saved-views/${mine.body.id}/`, { token: user })).status, 204);
    });

    test('one default per user and list: a new default unsets the old one, also under concurrent requests', async () => {
      const a = await create(user, { list: 'invoices', name: 'A', isDefault: true });
      const b = await create(user, { list: 'invoices', name: 'B', isDefault: true });
      assert.equal(b.body.isDefault, true);
      const again = await s.req('GET', `/api/saved-views/${a.body.id}/`, { token: user });
      assert.equal(again.body.isDefault, false);
      // Another user's default of the same list is theirs.
      const theirs = await create(staff, { list: 'invoices', name: 'A', isDefault: true });
      assert.equal(theirs.body.isDefault, true);
      const views = await Promise.all(['C', 'D', 'E', 'F'].map((name) => create(user, { list: 'invoices', name })));
      const results = await Promise.all(
        views.map((v) => s.write('PATCH', `/api/saved-views/${v.body.id}/`, { token: user, body: { isDefault: true } })),
      );
      for (const r of results) assert.equal(r.status, 200, r.text);
      const defaults = await sql<{ n: number }>`SELECT count(*)::int AS n FROM saved_views
      WHERE owner = ${DEMO_USERS.user.email} AND list = 'invoices' AND is_default`.execute(s.ctx.db);
      assert.equal(defaults.rows[0]!.n, 1);
    });

    test('a name is one per owner and list; a change moves the version; a stale If-Match is a 412', async () => {
      const v = await create(user, { list: 'users', name: 'Active', query: 'isActive=true' });
      const dup = await create(user, { list: 'users', name: 'ACTIVE' });
      assert.equal(dup.status, 400);
      assert.ok(dup.body.name);
      const r = await s.req('PATCH', `/api/saved-views/${v.body.id}/`, {
        token: user,
        body: { columns: ['name', 'email'], density: 'compact', shared: true, query: 'isActive=false' },
        headers: { 'if-match': '"1"' },
      });
      assert.equal(r.status, 200, r.text);
      assert.deepEqual(r.body.columns, ['name', 'email']);
      assert.equal(r.body.version, 2);
      assert.equal(r.body.query, 'isActive=false');
      const stale = await s.req('PATCH', `/api/saved-views/${v.body.id}/`, {
        token: user,
        body: { name: 'x' },
        headers: { 'if-match': '"1"' },
      });
      assert.equal(stale.status, 412);
      assert.equal(stale.body.current.version, 2);
      const staleDelete = await s.req('DELETE', `/api/saved-views/${v.body.id}/`, { token: user, headers: { 'if-match': '"1"' } });
      assert.equal(staleDelete.status, 412);
      const bad = await s.write('PATCH', `/api/saved-views/${v.body.id}/`, { token: user, body: { query: 'isActive=maybe' } });
      assert.equal(bad.status, 400);
      assert.ok(bad.body.query);
    });
  });
});
