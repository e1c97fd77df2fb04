import { test, before, after, describe } from 'node:test';
import assert from 'node:assert/strict';
import { sql } from 'kysely';
import { accountMailDone, DEMO_USERS, outboxMails, startServer, type TestServer } from './helpers.js';

// Its own scope: the servers its hooks start are closed when its tests end, whatever else shares the process (test/run.ts).
describe('signup', () => {
  /** Sign-up and forgot-password reveal no accounts; sign-up verifies the address before activation. */
  let s: TestServer;
  before(async () => {
    s = await startServer({ rateLimitSignupPerAddress: 5, trustProxy: true });
  });
  after(async () => {
    await s.close();
  });

  const signUp = (body: Record<string, string>, ip = '198.51.100.20') =>
    s.req('POST', '/api/user/signup', { body, headers: { 'x-forwarded-for': ip } });
  const shape = (body: Record<string, unknown>) =>
    Object.keys(body).sort().join(',') + JSON.stringify({ ...body, dateJoined: 0, createdAt: 0, lastModifiedAt: 0 });

  describe('no account enumeration', () => {
    test('sign-up answers a taken address exactly like a new one; the owner gets a mail instead', async () => {
      const taken = await signUp({ email: DEMO_USERS.user.email, name: 'Someone', password: 'Kuusepalk-2026' });
      const fresh = await signUp({ email: 'fresh.person@example.com', name: 'Someone', password: 'Kuusepalk-2026' });
      assert.equal(taken.status, 201);
      assert.equal(fresh.status, 201);
      assert.equal(shape({ ...taken.body, email: 'x' }), shape({ ...fresh.body, email: 'x' }));
      await accountMailDone(s, DEMO_USERS.user.email);
      const mail = outboxMails(s, DEMO_USERS.user.email).pop() ?? '';
      assert.match(mail, /already has an account/);
      const user = await s.ctx.db.selectFrom('users').select(['name']).where('email', '=', DEMO_USERS.user.email).executeTakeFirstOrThrow();
      assert.equal(user.name, DEMO_USERS.user.name, 'the existing account is untouched');
    });

    test('forgot-password queues its work and answers at once: no token or mail before the job runs', async () => {
      const idle = await startServer({}, { workers: false });
      try {
        const r = await idle.req('POST', '/api/user/forgot_password', { body: { email: DEMO_USERS.staff.email } });
        assert.equal(r.status, 200);
        assert.deepEqual(await idle.ctx.db.selectFrom('passwordResetTokens').selectAll().execute(), []);
        assert.deepEqual(outboxMails(idle, DEMO_USERS.staff.email), []);
        const jobs = await sql<{
          n: number;
        }>`SELECT count(*)::int AS n FROM pgboss.job WHERE name = 'account-mail' AND data->>'email' = ${DEMO_USERS.staff.email}`.execute(
          idle.ctx.db,
        );
        assert.equal(jobs.rows[0]!.n, 1);
      } finally {
        await idle.close();
      }
    });

    test('sign-up is limited per client address', async () => {
      const statuses: number[] = [];
      for (let i = 0; i < 6; i++)
        statuses.push((await signUp({ email: `many${i}@example.com`, name: 'Many', password: 'Kuusepalk-2026' }, '203.0.113.50')).status);
      assert.deepEqual(statuses, [201, 201, 201, 201, 201, 429]);
    });
  });

  describe('email verification', () => {
    test('staff can activate only after the mailed single-use link was opened; the list shows it', async () => {
      const email = 'verify.me@example.com';
      assert.equal((await signUp({ email, name: 'Verify Me', password: 'Kuusepalk-2026' }, '198.51.100.30')).status, 201);
      const staff = await s.staff();
      const early = await s.write('PATCH', `/api/user/${email}/`, { token: staff, body: { isActive: true } });
      assert.equal(early.status, 400);
      assert.ok(early.body.isActive);
      const listed = await s.req('GET', `/api/user/?email=${email}`, { token: staff });
      assert.equal(listed.body.results[0].emailVerified, false);

      await accountMailDone(s, email);
      const link = (outboxMails(s, email).pop() ?? '').match(/(\/api\/user\/verify_email\?token=[A-Za-z0-9_-]+)/)?.[1];
      assert.ok(link, 'the mail has a confirmation link');
      const open = await fetch(s.url + link, { redirect: 'manual' });
      assert.equal(open.status, 303);
      assert.equal(open.headers.get('location'), '/auth/login?emailVerified=1');
      const again = await fetch(s.url + link, { redirect: 'manual' });
      assert.equal(again.headers.get('location'), '/auth/login?emailVerified=0', 'single use');

      assert.equal((await s.write('PATCH', `/api/user/${email}/`, { token: staff, body: { isActive: true } })).status, 200);
      assert.equal((await s.req('GET', `/api/user/${email}/`, { token: staff })).body.emailVerified, true);
    });

    test('POST verify_email: 400 on token for a bad token', async () => {
      const r = await s.req('POST', '/api/user/verify_email', { body: { token: 'nope' }, headers: { 'accept-language': 'et' } });
      assert.equal(r.status, 400);
      assert.match(r.body.token[0], /link/);
    });

    test('mails carry no user-chosen text: a name with a link never reaches the reset mail', async () => {
      const email = 'phish@example.com';
      await signUp({ email, name: 'URGENT visit http://evil.example.com now', password: 'Kuusepalk-2026' }, '198.51.100.40');
      await accountMailDone(s, email);
      await s.ctx.db.updateTable('users').set({ isActive: true, emailVerifiedAt: new Date() }).where('email', '=', email).execute();
      await s.req('POST', '/api/user/forgot_password', { body: { email } });
      await accountMailDone(s, email);
      const mails = outboxMails(s, email);
      assert.ok(mails.length >= 2, JSON.stringify(mails));
      for (const mail of mails) assert.ok(!mail.includes('evil.example.com') && !mail.includes('URGENT'), mail);
    });
  });
});
