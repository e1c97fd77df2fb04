import { test, before, after, describe } from 'node:test';
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { decodeJwt, importSPKI, jwtVerify } from 'jose';
import { accountMailDone, DEMO_USERS, outboxMails, startServer, type TestServer } from './helpers.js';

// Its own scope: the servers its hooks start are closed when its tests end, whatever else shares the process (test/run.ts).
describe('auth', () => {
  let s: TestServer;
  before(async () => {
    s = await startServer({ rateLimitPerAccount: 3, rateLimitPerAddress: 1000, accessTokenTtlSeconds: 120 });
  });
  after(async () => {
    await s.close();
  });

  describe('tokens', () => {
    test('token pair for good credentials: RS256 with the documented claims', async () => {
      const r = await s.req('POST', '/api/auth/token/', { body: { email: DEMO_USERS.staff.email, password: DEMO_USERS.staff.password } });
      assert.equal(r.status, 200);
      const key = await importSPKI(s.ctx.keys.publicPem, 'RS256');
      const { payload, protectedHeader } = await jwtVerify(r.body.access, key);
      assert.equal(protectedHeader.alg, 'RS256');
      assert.equal(payload.token_type, 'access');
      assert.equal(payload.user_id, DEMO_USERS.staff.email);
      assert.equal(payload.is_staff, true);
      assert.ok(payload.jti && payload.iat && payload.exp);
      assert.equal(payload.exp! - payload.iat!, 120, 'access lifetime follows ACCESS_TOKEN_TTL_SECONDS');
      assert.equal(decodeJwt(r.body.refresh).token_type, 'refresh');
    });

    test('wrong password, unknown account and inactive account are the same 401', async () => {
      for (const body of [
        { email: DEMO_USERS.user.email, password: 'wrong-password-1' },
        { email: 'nobody@example.com', password: 'whatever-123' },
        { email: DEMO_USERS.inactive.email, password: DEMO_USERS.inactive.password },
      ]) {
        const r = await s.req('POST', '/api/auth/token/', { body });
        assert.equal(r.status, 401);
        assert.deepEqual(r.body.detail, 'No active account found with the given credentials');
      }
    });

    test('401 is translated by Accept-Language', async () => {
      const r = await s.req('POST', '/api/auth/token/', {
        body: { email: 'x@example.com', password: 'nope-nope-1' },
        headers: { 'accept-language': 'et-EE,et;q=0.9' },
      });
      assert.equal(r.status, 401);
      assert.match(r.body.detail, /aktiivset kontot/);
    });

    test('refresh rotates and a used refresh token is refused (and revokes the rest)', async () => {
      const first = await s.login();
      const second = await s.req('POST', '/api/auth/token/refresh/', { body: { refresh: first.refresh } });
      assert.equal(second.status, 200);
      assert.notEqual(second.body.refresh, first.refresh);
      const reuse = await s.req('POST', '/api/auth/token/refresh/', { body: { refresh: first.refresh } });
      assert.equal(reuse.status, 401);
      assert.equal(reuse.body.code, 'token_not_valid');
      // Reuse suggests theft: the rotated token is revoked too.
      const after = await s.req('POST', '/api/auth/token/refresh/', { body: { refresh: second.body.refresh } });
      assert.equal(after.status, 401);
    });

    test('an access token cannot be used as a refresh token', async () => {
      const pair = await s.login();
      const r = await s.req('POST', '/api/auth/token/refresh/', { body: { refresh: pair.access } });
      assert.equal(r.status, 401);
    });

    test('verify: 200 {} for a good token, 401 for a tampered one', async () => {
      const pair = await s.login();
      const ok = await s.req('POST', '/api/auth/token/verify/', { body: { token: pair.access } });
      assert.equal(ok.status, 200);
      assert.deepEqual(ok.body, {});
      const bad = await s.req('POST', '/api/auth/token/verify/', { body: { token: pair.access.slice(0, -3) + 'abc' } });
      assert.equal(bad.status, 401);
      assert.equal(bad.body.code, 'token_not_valid');
    });

    test('session: user, new tokens and expiry; the refresh token is then spent', async () => {
      const pair = await s.login(DEMO_USERS.staff.email, DEMO_USERS.staff.password);
      const r = await s.req('POST', '/api/auth/session', { body: { refresh: pair.refresh } });
      assert.equal(r.status, 200);
      assert.deepEqual(r.body.user, { email: DEMO_USERS.staff.email, name: DEMO_USERS.staff.name, isStaff: true });
      assert.ok(r.body.accessToken && r.body.refreshToken);
      assert.ok(Date.parse(r.body.expires) > Date.now());
      const again = await s.req('POST', '/api/auth/session/', { body: { refresh: pair.refresh } });
      assert.equal(again.status, 401);
    });

    test('a bad bearer token is 401 token_not_valid; none is 401 without code', async () => {
      const bad = await s.req('GET', '/api/waybills/', { token: 'abc.def.ghi' });
      assert.equal(bad.status, 401);
      assert.equal(bad.body.code, 'token_not_valid');
      const none = await s.req('GET', '/api/waybills/');
      assert.equal(none.status, 401);
      assert.equal(none.body.code, undefined);
    });

    test('sign-in is rate limited per account with Retry-After, counted in PostgreSQL', async () => {
      const email = 'mari.mets@timberlog.ee';
      for (let i = 0; i < 3; i++)
        assert.equal((await s.req('POST', '/api/auth/token/', { body: { email, password: `wrong-${i}-password` } })).status, 401);
      const r = await s.req('POST', '/api/auth/token/', { body: { email, password: 'Vahetus-2026-kontor' } });
      assert.equal(r.status, 429);
      assert.ok(Number(r.headers.get('retry-after')) > 0);
      assert.ok(r.body.detail);
      // Counted before the password check; the refused attempt counts nowhere; the key is hashed (no email in the table).
      const key = `signin:accountAddress:${createHash('sha256').update(`${email}|127.0.0.1`).digest('base64url')}`;
      const rows = await s.ctx.db.selectFrom('rateLimiter').selectAll().where('key', '=', key).execute();
      assert.equal(rows[0]!.points, 3);
    });
  });

  describe('sign-up and password reset', () => {
    test('sign-up creates an inactive account that cannot sign in until staff activate it', async () => {
      const body = { email: 'New.Driver@Example.com', name: 'Uus Juht', password: 'Kuusepalk-2026' };
      const r = await s.req('POST', '/api/user/signup', { body });
      assert.equal(r.status, 201);
      assert.equal(r.body.email, 'new.driver@example.com');
      assert.equal(r.body.isActive, false);
      assert.equal(r.body.isStaff, false);
      assert.equal((await s.req('POST', '/api/auth/token/', { body: { email: body.email, password: body.password } })).status, 401);
      await s.ctx.db.updateTable('users').set({ emailVerifiedAt: new Date() }).where('email', '=', 'new.driver@example.com').execute();
      const act = await s.write('PATCH', '/api/user/new.driver@example.com/', { token: await s.staff(), body: { isActive: true } });
      assert.equal(act.status, 200);
      assert.equal((await s.req('POST', '/api/auth/token/', { body: { email: body.email, password: body.password } })).status, 200);
      // A taken address answers like a new one (the owner gets a mail instead).
      const dup = await s.req('POST', '/api/user/signup', { body });
      assert.equal(dup.status, 201);
    });

    test('sign-up password rules: short, numeric, same as email', async () => {
      const short = await s.req('POST', '/api/user/signup', { body: { email: 'a1@example.com', name: 'A', password: 'short' } });
      assert.equal(short.status, 400);
      assert.match(short.body.password[0], /at least 10/);
      const numeric = await s.req('POST', '/api/user/signup', { body: { email: 'a2@example.com', name: 'A', password: '12345678901' } });
      assert.ok(numeric.body.password.some((m: string) => /numeric/.test(m)));
      const same = await s.req('POST', '/api/user/signup', {
        body: { email: 'a3longname@example.com', name: 'A', password: 'a3longname@example.com' },
      });
      assert.ok(same.body.password.some((m: string) => /similar/.test(m)));
    });

    // The reset mail is written by a job: wait for it, then take the newest reset link to `email`.
    const outboxLink = async (email: string): Promise<string> => {
      await accountMailDone(s, email);
      const text =
        outboxMails(s, email)
          .filter((m) => m.includes('reset-password?token='))
          .pop() ?? '';
      const m = text.match(/reset-password\?token=([A-Za-z0-9_-]+)/);
      assert.ok(m, 'mail has a reset link');
      return m[1]!;
    };

    test('forgot password answers OK for unknown emails and sends nothing', async () => {
      const r = await s.req('POST', '/api/user/forgot_password', { body: { email: 'ghost@example.com' } });
      assert.equal(r.status, 200);
      assert.deepEqual(r.body, { status: 'OK' });
      await accountMailDone(s, 'ghost@example.com');
      assert.deepEqual(outboxMails(s, 'ghost@example.com'), []);
    });

    test('reset token works once, is stored hashed, and ends open sessions', async () => {
      const session = await s.login('jaan.jogi@timberlog.ee', 'Vahetus-2026-kontor');
      const r = await s.req('POST', '/api/user/forgot_password', { body: { email: 'jaan.jogi@timberlog.ee' } });
      assert.equal(r.status, 200);
      const token = await outboxLink('jaan.jogi@timberlog.ee');
      const stored = await s.ctx.db.selectFrom('passwordResetTokens').select('tokenHash').execute();
      assert.ok(
        stored.every((x) => x.tokenHash !== token),
        'the token itself is not stored',
      );
      const weak = await s.req('POST', '/api/user/forgot_password/token', { body: { token, password: '123' } });
      assert.equal(weak.status, 400);
      assert.ok(weak.body.password);
      const ok = await s.req('POST', '/api/user/forgot_password/token', { body: { token, password: 'Uus-parool-2026' } });
      assert.equal(ok.status, 200);
      assert.deepEqual(ok.body, { status: 'OK' });
      const again = await s.req('POST', '/api/user/forgot_password/token', { body: { token, password: 'Teine-parool-2026' } });
      assert.equal(again.status, 400);
      assert.ok(again.body.token);
      await s.login('jaan.jogi@timberlog.ee', 'Uus-parool-2026');
      assert.equal((await s.req('POST', '/api/auth/token/refresh/', { body: { refresh: session.refresh } })).status, 401);
    });

    test('an expired reset token is refused', async () => {
      await s.req('POST', '/api/user/forgot_password', { body: { email: 'piret.parn@timberlog.ee' } });
      const token = await outboxLink('piret.parn@timberlog.ee');
      await s.ctx.db
        .updateTable('passwordResetTokens')
        .set({ expiresAt: new Date(Date.now() - 1000) })
        .where('userEmail', '=', 'piret.parn@timberlog.ee')
        .execute();
      const r = await s.req('POST', '/api/user/forgot_password/token', { body: { token, password: 'Uus-parool-2026' } });
      assert.equal(r.status, 400);
      assert.ok(r.body.token);
    });

    test('forgot password is rate limited per account', async () => {
      let last = 0;
      for (let i = 0; i < 4; i++)
        last = (await s.req('POST', '/api/user/forgot_password', { body: { email: 'riina.rebane@timberlog.ee' } })).status;
      assert.equal(last, 429);
    });
  });

  describe('expiry and per-address limits', () => {
    test('an expired access token is 401 token_not_valid', async () => {
      const { SignJWT } = await import('jose');
      const now = Math.floor(Date.now() / 1000);
      const expired = await new SignJWT({ token_type: 'access', user_id: DEMO_USERS.user.email, is_staff: false })
        .setProtectedHeader({ alg: 'RS256' })
        .setIssuedAt(now - 600)
        .setExpirationTime(now - 300)
        .setJti('x-expired')
        .sign(s.ctx.keys.privateKey);
      const r = await s.req('GET', '/api/user/me', { token: expired });
      assert.equal(r.status, 401);
      assert.equal(r.body.code, 'token_not_valid');
    });

    test('sign-in failures are limited per client address across accounts', async () => {
      const other = await startServer({ rateLimitPerAddress: 3, rateLimitPerAccount: 100 }, { workers: false });
      try {
        for (const email of ['a@example.com', 'b@example.com', 'c@example.com']) {
          assert.equal((await other.req('POST', '/api/auth/token/', { body: { email, password: 'wrong-password-1' } })).status, 401);
        }
        const r = await other.req('POST', '/api/auth/token/', {
          body: { email: DEMO_USERS.user.email, password: DEMO_USERS.user.password },
          headers: { 'accept-language': 'et' },
        });
        assert.equal(r.status, 429);
        assert.match(r.body.detail, /Liiga palju katseid/);
        assert.ok(Number(r.headers.get('retry-after')) > 0);
      } finally {
        await other.close();
      }
    });
  });

  test('the reset link never comes from the request Host header', async () => {
    await s.req('POST', '/api/user/forgot_password', { body: { email: DEMO_USERS.staff.email }, headers: { host: 'evil.example.com' } });
    await accountMailDone(s, DEMO_USERS.staff.email);
    const text = outboxMails(s, DEMO_USERS.staff.email).pop()!;
    assert.ok(!text.includes('evil.example.com'));
    assert.match(text, /http:\/\/localhost:\d+\/auth\/reset-password\?token=/);
  });
});
