import { test, before, after, describe } from 'node:test';
import assert from 'node:assert/strict';
import { sql } from 'kysely';
import pg from 'pg';
import { LIMITS } from '@timberlog/contract';
import { startServer, waybillInput, DEMO_USERS, type TestServer } from './helpers.js';
import { openStream, type Received } from './event-stream.js';

// Its own scope: the servers its hooks start are closed when its tests end, whatever else shares the process (test/run.ts).
describe('events', () => {
  /**
   * Live change events over Server-Sent Events. Two server instances on one database (A and B, each
   * with its own LISTEN connection): a change made through A reaches a client of B through
   * PostgreSQL, the only bus (two-servers.test.ts proves it again with two real server processes).
   */
  let A: TestServer;
  let B: TestServer;
  let user: string;
  let staff: string;
  before(async () => {
    A = await startServer({}, { workers: false });
    B = await startServer({}, { workers: false, reuse: { dbUrl: A.dbUrl, dataDir: A.ctx.config.dataDir } });
    user = await A.user();
    staff = await A.staff();
  });
  after(async () => {
    await B.close(true);
    await A.close();
  });

  const newWaybill = async (server: TestServer) => {
    const r = await server.req('POST', '/api/waybills/', { token: user, body: await waybillInput(server) });
    assert.equal(r.status, 201, r.text);
    return r.body.number as string;
  };

  describe('live change events', () => {
    test("another person's e-mail address is staff's: live and replayed, a nameless actor is no one to a user and their address to staff", async () => {
      const number = await newWaybill(A);
      const { name } = await A.ctx.db
        .selectFrom('users')
        .select('name')
        .where('email', '=', DEMO_USERS.staff.email)
        .executeTakeFirstOrThrow();
      const userStream = await openStream(B, user);
      const staffStream = await openStream(B, staff);
      let since = 0;
      try {
        await A.ctx.db.updateTable('users').set({ name: '' }).where('email', '=', DEMO_USERS.staff.email).execute();
        await A.write('PATCH', `/api/waybills/${number}/`, { token: staff, body: { notes: 'By someone nameless' } });
        const seen = await userStream.next((x) => x.data.key === number && x.data.action === 'updated');
        const told = await staffStream.next((x) => x.data.key === number && x.data.action === 'updated');
        assert.equal(seen.data.actor, null);
        assert.equal(told.data.actor, DEMO_USERS.staff.email);
        since = Number(seen.data.id) - 1;
      } finally {
        userStream.close();
        staffStream.close();
        await A.ctx.db.updateTable('users').set({ name }).where('email', '=', DEMO_USERS.staff.email).execute();
      }
      // The replay tells it the same way.
      const resumed = await openStream(B, user, since);
      try {
        const again = await resumed.next((x) => x.data.key === number && x.data.action === 'updated');
        assert.equal(again.data.actor, null);
        assert.ok(!JSON.stringify(again.data).includes('@'));
      } finally {
        resumed.close();
      }
    });

    test('a change made through instance A reaches a client of instance B within 2 s, naming what changed and who; never its data', async () => {
      const stream = await openStream(B, user);
      try {
        assert.equal(stream.headers.get('cache-control'), 'no-store');
        const number = await newWaybill(A);
        const started = Date.now();
        await A.write('PATCH', `/api/waybills/${number}/`, { token: staff, body: { notes: 'Seen live' } });
        const e = await stream.next((x) => x.data.key === number && x.data.action === 'updated');
        assert.ok(Date.now() - started < 2000);
        const staffName = (
          await A.ctx.db.selectFrom('users').select('name').where('email', '=', DEMO_USERS.staff.email).executeTakeFirstOrThrow()
        ).name;
        assert.deepEqual(
          { ...e.data, id: undefined },
          { id: undefined, entity: 'waybill', key: number, version: 2, action: 'updated', actor: staffName },
        );
        assert.equal(e.id, e.data.id, 'the SSE id is the event id');
        assert.ok(!JSON.stringify(e.data).includes('Seen live'), 'no record data in the event');
      } finally {
        stream.close();
      }
    });

    test('account events go to staff only', async () => {
      const ordinary = await openStream(B, user);
      const staffStream = await openStream(B, staff);
      try {
        await A.write('PATCH', `/api/user/${DEMO_USERS.user.email}/`, { token: staff, body: { name: 'Clerk Renamed' } });
        const number = await newWaybill(A);
        await staffStream.next((x) => x.data.entity === 'user' && x.data.key === DEMO_USERS.user.email);
        // Notifications arrive in commit order: once the later waybill event is here, the account's would have been too.
        await ordinary.next((x) => x.data.key === number);
        assert.ok(!ordinary.received.some((x) => x.data.entity === 'user'), JSON.stringify(ordinary.received));
      } finally {
        ordinary.close();
        staffStream.close();
      }
    });

    test('a change that is rolled back announces nothing', async () => {
      const stream = await openStream(B, user);
      try {
        const number = await newWaybill(A);
        await assert.rejects(
          A.ctx.db.transaction().execute(async (trx) => {
            await sql`UPDATE waybills SET notes = 'rolled back' WHERE number = ${number}`.execute(trx);
            throw new Error('undo');
          }),
        );
        await A.write('PATCH', `/api/waybills/${number}/`, { token: user, body: { notes: 'kept' } });
        const kept = await stream.next((x) => x.data.key === number && x.data.action === 'updated');
        assert.equal(kept.data.version, 2, 'the rolled-back change moved no version and sent no event');
        assert.equal(stream.received.filter((x) => x.data.key === number && x.data.action === 'updated').length, 1);
      } finally {
        stream.close();
      }
    });

    test('a client that reconnects with Last-Event-ID gets what it missed, in order, once', async () => {
      const first = await openStream(B, user);
      const number = await newWaybill(A);
      const seen = await first.next((x) => x.data.key === number);
      first.close();
      await A.write('PATCH', `/api/waybills/${number}/`, { token: user, body: { notes: 'missed 1' } });
      await A.write('PATCH', `/api/waybills/${number}/`, { token: user, body: { notes: 'missed 2' } });
      const again = await openStream(B, user, seen.id);
      try {
        await again.next((x) => x.data.key === number && x.data.version === 3);
        const mine = again.received.filter((x) => x.data.key === number);
        assert.deepEqual(
          mine.map((x) => x.data.version),
          [2, 3],
        );
        assert.ok(mine.every((x) => x.id > seen.id));
      } finally {
        again.close();
      }
    });

    test('a new stream first says where it starts, so a client resumes from there without refetching', async () => {
      const before = await openStream(B, user);
      const number = await newWaybill(A);
      await before.next((x) => x.data.key === number);
      before.close();
      const stream = await openStream(B, user);
      let ready;
      try {
        ready = await stream.next((x) => x.event === 'ready');
        assert.equal(stream.received[0]?.event, 'ready', 'before any change');
        const { rows } = await sql<{ id: number }>`SELECT max(id)::int AS id FROM history`.execute(A.ctx.db);
        assert.equal(ready.id, rows[0]!.id);
      } finally {
        stream.close();
      }
      await A.write('PATCH', `/api/waybills/${number}/`, { token: user, body: { notes: 'after the start' } });
      const resumed = await openStream(B, user, ready.id);
      try {
        const missed = await resumed.next((x) => x.data.key === number);
        assert.equal(missed.data.version, 2);
        assert.ok(
          resumed.received.every((x) => x.event !== 'ready'),
          'a resumed stream has no ready event',
        );
      } finally {
        resumed.close();
      }
    });

    /**
     * History ids are taken when a statement runs, not when its transaction commits. A
     * transaction still open holds a lower id than a quick edit made and committed meanwhile; a
     * position past the quick edit must not skip the slow one when it commits.
     */
    describe('commit order', () => {
      /**
       * A transaction of its own that changes a warehouse (`times` times) and stays open: the first
       * id it took, what it changed, and how it ends. A warehouse, not a waybill: a waybill's edit
       * would wait on the shared search totals the open transaction holds.
       */
      const openTransaction = async (times = 1) => {
        const client = new pg.Client({ connectionString: A.dbUrl });
        await client.connect();
        await client.query('BEGIN');
        const key = String((await client.query<{ id: number }>('SELECT min(id) AS id FROM warehouses')).rows[0]!.id);
        const { rows } = await client.query<{ id: number }>(
          `SELECT coalesce(max(id), 0)::int AS id FROM history WHERE entity = 'warehouse' AND record_key = $1`,
          [key],
        );
        await client.query(
          `DO $$ BEGIN FOR i IN 1..${times} LOOP UPDATE warehouses SET address = 'slow ' || i || ' ' || clock_timestamp() WHERE id = ${Number(key)}; END LOOP; END $$`,
        );
        const taken = await client.query<{ id: number }>(
          `SELECT min(id)::int AS id FROM history WHERE entity = 'warehouse' AND record_key = $1 AND id > $2`,
          [key, rows[0]!.id],
        );
        return {
          id: taken.rows[0]!.id,
          isIt: (e: Received) => e.event === 'change' && e.data.entity === 'warehouse' && e.data.key === key,
          commit: async () => {
            await client.query('COMMIT');
            await client.end();
          },
          rollback: async () => {
            await client.query('ROLLBACK').catch(() => undefined);
            await client.end();
          },
        };
      };

      test('a resumed stream gets a change whose transaction took a lower id and committed after the last event it received', async () => {
        const quick = await newWaybill(A);
        const first = await openStream(B, user);
        await first.next((e) => e.event === 'ready');
        const open = await openTransaction();
        let last;
        try {
          const edited = await A.write('PATCH', `/api/waybills/${quick}/`, { token: user, body: { notes: 'quick' } });
          assert.equal(edited.status, 200, edited.text);
          last = await first.next((e) => e.data.key === quick && e.data.action === 'updated');
          assert.ok(open.id < last.id, `the open transaction took the lower id (${open.id} < ${last.id})`);
        } catch (err) {
          await open.rollback();
          throw err;
        } finally {
          first.close();
        }
        await open.commit();
        const resumed = await openStream(B, user, last.id);
        try {
          const missed = await resumed.next(open.isIt, 5_000);
          assert.equal(missed.data.id, open.id);
          // A later change witnesses that the replay and what was queued behind it are all out.
          await A.write('PATCH', `/api/waybills/${quick}/`, { token: user, body: { notes: 'after' } });
          await resumed.next((e) => e.data.key === quick && e.data.version === 3);
          assert.equal(resumed.received.filter(open.isIt).length, 1, 'the late change once');
          assert.ok(!resumed.received.some((e) => e.id === last.id), 'not the last one received again');
          assert.ok(!resumed.received.some((e) => e.event === 'gap'));
        } finally {
          resumed.close();
        }
      });

      test('a ready position taken while a transaction is open: the live stream gets its change, and so does a stream resumed from the position', async () => {
        const quick = await newWaybill(A);
        // A stream on B that sees the edit: B has heard it (its start, the last id it heard, is past it) before the next starts.
        const witness = await openStream(B, user);
        await witness.next((e) => e.event === 'ready');
        const open = await openTransaction();
        let ready;
        let live;
        try {
          const edited = await A.write('PATCH', `/api/waybills/${quick}/`, { token: user, body: { notes: 'quick' } });
          assert.equal(edited.status, 200, edited.text);
          try {
            await witness.next((e) => e.data.key === quick && e.data.action === 'updated');
          } finally {
            witness.close();
          }
          const started = await openStream(B, user);
          try {
            ready = await started.next((e) => e.event === 'ready');
          } finally {
            started.close();
          }
          assert.ok(open.id < ready.id, `the open transaction took an id below the start (${open.id} < ${ready.id})`);
          live = await openStream(B, user);
          await live.next((e) => e.event === 'ready');
        } catch (err) {
          await open.rollback();
          throw err;
        }
        await open.commit();
        try {
          const seen = await live.next(open.isIt, 5_000);
          assert.equal(seen.data.id, open.id);
        } finally {
          live.close();
        }
        const resumed = await openStream(B, user, ready.id);
        try {
          const missed = await resumed.next(open.isIt, 5_000);
          assert.equal(missed.data.id, open.id);
        } finally {
          resumed.close();
        }
      });

      test('more late entries than a replay holds: the resumed stream says gap, and where to resume after refetching', async () => {
        const quick = await newWaybill(A);
        const first = await openStream(B, user);
        const witness = await openStream(B, staff);
        await first.next((e) => e.event === 'ready');
        await witness.next((e) => e.event === 'ready');
        // One transaction, many entries (an import's worth in kind, if not in number).
        const open = await openTransaction(510);
        let last;
        try {
          await A.write('PATCH', `/api/waybills/${quick}/`, { token: user, body: { notes: 'quick' } });
          last = await first.next((e) => e.data.key === quick && e.data.action === 'updated');
        } catch (err) {
          await open.rollback();
          witness.close();
          throw err;
        } finally {
          first.close();
        }
        await open.commit();
        // Server B has heard all of it before the client comes back.
        await witness.next(() => witness.received.filter(open.isIt).length === 510, 5_000);
        witness.close();
        const resumed = await openStream(B, user, last.id);
        let gap;
        try {
          gap = await resumed.next((e) => e.event === 'gap', 5_000);
          assert.ok(!resumed.received.some(open.isIt), 'a gap replays nothing');
        } finally {
          resumed.close();
        }
        // Resumed from where the gap said (having refetched), the same gap is not met again.
        const after = await openStream(B, user, gap.id);
        try {
          await A.write('PATCH', `/api/waybills/${quick}/`, { token: user, body: { notes: 'after' } });
          await after.next((e) => e.data.key === quick && e.data.version === 3);
          assert.ok(!after.received.some((e) => e.event === 'gap' || open.isIt(e)), JSON.stringify(after.received.slice(0, 3)));
        } finally {
          after.close();
        }
      });
    });

    test(`one account keeps at most ${LIMITS.eventStreamsPerAccount} streams open on a server: one more ends its oldest, not another account's`, async () => {
      const user = await A.user();
      const other = await A.staff();
      const staffStream = await openStream(A, other);
      const streams = [];
      for (let n = 0; n < LIMITS.eventStreamsPerAccount; n += 1) streams.push(await openStream(A, user));
      for (const stream of streams) await stream.next((e) => e.event === 'ready');
      const newest = await openStream(A, user);
      await newest.next((e) => e.event === 'ready');
      assert.equal(await streams[0]!.endedByServer(5_000), true, 'the oldest ended');
      for (const stream of [...streams.slice(1), newest, staffStream]) assert.equal(await stream.endedByServer(50), false);
      for (const stream of [...streams, newest, staffStream]) stream.close();
    });

    /** A fresh ordinary account, signed in: its email, its token pair. */
    const freshAccount = async (name: string) => {
      const email = `${name}-${Date.now()}@example.com`;
      const password = 'Voolu-kontroll-2026';
      const made = await A.req('POST', '/api/user/', { token: staff, body: { email, name, password, isActive: true, isStaff: false } });
      assert.equal(made.status, 201, made.text);
      return { email, password, pair: await A.login(email, password) };
    };

    test('a stream ends when its session does (sign-out, deactivation), on the other server too, and follows a role change', async () => {
      const signedOut = await freshAccount('signed-out');
      const onA = await openStream(A, signedOut.pair.access);
      const onB = await openStream(B, signedOut.pair.access);
      await onA.next((e) => e.event === 'ready');
      await onB.next((e) => e.event === 'ready');
      assert.equal((await B.req('POST', '/api/auth/logout', { body: { refresh: signedOut.pair.refresh } })).status, 200);
      assert.equal(await onA.endedByServer(5_000), true, 'the stream on A outlived the sign-out');
      assert.equal(await onB.endedByServer(5_000), true, 'the stream on B outlived the sign-out');

      const deactivated = await freshAccount('deactivated');
      const stream = await openStream(B, deactivated.pair.access);
      await stream.next((e) => e.event === 'ready');
      const patch = await A.write('PATCH', `/api/user/${deactivated.email}/`, { token: staff, body: { isActive: false } });
      assert.equal(patch.status, 200, patch.text);
      assert.equal(await stream.endedByServer(5_000), true, 'the deactivated account kept its stream');

      // Made staff, the stream receives account events; made an ordinary user again, it does not. A
      // staff stream on the same server witnesses that an event was sent out.
      const promoted = await freshAccount('promoted');
      const rising = await openStream(B, promoted.pair.access);
      const witness = await openStream(B, staff);
      await rising.next((e) => e.event === 'ready');
      await witness.next((e) => e.event === 'ready');
      const isAccountEvent = (email: string) => (e: { event: string; data: { entity?: string; key?: string } }) =>
        e.event === 'change' && e.data.entity === 'user' && e.data.key === email;
      assert.equal((await A.write('PATCH', `/api/user/${promoted.email}/`, { token: staff, body: { isStaff: true } })).status, 200);
      const afterPromotion = await freshAccount('after-promotion');
      await rising.next(isAccountEvent(afterPromotion.email), 5_000);
      assert.equal((await A.write('PATCH', `/api/user/${promoted.email}/`, { token: staff, body: { isStaff: false } })).status, 200);
      const afterDemotion = await freshAccount('after-demotion');
      await witness.next(isAccountEvent(afterDemotion.email), 5_000);
      assert.equal(rising.received.some(isAccountEvent(afterDemotion.email)), false, 'a demoted account still received account events');
      witness.close();
      rising.close();
    });

    test('a replay never reaches before the account existed', async () => {
      await newWaybill(A);
      const fresh = await freshAccount('replayer');
      const created = await newWaybill(A);
      const replay = await openStream(B, fresh.pair.access, 0);
      await replay.next((e) => e.event === 'change' && e.data.key === created, 5_000);
      const keys = replay.received.filter((e) => e.event === 'change').map((e) => e.data.key);
      // Its own account's creation is the first thing it may see; nothing before it.
      const { rows } = await sql<{ id: number }>`SELECT min(id)::int AS id FROM history WHERE record_key = ${fresh.email}`.execute(
        A.ctx.db,
      );
      const accountMade = rows[0]!.id;
      assert.ok(
        replay.received.every((e) => e.event !== 'change' || e.id >= accountMade),
        `replayed from before: ${keys.join(', ')}`,
      );
      replay.close();
    });

    test('without a token there is no stream', async () => {
      const res = await fetch(`${B.url}/api/events/`);
      assert.equal(res.status, 401);
    });
  });
});
