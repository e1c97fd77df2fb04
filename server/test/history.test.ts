import { test, before, after, describe } from 'node:test';
import assert from 'node:assert/strict';
import { sql } from 'kysely';
import { startServer, waybillInput, deliveredWaybill, waitFor, DEMO_USERS, type TestServer } from './helpers.js';

// Its own scope: the servers its hooks start are closed when its tests end, whatever else shares the process (test/run.ts).
describe('history', () => {
  let s: TestServer;
  let user: string;
  let staff: string;
  before(async () => {
    s = await startServer();
    user = await s.user();
    staff = await s.staff();
  });
  after(async () => {
    await s.close();
  });

  const nameOf = async (email: string) =>
    (await s.ctx.db.selectFrom('users').select('name').where('email', '=', email).executeTakeFirstOrThrow()).name;
  const historyOf = async (path: string, token = user) => s.req('GET', `${path}history/`, { token });

  describe('record history', () => {
    test('a create, an edit and a status change each leave an entry: who, when, how, and each field before and after; newest first', async () => {
      const created = await s.req('POST', '/api/waybills/', {
        token: user,
        body: await waybillInput(s),
        headers: { 'x-timberlog-client': 'web' },
      });
      const path = `/api/waybills/${created.body.number}/`;
      await s.write('PATCH', path, { token: staff, body: { quantity: '31.200', notes: 'Weighed again' } });
      await s.write('PATCH', path, { token: user, body: { status: 'confirmed' }, headers: { 'x-timberlog-client': 'web' } });
      const h = await historyOf(path);
      assert.equal(h.status, 200, h.text);
      assert.equal(h.body.count, 3);
      const [confirm, edit, create] = h.body.results;
      assert.equal(create.action, 'created');
      assert.deepEqual(create.actor, { email: DEMO_USERS.user.email, name: await nameOf(DEMO_USERS.user.email) });
      assert.equal(create.via, 'web');
      assert.equal(create.version, 1);
      assert.equal(edit.action, 'updated');
      // Another person's e-mail address is staff's: an ordinary user reads the name only.
      assert.deepEqual(edit.actor, { name: await nameOf(DEMO_USERS.staff.email) });
      const asStaff = await historyOf(path, staff);
      assert.deepEqual(asStaff.body.results[1].actor, { email: DEMO_USERS.staff.email, name: await nameOf(DEMO_USERS.staff.email) });
      assert.deepEqual(asStaff.body.results[2].actor, { email: DEMO_USERS.user.email, name: await nameOf(DEMO_USERS.user.email) });
      assert.doesNotMatch(
        h.text,
        new RegExp(DEMO_USERS.staff.email.replace(/[.]/g, '\\.')),
        "no other person's address anywhere in the answer",
      );
      assert.equal(edit.via, 'api', 'no web app header: another API client');
      assert.deepEqual(
        [...edit.changes].sort((a: { field: string }, b: { field: string }) => a.field.localeCompare(b.field)),
        [
          { field: 'notes', before: 'Test load', after: 'Weighed again' },
          { field: 'quantity', before: '25.500', after: '31.200' },
        ],
      );
      assert.equal(edit.version, 2);
      assert.deepEqual(confirm.changes, [{ field: 'status', before: 'draft', after: 'confirmed' }]);
      assert.ok(Date.parse(confirm.at) >= Date.parse(create.at));
    });

    test("an entry is written in the change's transaction: when the change fails after writing it, both are gone", async () => {
      const { body } = await s.req('POST', '/api/waybills/', { token: user, body: await waybillInput(s) });
      const entries = async () =>
        Number(
          (
            await sql<{ n: string }>`SELECT count(*) AS n FROM history WHERE entity = 'waybill' AND record_key = ${body.number}`.execute(
              s.ctx.db,
            )
          ).rows[0]!.n,
        );
      const before = await entries();
      await assert.rejects(
        s.ctx.db.transaction().execute(async (trx) => {
          await sql`UPDATE waybills SET notes = 'never kept' WHERE number = ${body.number}`.execute(trx);
          assert.equal(
            Number(
              (
                await sql<{
                  n: string;
                }>`SELECT count(*) AS n FROM history WHERE entity = 'waybill' AND record_key = ${body.number}`.execute(trx)
              ).rows[0]!.n,
            ),
            before + 1,
            'the entry was written',
          );
          throw new Error('the change fails');
        }),
        /the change fails/,
      );
      assert.equal(await entries(), before);
      assert.equal((await s.req('GET', `/api/waybills/${body.number}/`, { token: user })).body.notes, 'Test load');
    });

    test("a seeded record's history says it was created when the record says, not when it was loaded", async () => {
      const oldest = (await s.req('GET', '/api/waybills/?sort=createdAt&pageSize=1', { token: user })).body.results[0];
      assert.ok(Date.parse(oldest.createdAt) < Date.now() - 86_400_000, oldest.createdAt);
      const entries = (await historyOf(`/api/waybills/${oldest.number}/`)).body.results;
      const created = entries.find((entry: { action: string }) => entry.action === 'created');
      assert.equal(Date.parse(created.at), Date.parse(oldest.createdAt));
      const account = (await s.req('GET', `/api/user/${DEMO_USERS.inactive.email}/`, { token: staff })).body;
      const accountCreated = (await historyOf(`/api/user/${DEMO_USERS.inactive.email}/`, staff)).body.results.at(-1);
      assert.equal(Date.parse(accountCreated.at), Date.parse(account.createdAt));
    });

    test('the database refuses to change or remove history', async () => {
      await assert.rejects(sql`UPDATE history SET reason = 'rewritten'`.execute(s.ctx.db), /append-only/);
      await assert.rejects(sql`DELETE FROM history`.execute(s.ctx.db), /append-only/);
      await assert.rejects(sql`TRUNCATE history`.execute(s.ctx.db), /append-only/);
      assert.ok(Number((await sql<{ n: string }>`SELECT count(*) AS n FROM history`.execute(s.ctx.db)).rows[0]!.n) > 0);
    });

    test("history is read where the record is: a deleted waybill's by staff only, an account's by staff only, a password change without its values", async () => {
      const { body } = await s.req('POST', '/api/waybills/', { token: user, body: await waybillInput(s) });
      const path = `/api/waybills/${body.number}/`;
      assert.equal((await s.write('DELETE', path, { token: user })).status, 204);
      assert.equal((await historyOf(path)).status, 404, "an ordinary user cannot read a deleted waybill's history");
      const gone = await historyOf(path, staff);
      assert.equal(gone.status, 200);
      assert.deepEqual(
        gone.body.results.map((e: { action: string }) => e.action),
        ['deleted', 'created'],
      );
      assert.equal((await historyOf('/api/waybills/W-2026-999999/', staff)).status, 404, 'no record, no history');

      const email = DEMO_USERS.user.email;
      assert.equal((await historyOf(`/api/user/${email}/`)).status, 403);
      const pw = await s.write('PATCH', `/api/user/${email}/`, { token: staff, body: { password: 'Metsaveo-koorem-2026' } });
      assert.equal(pw.status, 200, pw.text);
      const acc = await historyOf(`/api/user/${email}/`, staff);
      assert.equal(acc.status, 200);
      assert.deepEqual(acc.body.results[0].changes, [{ field: 'password', before: null, after: null }]);
      assert.ok(!acc.text.includes('argon2'), 'no hash in the history');
      user = (await s.login(email, 'Metsaveo-koorem-2026')).access;
    });

    test('invoice sync attempts and their results are history entries of the system', async () => {
      const delivered = await deliveredWaybill(s, user);
      const inv = await s.req('POST', '/api/invoices/', { token: user, body: { waybills: [delivered.number] } });
      assert.equal(inv.status, 201, inv.text);
      const path = `/api/invoices/${inv.body.number}/`;
      const h = await waitFor(async () => {
        const r = await historyOf(path);
        return r.body.count >= 2 ? r : undefined;
      });
      const synced = h.body.results[0];
      assert.equal(synced.actor, null);
      assert.equal(synced.via, 'job');
      assert.ok(
        synced.changes.some((c: { field: string; before: string; after: string }) => c.field === 'status' && c.before === 'pending_sync'),
        JSON.stringify(synced.changes),
      );
      // The invoiced waybill's history says who invoiced it.
      const wb = await historyOf(`/api/waybills/${delivered.number}/`);
      assert.deepEqual(
        wb.body.results[0].changes.find((c: { field: string }) => c.field === 'status'),
        { field: 'status', before: 'delivered', after: 'invoiced' },
      );
      assert.equal(wb.body.results[0].actor.email, DEMO_USERS.user.email);
    });

    test('history pages like every list', async () => {
      const { body } = await s.req('POST', '/api/waybills/', { token: user, body: await waybillInput(s) });
      const path = `/api/waybills/${body.number}/`;
      for (const n of [1, 2, 3]) await s.write('PATCH', path, { token: user, body: { notes: `note ${n}` } });
      const first = await s.req('GET', `${path}history/?pageSize=3`, { token: user });
      assert.equal(first.body.count, 4);
      assert.ok(first.body.next);
      const second = await s.req('GET', `${path}history/?pageSize=3&pageNumber=2`, { token: user });
      assert.deepEqual(
        second.body.results.map((e: { action: string }) => e.action),
        ['created'],
      );
      assert.equal((await s.req('GET', `${path}history/?pageSize=3&pageNumber=3`, { token: user })).status, 404);
    });
  });
});
