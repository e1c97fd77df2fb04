import { test, before, after, describe } from 'node:test';
import assert from 'node:assert/strict';
import { sql } from 'kysely';
import { translate, type Locale } from '@timberlog/contract';
import { recordPath, snapshot, startServer, waybillInput, deliveredWaybill, DEMO_USERS, type TestServer } from './helpers.js';

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
      const patched = await s.write('PATCH', `/api/waybills/${number}/`, { token: user, body: { notes: 'Second look' } });
      assert.equal(patched.headers.get('etag'), '"2"');
      // A change made around the API moves it too: the version is the database's, not the server's.
      await sql`UPDATE waybills SET notes = 'by hand' WHERE number = ${number}`.execute(s.ctx.db);
      const read = await s.req('GET', `/api/waybills/${number}/`, { token: user });
      assert.equal(read.headers.get('etag'), '"3"');
    });

    test('a client cannot set a version', async () => {
      const { body } = await newWaybill();
      const r = await s.write('PATCH', `/api/waybills/${body.number}/`, { token: user, body: { notes: 'x', version: 99 } });
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
      await s.write('PATCH', `/api/waybills/${body.number}/`, { token: staff, body: { notes: 'a' } });
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

    test('the current version is accepted; its weak form and a value no version matches get 412; none, or *, gets 428', async () => {
      const { body } = await newWaybill();
      const number = body.number as string;
      const patch = (notes: string, headers: Record<string, string>) =>
        s.req('PATCH', `/api/waybills/${number}/`, { token: user, body: { notes }, headers });
      assert.equal((await patch('1', { 'if-match': '"1"' })).status, 200);
      // RFC 9110: a write compares strongly, and a weak tag never matches then.
      const weak = await patch('2', { 'if-match': 'W/"2"' });
      assert.equal(weak.status, 412);
      assert.equal(weak.body.current.notes, '1');
      assert.equal((await patch('3', { 'if-match': 'banana' })).status, 412);
      // `*` names no version: it is refused as a missing If-Match is.
      assert.equal((await patch('4', { 'if-match': '*' })).status, 428);
      assert.equal((await patch('5', {})).status, 428);
      assert.equal((await s.req('GET', `/api/waybills/${number}/`, { token: user })).body.notes, '1');
    });

    test('status actions and deletes go through the same check', async () => {
      const { body } = await newWaybill();
      const number = body.number as string;
      await s.write('PATCH', `/api/waybills/${number}/`, { token: staff, body: { notes: 'moved on' } });
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
      await s.write('PATCH', `/api/worklogs/${wl.number}/`, { token: staff, body: { notes: 'staff' } });
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
      await s.write('PATCH', '/api/user/me', { token: user, body: { name: 'Renamed Clerk' } });
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

  describe('If-Match is required for every write to an existing versioned record', () => {
    interface Operation {
      parameters?: { in: string; name: string; required?: boolean }[];
      responses: Record<string, unknown>;
    }
    /**
     * The writes to an existing record, as the API document lists them: PUT, PATCH, DELETE, and a
     * POST to a path with a key (an action on that record). A route added later is in this list
     * by itself, and the test below fails until it requires If-Match or is named here with why not.
     */
    const NOT_VERSIONED: Record<string, string> = {
      'POST /api/export-requests/{id}/acknowledge_error/': 'an export request carries no version: only its asker marks it seen',
      'PATCH /api/user/me/preferences':
        "a language and a theme are no record: the last choice wins, and an open account form's version must not move with them",
    };
    const writeRoutes = async () => {
      const doc = (await s.req('GET', '/api/schema/', { token: staff })).body as { paths: Record<string, Record<string, Operation>> };
      const out: { route: string; method: string; path: string; op: Operation }[] = [];
      for (const [path, ops] of Object.entries(doc.paths))
        for (const [method, op] of Object.entries(ops)) {
          const write = ['put', 'patch', 'delete'].includes(method) || (method === 'post' && path.includes('{'));
          const route = `${method.toUpperCase()} ${path}`;
          if (write && !(route in NOT_VERSIONED)) out.push({ route, method: method.toUpperCase(), path, op });
        }
      return out;
    };

    /** A record of each kind to write to, by the path's key parameter (staff may write to each). */
    const keysFor = async (): Promise<(path: string) => string> => {
      const waybill = (await newWaybill()).body.number as string;
      const worklog = (await s.req('GET', '/api/worklogs/?pageSize=1', { token: staff })).body.results[0].number as string;
      const delivered = await deliveredWaybill(s, user);
      const invoice = await s.req('POST', '/api/invoices/', { token: user, body: { waybills: [delivered.number] } });
      assert.equal(invoice.status, 201, invoice.text);
      const view = await s.req('POST', '/api/saved-views/', {
        token: staff,
        body: { list: 'waybills', name: 'If-Match check', query: '' },
      });
      assert.equal(view.status, 201, view.text);
      const first = async (resource: string, key: string) =>
        String((await s.req('GET', `/api/admin/${resource}?pageSize=1`, { token: staff })).body.results[0][key]);
      const keys: Record<string, string> = {
        '/api/user/{email}': DEMO_USERS.user.email,
        '/api/waybills/{number}': waybill,
        '/api/worklogs/{number}': worklog,
        '/api/invoices/{number}': invoice.body.number,
        '/api/saved-views/{id}': view.body.id,
        '/api/admin/assortment-types/{id}': await first('assortment-types', 'id'),
        '/api/admin/assortments/{code}': await first('assortments', 'code'),
        '/api/admin/companies/{registryCode}': await first('companies', 'registryCode'),
        '/api/admin/warehouses/{id}': await first('warehouses', 'id'),
        '/api/admin/workers/{workerName}': await first('workers', 'workerName'),
      };
      return (path) =>
        path.replace(/^(.*?)\{\w+\}/, (prefix: string, head: string) => {
          const key = keys[prefix];
          assert.ok(key, `no record to write to at ${prefix}: add one`);
          return head + encodeURIComponent(key);
        });
    };

    test('each one documents the header as required and its 428', async () => {
      const routes = await writeRoutes();
      assert.ok(routes.length >= 29, `${routes.length} write routes`);
      for (const { route, op } of routes) {
        const header = op.parameters?.find((p) => p.in === 'header' && p.name === 'if-match');
        assert.equal(header?.required, true, `${route}: If-Match required in the document`);
        assert.ok(op.responses['428'], `${route}: 428 documented`);
        assert.ok(op.responses['412'], `${route}: 412 documented`);
      }
    });

    test("each one answers 428 without If-Match or with *, in the caller's language, and 412 to a weak tag; nothing changes", async () => {
      const url = await keysFor();
      for (const { route, method, path } of await writeRoutes()) {
        const at = url(path);
        const read = async () => (await s.req('GET', recordPath(at), { token: staff })).headers.get('etag');
        const version = await read();
        assert.match(version ?? '', /^"\d+"$/, `${route}: the record reads with its ETag`);
        const before = await snapshot(s.ctx);
        const send = (headers: Record<string, string>) =>
          s.req(method, at, { token: staff, body: method === 'DELETE' ? undefined : {}, headers });
        for (const [headers, locale] of [
          [{}, 'en'],
          [{}, 'et'],
          [{ 'if-match': '*' }, 'en'],
        ] as [Record<string, string>, Locale][]) {
          const r = await send({ ...headers, 'accept-language': locale });
          assert.equal(r.status, 428, `${route} ${JSON.stringify(headers)}: ${r.status} ${r.text}`);
          assert.equal(r.body.detail, translate(locale, 'record.versionRequired'), route);
        }
        // A PUT's empty body is refused before the version is compared; its PATCH is the same write.
        if (method !== 'PUT') {
          const weak = await send({ 'if-match': `W/${version}` });
          assert.equal(weak.status, 412, `${route} W/${version}: ${weak.status} ${weak.text}`);
        }
        assert.equal(await snapshot(s.ctx), before, `${route}: nothing changed`);
        assert.equal(await read(), version, `${route}: the version did not move`);
      }
    });
  });
});
