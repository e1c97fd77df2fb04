import { test, before, after, describe } from 'node:test';
import assert from 'node:assert/strict';
import pg from 'pg';
import { startServer, waitFor, type TestServer } from './helpers.js';
import { UserCache, USERS_CHANNEL } from '../src/auth/user-cache.js';

// Its own scope: the servers its hooks start are closed when its tests end, whatever else shares the process (test/run.ts).
describe('account-cache', () => {
  /**
   * The accounts a server keeps after checking a bearer token (src/auth/user-cache.ts): a change
   * made anywhere in the database drops the copy, and nothing is kept while the change
   * announcements cannot be heard.
   */
  let s: TestServer;
  let other: pg.Client;
  before(async () => {
    s = await startServer({ accessTokenTtlSeconds: 300 }, { workers: false });
    // Another server, a script or psql: changes the database without going through this server.
    other = new pg.Client({ connectionString: s.dbUrl });
    await other.connect();
  });
  after(async () => {
    await other.end();
    await s.close();
  });

  const me = (token: string) => s.req('GET', '/api/user/me', { token });
  const PASSWORD = 'Kaugel-kontoris-2026';

  async function account(email: string): Promise<string> {
    const staff = await s.staff();
    assert.equal((await s.req('POST', '/api/user/', { token: staff, body: { email, name: 'Cached', password: PASSWORD } })).status, 201);
    return (await s.login(email, PASSWORD)).access;
  }

  describe('accounts kept by the server', () => {
    test("a deactivation made elsewhere refuses the account's token once announced, and the copy is not used again", async () => {
      const email = 'cached-elsewhere@example.com';
      const token = await account(email);
      assert.equal((await me(token)).status, 200);
      assert.ok(s.ctx.accounts.get(email), 'the account is kept after a request');
      await other.query('UPDATE users SET is_active = false WHERE email = $1', [email]);
      await waitFor(async () => s.ctx.accounts.get(email) === undefined, 5000, 'the announcement');
      assert.equal((await me(token)).status, 401);
    });

    test('a new session key, a deletion and a TRUNCATE-like announcement each drop the copy', async () => {
      const email = 'cached-key@example.com';
      const token = await account(email);
      assert.equal((await me(token)).status, 200);
      await other.query('UPDATE users SET session_key = gen_random_uuid() WHERE email = $1', [email]);
      await waitFor(async () => s.ctx.accounts.get(email) === undefined, 5000, 'the announcement');
      assert.equal((await me(token)).status, 401);

      const second = 'cached-deleted@example.com';
      const token2 = await account(second);
      assert.equal((await me(token2)).status, 200);
      await other.query('DELETE FROM users WHERE email = $1', [second]);
      await waitFor(async () => s.ctx.accounts.get(second) === undefined, 5000, 'the announcement');
      assert.equal((await me(token2)).status, 401);

      const third = 'cached-all@example.com';
      const token3 = await account(third);
      assert.equal((await me(token3)).status, 200);
      await other.query(`SELECT pg_notify('${USERS_CHANNEL}', '*')`);
      await waitFor(async () => s.ctx.accounts.get(third) === undefined, 5000, 'the announcement');
    });

    test('a deactivation through this server holds for the very next request', async () => {
      const email = 'cached-here@example.com';
      const token = await account(email);
      assert.equal((await me(token)).status, 200);
      const staff = await s.staff();
      assert.equal((await s.write('PATCH', `/api/user/${email}/`, { token: staff, body: { isActive: false } })).status, 200);
      assert.equal((await me(token)).status, 401);
    });

    test('while the announcements cannot be heard nothing is kept: a change elsewhere holds at once', async () => {
      const email = 'cached-deaf@example.com';
      const token = await account(email);
      // One connection listens for the account cache and the live events alike.
      const listening = await other.query(
        `SELECT count(*)::int AS n FROM pg_stat_activity WHERE query LIKE 'LISTEN %' AND datname = current_database()`,
      );
      assert.equal(listening.rows[0].n, 1, 'one LISTEN connection for the instance');
      // Cut the listening connection; the server reconnects within a second or so.
      const cut = await other.query(
        `SELECT pg_terminate_backend(pid) AS done FROM pg_stat_activity WHERE query LIKE 'LISTEN %' AND datname = current_database()`,
      );
      assert.ok(cut.rows.length >= 1, 'the listening connection was found');
      await waitFor(
        async () => s.ctx.accounts.get('nobody') === undefined && !(s.ctx.accounts as unknown as { listening: boolean }).listening,
        5000,
        'the listener to notice',
      );
      assert.equal((await me(token)).status, 200);
      assert.equal(s.ctx.accounts.get(email), undefined, 'nothing is kept while deaf');
      await other.query('UPDATE users SET is_active = false WHERE email = $1', [email]);
      assert.equal((await me(token)).status, 401, 'refused with no announcement heard');
      // It listens again, and keeps accounts again.
      await waitFor(async () => (s.ctx.accounts as unknown as { listening: boolean }).listening, 10_000, 'the listener to reconnect');
      const back = await account('cached-back@example.com');
      assert.equal((await me(back)).status, 200);
      assert.ok(s.ctx.accounts.get('cached-back@example.com'));
    });
  });

  describe('UserCache', () => {
    const row = (email: string) => ({ email, name: 'N', isStaff: false, isActive: true, sessionKey: 'k', endedSessions: [] });

    test('a read that started before a forget is not stored', () => {
      const cache = new UserCache();
      cache.setListening(true);
      const mark = cache.mark();
      cache.forget('a@example.com');
      cache.put(row('a@example.com'), mark);
      assert.equal(cache.get('a@example.com'), undefined);
      const fresh = cache.mark();
      cache.put(row('a@example.com'), fresh);
      assert.equal(cache.get('a@example.com')?.email, 'a@example.com');
      cache.forgetAll();
      assert.equal(cache.get('a@example.com'), undefined);
    });

    test('nothing is stored or read while not listening', () => {
      const cache = new UserCache();
      cache.put(row('b@example.com'), cache.mark());
      assert.equal(cache.get('b@example.com'), undefined);
      cache.setListening(true);
      cache.put(row('b@example.com'), cache.mark());
      assert.ok(cache.get('b@example.com'));
      cache.setListening(false);
      assert.equal(cache.get('b@example.com'), undefined);
    });
  });
});
