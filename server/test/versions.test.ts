import { test, before, after, describe } from 'node:test';
import assert from 'node:assert/strict';
import { sql } from 'kysely';
import { startServer, waybillInput, deliveredWaybill, DEMO_USERS, type TestServer } from './helpers.js';

// Its own scope: the servers its hooks start are closed when its tests end, whatever else shares the process (test/run.ts).
describe('versions', () => {
  let s: TestServer;
  let user: string;
  let staff: string;
  before(async () => {
    s = await startServer({}, { workers: false });
    user = await s.user();
    staff = await s.staff();
  });
  after(async () => {
    await s.close();
  });

  const newWaybill = async () => {
    const r = await s.req('POST', '/api/waybills/', { token: user, body: await waybillInput(s) });
    assert.equal(r.status, 201, r.text);
    return r;
  };
  const userName = async (email: string) =>
    (await s.ctx.db.selectFrom('users').select('name').where('email', '=', email).executeTakeFirstOrThrow()).name;

  describe('record versions', () => {
    test("the database moves a waybill's version with every change, the API's and any other; answers carry it as the ETag", async () => {
      const created = await newWaybill();
      assert.equal(created.headers.get('etag'), '"1"');
      const number = created.body.number as string;
      const patched = await s.req('PATCH', `/api/waybills/${number}/`, { token: user, body: { notes: 'Second look' } });
      assert.equal(patched.headers.get('etag'), '"2"');
      // A change made around the API moves it too: the version is the database's, not the server's.
      await sql`UPDATE waybills SET notes = 'by hand' WHERE number = ${number}`.execute(s.ctx.db);
      const read = await s.req('GET', `/api/waybills/${number}/`, { token: user });
      assert.equal(read.headers.get('etag'), '"3"');
    });

    test('a client cannot set a version', async () => {
      const { body } = await newWaybill();
      const r = await s.req('PATCH', `/api/waybills/${body.number}/`, { token: user, body: { notes: 'x', version: 99 } });
      assert.ok(r.status === 400 || r.headers.get('etag') === '"2"', `${r.status} ${r.text}`);
      const read = await s.req('GET', `/api/waybills/${body.number}/`, { token: user });
      assert.ok(['"1"', '"2"'].includes(read.headers.get('etag')!));
    });
  });

  describe('If-Match', () => {
    test('a stale If-Match answers 412 naming who changed the record and when, with the record as it is now, and changes nothing', async () => {
      const { body } = await newWaybill();
      const number = body.number as string;
      // Staff corrects the quantity; the clerk, still on version 1, adds a note.
      assert.equal(
        (await s.req('PATCH', `/api/waybills/${number}/`, { token: staff, body: { quantity: '31.200' }, headers: { 'if-match': '"1"' } }))
          .status,
        200,
      );
      const before = await s.req('GET', `/api/waybills/${number}/`, { token: user });
      const stale = await s.req('PATCH', `/api/waybills/${number}/`, {
        token: user,
        body: { notes: 'Late note', quantity: '25.500' },
        headers: { 'if-match': '"1"' },
      });
      assert.equal(stale.status, 412, stale.text);
      assert.match(stale.body.detail, new RegExp(await userName(DEMO_USERS.staff.email)));
      assert.match(stale.body.detail, /\d{1,2}:\d\d/, 'the time of the change');
      assert.deepEqual(stale.body.current, before.body, 'the record as it is now');
      assert.equal(stale.headers.get('etag'), '"2"');
      const after = await s.req('GET', `/api/waybills/${number}/`, { token: user });
      assert.deepEqual(after.body, before.body, 'nothing changed');
      assert.equal(after.body.quantity, '31.200');
    });

    test("the message is in the request's language", async () => {
      const { body } = await newWaybill();
      await s.req('PATCH', `/api/waybills/${body.number}/`, { token: staff, body: { notes: 'a' } });
      const et = await s.req('PATCH', `/api/waybills/${body.number}/`, {
        token: user,
        body: { notes: 'b' },
        headers: { 'if-match': '"1"', 'accept-language': 'et' },
      });
      assert.equal(et.status, 412);
      const en = await s.req('PATCH', `/api/waybills/${body.number}/`, {
        token: user,
        body: { notes: 'b' },
        headers: { 'if-match': '"1"', 'accept-language': 'en' },
      });
      assert.notEqual(et.body.detail, en.body.detail);
      assert.match(en.body.detail, /changed/i);
    });

    test("the current version, its weak form and * are accepted; a value no version matches is refused; no If-Match keeps today's behaviour", async () => {
      const { body } = await newWaybill();
      const number = body.number as string;
      assert.equal(
        (await s.req('PATCH', `/api/waybills/${number}/`, { token: user, body: { notes: '1' }, headers: { 'if-match': '"1"' } })).status,
        200,
      );
      assert.equal(
        (await s.req('PATCH', `/api/waybills/${number}/`, { token: user, body: { notes: '2' }, headers: { 'if-match': 'W/"2"' } })).status,
        200,
      );
      assert.equal(
        (await s.req('PATCH', `/api/waybills/${number}/`, { token: user, body: { notes: '3' }, headers: { 'if-match': '*' } })).status,
        200,
      );
      assert.equal(
        (await s.req('PATCH', `/api/waybills/${number}/`, { token: user, body: { notes: '4' }, headers: { 'if-match': 'banana' } })).status,
        412,
      );
      assert.equal((await s.req('PATCH', `/api/waybills/${number}/`, { token: user, body: { notes: '5' } })).status, 200);
    });

    test('status actions and deletes go through the same check', async () => {
      const { body } = await newWaybill();
      const number = body.number as string;
      await s.req('PATCH', `/api/waybills/${number}/`, { token: staff, body: { notes: 'moved on' } });
      const confirm = await s.req('PATCH', `/api/waybills/${number}/`, {
        token: user,
        body: { status: 'confirmed' },
        headers: { 'if-match': '"1"' },
      });
      assert.equal(confirm.status, 412);
      assert.equal(confirm.body.current.status, 'draft');
      const del = await s.req('DELETE', `/api/waybills/${number}/`, { token: user, headers: { 'if-match': '"1"' } });
      assert.equal(del.status, 412);
      assert.equal((await s.req('GET', `/api/waybills/${number}/`, { token: user })).status, 200, 'not deleted');
      assert.equal((await s.req('DELETE', `/api/waybills/${number}/`, { token: user, headers: { 'if-match': '"2"' } })).status, 204);
    });

    test('two saves of the same version at once: one wins, the other gets 412', async () => {
      const { body } = await newWaybill();
      const number = body.number as string;
      const [a, b] = await Promise.all([
        s.req('PATCH', `/api/waybills/${number}/`, { token: user, body: { notes: 'A' }, headers: { 'if-match': '"1"' } }),
        s.req('PATCH', `/api/waybills/${number}/`, { token: staff, body: { notes: 'B' }, headers: { 'if-match': '"1"' } }),
      ]);
      assert.deepEqual([a.status, b.status].sort(), [200, 412]);
      const read = await s.req('GET', `/api/waybills/${number}/`, { token: user });
      assert.equal(read.headers.get('etag'), '"2"');
      assert.equal(read.body.notes, a.status === 200 ? 'A' : 'B');
    });

    test('worklogs, invoices (retry) and accounts honour it too', async () => {
      // Worklog
      const worklogs = await s.req('GET', '/api/worklogs/?pageSize=1', { token: user });
      const wl = worklogs.body.results[0];
      const wlTag = (await s.req('GET', `/api/worklogs/${wl.number}/`, { token: user })).headers.get('etag')!;
      assert.match(wlTag, /^"\d+"$/);
      await s.req('PATCH', `/api/worklogs/${wl.number}/`, { token: staff, body: { notes: 'staff' } });
      const wlStale = await s.req('PATCH', `/api/worklogs/${wl.number}/`, {
        token: user,
        body: { notes: 'user' },
        headers: { 'if-match': wlTag },
      });
      assert.equal(wlStale.status, 412);
      assert.equal(wlStale.body.current.notes, 'staff');

      // Invoice: a failed sync retried on a stale version.
      const delivered = await deliveredWaybill(s, user);
      const inv = await s.req('POST', '/api/invoices/', { token: user, body: { waybills: [delivered.number] } });
      assert.equal(inv.status, 201, inv.text);
      await sql`UPDATE invoices SET status = 'sync_failed', sync_failure = 'unreachable' WHERE number = ${inv.body.number}`.execute(
        s.ctx.db,
      );
      const retry = await s.req('POST', `/api/invoices/${inv.body.number}/retry_sync/`, {
        token: user,
        headers: { 'if-match': inv.headers.get('etag')! },
      });
      assert.equal(retry.status, 412);
      assert.equal(retry.body.current.status, 'sync_failed');
      assert.match(retry.body.detail, /system/i, "a change no account made is the system's");
      const fresh = await s.req('GET', `/api/invoices/${inv.body.number}/`, { token: user });
      assert.equal(
        (
          await s.req('POST', `/api/invoices/${inv.body.number}/retry_sync/`, {
            token: user,
            headers: { 'if-match': fresh.headers.get('etag')! },
          })
        ).status,
        200,
      );

      // Accounts: a sign-in does not move an account's version; an edit does.
      const email = DEMO_USERS.user.email;
      const acc = await s.req('GET', `/api/user/${email}/`, { token: staff });
      await s.login();
      assert.equal(
        (await s.req('GET', `/api/user/${email}/`, { token: staff })).headers.get('etag'),
        acc.headers.get('etag'),
        'signing in is not an edit',
      );
      await s.req('PATCH', '/api/user/me', { token: user, body: { name: 'Renamed Clerk' } });
      const accStale = await s.req('PATCH', `/api/user/${email}/`, {
        token: staff,
        body: { name: 'Staff rename' },
        headers: { 'if-match': acc.headers.get('etag')! },
      });
      assert.equal(accStale.status, 412);
      assert.match(accStale.body.detail, /Renamed Clerk/);
      assert.equal(accStale.body.current.name, 'Renamed Clerk');
    });
  });
});
