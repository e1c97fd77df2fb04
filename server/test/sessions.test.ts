import { test, before, after, describe } from 'node:test';
import assert from 'node:assert/strict';
import { SignJWT } from 'jose';
import { DEMO_USERS, startServer, type TestServer } from './helpers.js';

// Its own scope: the servers its hooks start are closed when its tests end, whatever else shares the process (test/run.ts).
describe('sessions', () => {
  /** Sessions end when they should: token claims, password changes, deactivation, sign-out, absolute lifetime. */
  let s: TestServer;
  before(async () => {
    s = await startServer({ accessTokenTtlSeconds: 120 }, { workers: false });
  });
  after(async () => {
    await s.close();
  });

  const PASSWORD = 'Vahetus-2026-kontor';
  const me = (token: string) => s.req('GET', '/api/user/me', { token });
  const refresh = (token: string) => s.req('POST', '/api/auth/token/refresh/', { body: { refresh: token } });

  /** A token signed with the server's own key, claims as given (a copy of a real one's plus changes). */
  async function forge(real: string, change: (claims: Record<string, unknown>) => Record<string, unknown>): Promise<string> {
    const claims = JSON.parse(Buffer.from(real.split('.')[1]!, 'base64url').toString()) as Record<string, unknown>;
    return new SignJWT(change({ ...claims })).setProtectedHeader({ alg: 'RS256', typ: 'JWT' }).sign(s.ctx.keys.privateKey);
  }

  describe('token claims', () => {
    test('a signed token without exp, iat or jti, with iat in the future, or living longer than its kind allows is refused', async () => {
      const { access } = await s.login();
      assert.equal((await me(access)).status, 200);
      const now = Math.floor(Date.now() / 1000);
      const bad = {
        noExp: ({ exp: _e, ...c }: Record<string, unknown>) => c,
        noIat: ({ iat: _i, ...c }: Record<string, unknown>) => c,
        noJti: ({ jti: _j, ...c }: Record<string, unknown>) => c,
        futureIat: (c: Record<string, unknown>) => ({ ...c, iat: now + 3600, exp: now + 3700 }),
        longLived: (c: Record<string, unknown>) => ({ ...c, iat: now, exp: now + 365 * 86400 }),
        old: (c: Record<string, unknown>) => ({ ...c, iat: now - 3600, exp: now + 60 }),
      };
      for (const [name, change] of Object.entries(bad)) {
        const token = await forge(access, change);
        const r = await me(token);
        assert.equal(r.status, 401, `${name}: ${r.text}`);
        assert.equal((await s.req('POST', '/api/auth/token/verify/', { body: { token } })).status, 401, `${name} (verify)`);
      }
    });

    test("a deleted and re-created account's old tokens do not work on the new account", async () => {
      const staff = await s.staff();
      const email = 'recreated@example.com';
      const body = { email, name: 'First', password: 'Esimene-konto-2026' };
      assert.equal((await s.req('POST', '/api/user/', { token: staff, body })).status, 201);
      const old = await s.login(email, body.password);
      assert.equal((await s.write('DELETE', `/api/user/${email}/`, { token: staff })).status, 204);
      assert.equal((await s.req('POST', '/api/user/', { token: staff, body: { ...body, name: 'Second' } })).status, 201);
      assert.equal((await me(old.access)).status, 401);
      assert.equal((await refresh(old.refresh)).status, 401);
    });
  });

  describe('password changes end sessions', () => {
    test("a self-change needs the current password, in the caller's language", async () => {
      const { access } = await s.login('hannes.ilves@timberlog.ee', PASSWORD);
      const missing = await s.write('PATCH', '/api/user/me', {
        token: access,
        body: { password: 'Uus-salasona-2026' },
        headers: { 'accept-language': 'et' },
      });
      assert.equal(missing.status, 400);
      assert.ok(Array.isArray(missing.body.currentPassword), missing.text);
      const wrong = await s.write('PATCH', '/api/user/me', {
        token: access,
        body: { password: 'Uus-salasona-2026', currentPassword: 'not-the-password' },
      });
      assert.equal(wrong.status, 400);
      assert.ok(Array.isArray(wrong.body.currentPassword));
      assert.equal((await s.login('hannes.ilves@timberlog.ee', PASSWORD)).access.length > 0, true, 'the password is unchanged');
      // A name change alone needs no password.
      assert.equal((await s.write('PATCH', '/api/user/me', { token: access, body: { name: 'Hannes Ilves' } })).status, 200);
    });

    test("a self-change ends every session of the account, the caller's too", async () => {
      const email = 'jaan.jogi@timberlog.ee';
      const a = await s.login(email, PASSWORD);
      const b = await s.login(email, PASSWORD);
      const r = await s.write('PUT', '/api/user/me', {
        token: a.access,
        body: { name: 'Jaan Jõgi', password: 'Uus-salasona-2026', currentPassword: PASSWORD },
      });
      assert.equal(r.status, 200, r.text);
      for (const pair of [a, b]) {
        assert.equal((await me(pair.access)).status, 401);
        assert.equal((await refresh(pair.refresh)).status, 401);
      }
      const fresh = await s.login(email, 'Uus-salasona-2026');
      assert.equal((await me(fresh.access)).status, 200);
    });

    test("a staff-set password and a deactivation end the account's sessions", async () => {
      const staff = await s.staff();
      const email = 'piret.parn@timberlog.ee';
      const before1 = await s.login(email, PASSWORD);
      assert.equal((await s.write('PATCH', `/api/user/${email}/`, { token: staff, body: { password: 'Staabi-antud-2026' } })).status, 200);
      assert.equal((await me(before1.access)).status, 401);
      assert.equal((await refresh(before1.refresh)).status, 401);
      const before2 = await s.login(email, 'Staabi-antud-2026');
      assert.equal((await s.write('PATCH', `/api/user/${email}/`, { token: staff, body: { isActive: false } })).status, 200);
      assert.equal((await s.write('PATCH', `/api/user/${email}/`, { token: staff, body: { isActive: true } })).status, 200);
      assert.equal((await me(before2.access)).status, 401, 'reactivation does not revive old tokens');
      assert.equal((await refresh(before2.refresh)).status, 401);
    });
  });

  describe('sign-out and session lifetime', () => {
    test('sign-out revokes the presented refresh token only', async () => {
      const a = await s.login();
      const b = await s.login();
      const out = await s.req('POST', '/api/auth/logout', { body: { refresh: a.refresh } });
      assert.equal(out.status, 200);
      assert.deepEqual(out.body, { status: 'OK' });
      assert.equal((await refresh(a.refresh)).status, 401);
      // Not treated as theft: the account's other session lives on.
      const next = await refresh(b.refresh);
      assert.equal(next.status, 200);
      assert.equal(
        (await s.req('POST', '/api/auth/logout/', { body: { refresh: 'not-a-token' } })).status,
        200,
        'signing out with a dead token is harmless',
      );
    });

    test("sign-out ends that session's access tokens at once, renewed ones included; the account's other session goes on", async () => {
      const a = await s.login();
      const b = await s.login();
      // A renewal continues the session: its new tokens end with it too.
      const renewed = await refresh(a.refresh);
      assert.equal(renewed.status, 200, renewed.text);
      assert.equal((await me(a.access)).status, 200);
      assert.equal((await me(renewed.body.access)).status, 200);
      const out = await s.req('POST', '/api/auth/logout', { body: { refresh: renewed.body.refresh } });
      assert.equal(out.status, 200);
      assert.equal((await me(a.access)).status, 401, 'an access token of the signed-out session still worked');
      assert.equal((await me(renewed.body.access)).status, 401, 'the renewed access token still worked');
      assert.equal((await refresh(renewed.body.refresh)).status, 401);
      assert.equal((await me(b.access)).status, 200, 'the other session ended too');
      assert.equal((await refresh(b.refresh)).status, 200);
      // The verify call agrees with the calls.
      assert.equal((await s.req('POST', '/api/auth/token/verify/', { body: { token: a.access } })).status, 401);
    });

    test('signing out a session whose account was deleted meanwhile is harmless: 200, not a server error', async () => {
      const staff = await s.staff();
      const email = `gone-${Date.now()}@example.com`;
      const made = await s.req('POST', '/api/user/', {
        token: staff,
        body: { email, name: 'Gone', password: 'Kustutatud-2026', isActive: true, isStaff: false },
      });
      assert.equal(made.status, 201, made.text);
      const pair = await s.login(email, 'Kustutatud-2026');
      assert.equal((await s.write('DELETE', `/api/user/${email}/`, { token: staff })).status, 204);
      assert.equal((await s.req('POST', '/api/auth/logout', { body: { refresh: pair.refresh } })).status, 200);
    });

    test('rotation has an absolute end: a session older than the lifetime cannot refresh', async () => {
      const pair = await s.login(DEMO_USERS.staff.email, DEMO_USERS.staff.password);
      const r1 = await refresh(pair.refresh);
      assert.equal(r1.status, 200);
      await s.ctx.db
        .updateTable('refreshTokens')
        .set({ sessionStartedAt: new Date(Date.now() - 31 * 86400_000) })
        .where('userEmail', '=', DEMO_USERS.staff.email)
        .execute();
      assert.equal((await refresh(r1.body.refresh)).status, 401);
    });
  });
});
