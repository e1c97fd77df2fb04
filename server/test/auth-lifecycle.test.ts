import { test, before, after, describe } from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { sql } from 'kysely';
import { accountMailDone, DEMO_USERS, outboxMails, startServer, type TestServer } from './helpers.js';
import { checkNoDemoAccounts } from '../src/dev/demo.js';
import { hashPassword } from '../src/users/rules.js';
import { loadConfig } from '../src/infra/config.js';
import { purgeExpired } from '../src/worker.js';
import { REFRESH_RETRY_SECONDS } from '../src/auth/tokens.js';

// Its own scope: the servers its hooks start are closed when its tests end, whatever else shares the process (test/run.ts).
describe('auth-lifecycle', () => {
  /**
   * The end of every credential: reset links, refresh and access tokens die when they should, the
   * password policy holds on every path, and nothing from outside can stop a production start.
   */
  const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
  const PASSWORD = 'Vahetus-2026-kontor';

  let s: TestServer;
  before(async () => {
    s = await startServer();
  });
  after(async () => {
    await s.close();
  });

  const me = (token: string) => s.req('GET', '/api/user/me', { token });
  const refresh = (token: string) => s.req('POST', '/api/auth/token/refresh/', { body: { refresh: token } });
  const verify = async (token: string) => (await s.req('POST', '/api/auth/token/verify/', { body: { token } })).status;

  describe('sign-ups and the production start', () => {
    test('an anonymous sign-up cannot stop a production start, and unconfirmed sign-ups expire', async () => {
      const empty = await startServer({}, { workers: false, seed: false });
      try {
        const { email, password } = DEMO_USERS.staff;
        const signup = (e: string, with_ = 'Kuusepalk-Tõstuk-77') =>
          empty.req('POST', '/api/user/signup', { body: { email: e, name: 'Anon', password: with_ } });
        // The published password is refused for any sign-up, a demo address's included.
        assert.equal((await signup(email, password)).status, 400, 'a demo address with its published password');
        assert.equal((await signup(email)).status, 201, 'a demo address with a password of its own');
        await checkNoDemoAccounts(empty.ctx.db);
        // An active demo account with its published password (set outside the product) still stops the start.
        await empty.ctx.db
          .updateTable('users')
          .set({ isActive: true, passwordHash: await hashPassword(password) })
          .where('email', '=', email)
          .execute();
        await assert.rejects(checkNoDemoAccounts(empty.ctx.db), /staff@timberlog\.ee/);
        await empty.ctx.db.updateTable('users').set({ isActive: false }).where('email', '=', email).execute();

        // Unconfirmed sign-ups are deleted after UNVERIFIED_SIGNUP_DAYS (7 by default); fresh ones,
        // confirmed ones and inactive accounts made by staff stay.
        assert.equal(loadConfig().unverifiedSignupDays, 7);
        assert.equal((await signup('fresh.signup@example.com')).status, 201);
        assert.equal((await signup('confirmed.signup@example.com')).status, 201);
        await empty.ctx.db
          .updateTable('users')
          .set({ emailVerifiedAt: new Date() })
          .where('email', '=', 'confirmed.signup@example.com')
          .execute();
        await empty.ctx.db
          .insertInto('users')
          .values({ email: 'paused@example.com', name: 'Paused', passwordHash: 'x', isActive: false })
          .execute();
        const eightDaysAgo = new Date(Date.now() - 8 * 86400_000);
        await empty.ctx.db
          .updateTable('users')
          .set({ createdAt: eightDaysAgo })
          .where('email', 'in', [email, 'confirmed.signup@example.com', 'paused@example.com'])
          .execute();
        await purgeExpired({ ...empty.ctx, config: { ...empty.ctx.config, unverifiedSignupDays: 10 } });
        assert.equal((await empty.ctx.db.selectFrom('users').select('email').execute()).length, 4, 'not yet past a 10-day setting');
        await purgeExpired(empty.ctx);
        const left = (await empty.ctx.db.selectFrom('users').select('email').orderBy('email').execute()).map((r) => r.email);
        assert.deepEqual(left, ['confirmed.signup@example.com', 'fresh.signup@example.com', 'paused@example.com']);
        assert.equal((await signup(email)).status, 201, 'the address is free again');
      } finally {
        await empty.close();
      }
    });
  });

  describe('reset links', () => {
    // The reset mail is written by a job: wait for it, then take the newest reset link to `email`.
    const resetLink = async (email: string): Promise<string> => {
      const before = outboxMails(s, email).length;
      assert.equal((await s.req('POST', '/api/user/forgot_password', { body: { email } })).status, 200);
      await accountMailDone(s, email);
      const mails = outboxMails(s, email);
      assert.ok(mails.length > before, 'a new mail');
      const m = mails.at(-1)!.match(/reset-password\?token=([A-Za-z0-9_-]+)/);
      assert.ok(m, 'mail has a reset link');
      return m[1]!;
    };
    const reset = async (token: string, password: string) =>
      s.req('POST', '/api/user/forgot_password/token', { body: { token, password } });
    const refused = async (token: string) => {
      const r = await reset(token, 'Kolmas-parool-2026');
      assert.equal(r.status, 400);
      assert.match(r.body.token[0], /invalid, already used or expired/);
    };

    test('old reset links die with a newer link, a password change by any path, and use', async () => {
      const email = 'piret.parn@timberlog.ee';
      // A newer link ends the earlier one.
      const first = await resetLink(email);
      const second = await resetLink(email);
      await refused(first);
      // Use ends it.
      assert.equal((await reset(second, 'Uus-parool-2026')).status, 200);
      await refused(second);
      // A change of the own password ends it.
      const beforeOwnChange = await resetLink(email);
      const { access } = await s.login(email, 'Uus-parool-2026');
      assert.equal(
        (
          await s.write('PATCH', '/api/user/me', {
            token: access,
            body: { password: 'Teine-parool-2026', currentPassword: 'Uus-parool-2026' },
          })
        ).status,
        200,
      );
      await refused(beforeOwnChange);
      // Staff setting a password ends it.
      const beforeStaffChange = await resetLink(email);
      assert.equal((await s.write('PATCH', `/api/user/${email}/`, { token: await s.staff(), body: { password: PASSWORD } })).status, 200);
      await refused(beforeStaffChange);
      // So does another reset link, and a change outside the API (create-staff, SQL).
      const beforeOtherReset = await resetLink(email);
      const other = await resetLink(email);
      assert.equal((await reset(other, 'Neljas-parool-2026')).status, 200);
      await refused(beforeOtherReset);
      const beforeSql = await resetLink(email);
      await s.ctx.db.updateTable('users').set({ passwordHash: 'changed elsewhere' }).where('email', '=', email).execute();
      await refused(beforeSql);
      // In Estonian too.
      const et = await s.req('POST', '/api/user/forgot_password/token', {
        body: { token: beforeSql, password: 'Kolmas-parool-2026' },
        headers: { 'accept-language': 'et' },
      });
      assert.equal(et.status, 400);
      assert.match(et.body.token[0], /vigane, juba kasutatud või aegunud/);
    });
  });

  describe('password policy', () => {
    const createStaff = (email: string, password: string) =>
      spawnSync(process.execPath, ['--import', 'tsx', 'src/scripts/create-staff.ts', email, 'Uus Juhataja'], {
        cwd: serverDir,
        encoding: 'utf8',
        timeout: 60_000,
        env: {
          PATH: process.env.PATH!,
          HOME: process.env.HOME ?? '/tmp',
          DATABASE_URL: s.dbUrl,
          STAFF_PASSWORD: password,
          LOG_LEVEL: 'error',
        },
      });

    test('create-staff refuses Password123 like every other path that sets a password', async () => {
      const weak = createStaff('new.admin@example.com', 'Password123');
      assert.equal(weak.status, 2, weak.stdout + weak.stderr);
      assert.match(weak.stdout + weak.stderr, /too common or too easy to guess/);
      assert.equal(
        await s.ctx.db.selectFrom('users').select('email').where('email', '=', 'new.admin@example.com').executeTakeFirst(),
        undefined,
      );
      // The API's paths refuse it the same way.
      const staff = await s.staff();
      const created = await s.req('POST', '/api/user/', {
        token: staff,
        body: { email: 'new.admin@example.com', name: 'Uus', password: 'Password123' },
      });
      assert.equal(created.status, 400);
      assert.match(created.body.password[0], /too common/);
      const signup = await s.req('POST', '/api/user/signup', {
        body: { email: 'new.admin@example.com', name: 'Uus', password: 'Password123' },
        headers: { 'accept-language': 'et' },
      });
      assert.equal(signup.status, 400);
      assert.match(signup.body.password[0], /liiga levinud/);
      const staffSet = await s.write('PATCH', `/api/user/${DEMO_USERS.user.email}/`, { token: staff, body: { password: 'Password123' } });
      assert.equal(staffSet.status, 400);
      // A strong password makes the staff account.
      const ok = createStaff('new.admin@example.com', 'Kuuse-ladu-laupaev-77');
      assert.equal(ok.status, 0, ok.stdout + ok.stderr);
      await s.login('new.admin@example.com', 'Kuuse-ladu-laupaev-77');
    });
  });

  describe('sessions', () => {
    test('reusing a spent refresh token ends every session of the account, access tokens included', async () => {
      const email = 'hannes.ilves@timberlog.ee';
      const other = await s.login(email, PASSWORD);
      const first = await s.login(email, PASSWORD);
      const rotated = await refresh(first.refresh);
      assert.equal(rotated.status, 200);
      assert.equal((await me(rotated.body.access)).status, 200);
      // The spent token again: refused, and every session of the account ends at once.
      const reuse = await refresh(first.refresh);
      assert.equal(reuse.status, 401);
      assert.equal(reuse.body.code, 'token_not_valid');
      for (const access of [first.access, rotated.body.access, other.access]) {
        const r = await me(access);
        assert.equal(r.status, 401);
        assert.equal(r.body.code, 'token_not_valid');
      }
      for (const token of [rotated.body.refresh, other.refresh]) assert.equal((await refresh(token)).status, 401);
      // The owner signs in again.
      assert.equal((await me((await s.login(email, PASSWORD)).access)).status, 200);
    });

    test('of two parallel refreshes with one token only one wins, and the reuse ends its chain too', async () => {
      const email = 'jaan.jogi@timberlog.ee';
      for (let round = 0; round < 3; round++) {
        const pair = await s.login(email, PASSWORD);
        const answers = await Promise.all([refresh(pair.refresh), refresh(pair.refresh)]);
        const winners = answers.filter((r) => r.status === 200);
        assert.equal(winners.length, 1, answers.map((r) => r.status).join(','));
        assert.equal(answers.filter((r) => r.status === 401).length, 1);
        const winner = winners[0]!.body;
        assert.equal((await me(winner.access)).status, 401, "the winner's access token is refused");
        assert.equal((await me(pair.access)).status, 401);
        assert.equal((await refresh(winner.refresh)).status, 401, "the winner's refresh token is refused");
      }
    });

    describe('a renewal whose answer was lost', () => {
      const renew = (token: string, key?: string) =>
        s.req('POST', '/api/auth/session', { body: { refresh: token }, headers: key ? { 'idempotency-key': key } : {} });
      const KEY = 'a1b2c3d4e5f60718293a4b5c6d7e8f90';

      test('the same token with the same Idempotency-Key is answered with the same pair again: nothing new, nothing revoked', async () => {
        const email = 'jaan.jogi@timberlog.ee';
        const other = await s.login(email, PASSWORD);
        const pair = await s.login(email, PASSWORD);
        const first = await renew(pair.refresh, KEY);
        assert.equal(first.status, 200);
        // The page reloaded before it stored the answer: it asks again with what it still holds.
        const again = await renew(pair.refresh, KEY);
        assert.equal(again.status, 200, JSON.stringify(again.body));
        assert.equal(again.body.refreshToken, first.body.refreshToken);
        assert.equal(again.body.accessToken, first.body.accessToken);
        assert.equal((await me(again.body.accessToken)).status, 200);
        assert.equal((await me(other.access)).status, 200, 'no session ended');
        const next = await renew(again.body.refreshToken);
        assert.equal(next.status, 200);
        assert.equal((await me(next.body.accessToken)).status, 200);
        assert.equal((await me(other.access)).status, 200);
      });

      test('whoever copied the spent token and its key gets only the pair its owner holds: no takeover, and the second use of it ends every session', async () => {
        const email = 'jaan.jogi@timberlog.ee';
        const pair = await s.login(email, PASSWORD);
        const victim = await renew(pair.refresh, KEY);
        assert.equal(victim.status, 200);
        // The attacker replays the request it saw (the spent token and the same key) within the window.
        const stolen = await renew(pair.refresh, KEY);
        assert.equal(stolen.status, 200);
        assert.equal(stolen.body.refreshToken, victim.body.refreshToken, 'no new pair is minted for the replay');
        // The victim's pair is not revoked behind its back: it renews as before...
        const victimNext = await renew(victim.body.refreshToken, 'cccccccccccccccccccccccccccccccc');
        assert.equal(victimNext.status, 200);
        assert.equal((await me(victimNext.body.accessToken)).status, 200);
        // ...and the attacker's use of the same pair afterwards is reuse: every session ends, the victim told so by a sign-in.
        assert.equal((await renew(stolen.body.refreshToken, 'dddddddddddddddddddddddddddddddd')).status, 401);
        assert.equal((await me(victimNext.body.accessToken)).status, 401);
        assert.equal((await renew(victimNext.body.refreshToken)).status, 401);
      });

      test('without the key, with another key, or once the new pair was used, it is reuse and every session ends', async () => {
        const email = 'jaan.jogi@timberlog.ee';
        for (const retryKey of [undefined, 'ffffffffffffffffffffffffffffffff']) {
          const other = await s.login(email, PASSWORD);
          const pair = await s.login(email, PASSWORD);
          const first = await renew(pair.refresh, KEY);
          assert.equal(first.status, 200);
          assert.equal((await renew(pair.refresh, retryKey)).status, 401);
          assert.equal((await me(other.access)).status, 401, `reuse with key ${retryKey} ends every session`);
          assert.equal((await me(first.body.accessToken)).status, 401);
        }
        // The chain moved on: the first answer arrived after all, and its token was spent.
        const other = await s.login(email, PASSWORD);
        const pair = await s.login(email, PASSWORD);
        const first = await renew(pair.refresh, KEY);
        assert.equal((await renew(first.body.refreshToken, 'bbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb')).status, 200);
        assert.equal((await renew(pair.refresh, KEY)).status, 401);
        assert.equal((await me(other.access)).status, 401);
      });

      test('the retry window closes: the same key later is reuse', async () => {
        const email = 'jaan.jogi@timberlog.ee';
        const other = await s.login(email, PASSWORD);
        const pair = await s.login(email, PASSWORD);
        assert.equal((await renew(pair.refresh, KEY)).status, 200);
        // As if the retry came REFRESH_RETRY_SECONDS and a second later.
        await s.ctx.db
          .updateTable('refreshTokens')
          .set({ usedAt: new Date(Date.now() - (REFRESH_RETRY_SECONDS + 1) * 1000) })
          .where('userEmail', '=', email)
          .where('usedAt', 'is not', null)
          .execute();
        assert.equal((await renew(pair.refresh, KEY)).status, 401);
        assert.equal((await me(other.access)).status, 401);
      });

      test('two parallel retries with the key leave one live chain: every answer is the same pair', async () => {
        const email = 'jaan.jogi@timberlog.ee';
        const pair = await s.login(email, PASSWORD);
        const answers = await Promise.all([renew(pair.refresh, KEY), renew(pair.refresh, KEY), renew(pair.refresh, KEY)]);
        assert.ok(
          answers.every((r) => r.status === 200),
          answers.map((r) => r.status).join(','),
        );
        assert.equal(new Set(answers.map((a) => a.body.refreshToken)).size, 1);
        assert.equal((await s.req('POST', '/api/auth/token/verify/', { body: { token: answers[0]!.body.refreshToken } })).status, 200);
      });

      test('a signed-out successor is not revived by a retry', async () => {
        const email = 'jaan.jogi@timberlog.ee';
        const other = await s.login(email, PASSWORD);
        const pair = await s.login(email, PASSWORD);
        const first = await renew(pair.refresh, KEY);
        assert.equal((await s.req('POST', '/api/auth/logout', { body: { refresh: first.body.refreshToken } })).status, 200);
        assert.equal((await renew(pair.refresh, KEY)).status, 401);
        assert.equal((await me(other.access)).status, 200, 'a sign-out is no theft');
      });

      test('a key that is too short or too long is bad input on the header', async () => {
        const pair = await s.login('jaan.jogi@timberlog.ee', PASSWORD);
        for (const key of ['short', 'x'.repeat(201)]) {
          const r = await renew(pair.refresh, key);
          assert.equal(r.status, 400, JSON.stringify(r.body));
        }
        assert.equal((await renew(pair.refresh, KEY)).status, 200, 'nothing was spent');
      });
    });

    test('token/verify answers 401 for dead tokens, as a real call would', async () => {
      const email = DEMO_USERS.user.email;
      const live = await s.login(email, DEMO_USERS.user.password);
      assert.equal(await verify(live.access), 200);
      assert.equal(await verify(live.refresh), 200);

      // Signed out: the refresh token is dead (the access token lives on until it expires, as calls accept it).
      assert.equal((await s.req('POST', '/api/auth/logout', { body: { refresh: live.refresh } })).status, 200);
      assert.equal(await verify(live.refresh), 401);
      assert.equal((await refresh(live.refresh)).status, 401);
      assert.equal(await verify(live.access), (await me(live.access)).status);

      // Spent: verify answers as the renewal would.
      const spent = await s.login(email, DEMO_USERS.user.password);
      const next = await refresh(spent.refresh);
      assert.equal(next.status, 200);
      assert.equal(await verify(spent.refresh), 401);
      assert.equal(await verify(next.body.refresh), 200, 'verify spends nothing');
      assert.equal(await verify(next.body.refresh), 200);

      // Revoked after reuse.
      assert.equal((await refresh(spent.refresh)).status, 401);
      assert.equal(await verify(next.body.access), 401);
      assert.equal(await verify(next.body.refresh), 401);

      // Ended by a password change.
      const changed = await s.login(email, DEMO_USERS.user.password);
      assert.equal(
        (
          await s.write('PUT', '/api/user/me', {
            token: changed.access,
            body: { name: DEMO_USERS.user.name, password: 'Palgivedu-2026-uus', currentPassword: DEMO_USERS.user.password },
          })
        ).status,
        200,
      );
      assert.equal(await verify(changed.access), 401);
      assert.equal(await verify(changed.refresh), 401);
      const r = await s.req('POST', '/api/auth/token/verify/', { body: { token: changed.access }, headers: { 'accept-language': 'et' } });
      assert.equal(r.body.code, 'token_not_valid');
      assert.match(r.body.detail, /ei kehti/);

      // Ended by a deactivation; a token of a deleted account.
      const staff = await s.staff();
      const gone = await s.login('mari.mets@timberlog.ee', PASSWORD);
      assert.equal(await verify(gone.access), 200);
      assert.equal((await s.write('PATCH', '/api/user/mari.mets@timberlog.ee/', { token: staff, body: { isActive: false } })).status, 200);
      assert.equal(await verify(gone.access), 401);
      assert.equal(await verify(gone.refresh), 401);
      await sql`DELETE FROM users WHERE email = 'mari.mets@timberlog.ee'`.execute(s.ctx.db);
      assert.equal(await verify(gone.access), 401);

      // Bad input is a 400 or a 401, never a 500.
      for (const token of ['', 'x', 'a.b.c', 'ü'.repeat(4000), live.access.replace(/.$/, 'A')]) {
        const status = await verify(token);
        assert.ok(status === 400 || status === 401, `${token.slice(0, 20)}: ${status}`);
      }
    });
  });
});
