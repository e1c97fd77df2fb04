import { test, before, after, describe } from 'node:test';
import assert from 'node:assert/strict';
import { sql } from 'kysely';
import { DEMO_USERS, startServer, type TestServer } from './helpers.js';
import { purgeRateLimits } from '../src/auth/rate-limit.js';

// Its own scope: the servers its hooks start are closed when its tests end, whatever else shares the process (test/run.ts).
describe('rate-limits', () => {
  /**
   * Sign-in limits are counted before the password is checked, in one statement, so parallel
   * guesses cannot slip past them; the strict limit is per account and address, so a stranger
   * cannot lock the owner out from everywhere.
   */
  let s: TestServer;
  before(async () => {
    // trustProxy: the tests play several client addresses through X-Forwarded-For.
    s = await startServer(
      { rateLimitPerAccount: 10, rateLimitAccountCeiling: 25, rateLimitPerAddress: 1000, trustProxy: true },
      { workers: false },
    );
  });
  after(async () => {
    await s.close();
  });

  const signIn = (email: string, password: string, ip: string, server: TestServer = s) =>
    server.req('POST', '/api/auth/token/', { body: { email, password }, headers: { 'x-forwarded-for': ip } });
  const forgot = (email: string, ip: string) =>
    s.req('POST', '/api/user/forgot_password', { body: { email }, headers: { 'x-forwarded-for': ip } });
  const count = (statuses: number[], status: number) => statuses.filter((x) => x === status).length;

  describe('sign-in limits', () => {
    test('60 parallel wrong passwords: exactly the limit reach the password check, the rest get 429', async () => {
      const email = 'jaan.jogi@timberlog.ee';
      const answers = await Promise.all(Array.from({ length: 60 }, (_, i) => signIn(email, `wrong-guess-${i}`, '203.0.113.10')));
      const statuses = answers.map((r) => r.status);
      assert.equal(statuses.filter((x) => x === 401).length, 10, statuses.join(','));
      assert.equal(statuses.filter((x) => x === 429).length, 50);
      for (const r of answers.filter((x) => x.status === 429)) assert.ok(Number(r.headers.get('retry-after')) > 0);
    });

    test("a stranger's wrong passwords do not lock the owner out from another address", async () => {
      const { email, password } = DEMO_USERS.user;
      for (let i = 0; i < 10; i++) assert.equal((await signIn(email, `stranger-${i}-guess`, '198.51.100.1')).status, 401);
      assert.equal((await signIn(email, password, '198.51.100.1')).status, 429, "the stranger's address is locked for this account");
      assert.equal((await signIn(email, password, '192.0.2.44')).status, 200, 'the owner elsewhere still gets in');
    });

    test('a successful sign-in does not count against the limit', async () => {
      const { email, password } = DEMO_USERS.staff;
      for (let i = 0; i < 15; i++) assert.equal((await signIn(email, password, '192.0.2.77')).status, 200);
    });

    test('the per-account ceiling stops guesses spread over many addresses', async () => {
      const email = 'piret.parn@timberlog.ee';
      const statuses: number[] = [];
      for (let i = 0; i < 30; i++) statuses.push((await signIn(email, `spread-${i}-guess`, `10.1.${i}.1`)).status);
      assert.equal(statuses.filter((x) => x === 401).length, 25);
      assert.equal(statuses.filter((x) => x === 429).length, 5);
    });

    test('forgot-password: parallel requests past the limit get 429', async () => {
      const answers = await Promise.all(
        Array.from({ length: 30 }, () =>
          s.req('POST', '/api/user/forgot_password', {
            body: { email: 'ghost@example.com' },
            headers: { 'x-forwarded-for': '203.0.113.99' },
          }),
        ),
      );
      assert.equal(answers.filter((r) => r.status === 200).length, 10);
      assert.equal(answers.filter((r) => r.status === 429).length, 20);
    });
  });

  describe('no lockouts from outside', () => {
    const password = 'Vahetus-2026-kontor';

    test("a stranger's guesses do not lock the owner out", async () => {
      const email = 'hannes.ilves@timberlog.ee';
      // Refused guesses count nowhere: only the 10 the strict limit lets through reach the ceiling (25).
      const guesses = await Promise.all(Array.from({ length: 60 }, (_, i) => signIn(email, `attacker-${i}-guess`, '127.0.0.2')));
      assert.equal(
        count(
          guesses.map((r) => r.status),
          401,
        ),
        10,
      );
      assert.equal(
        count(
          guesses.map((r) => r.status),
          429,
        ),
        50,
      );
      assert.equal((await signIn(email, password, '127.0.0.3')).status, 200, 'the owner signs in at once from another address');
      const still = await signIn(email, password, '127.0.0.2');
      assert.equal(still.status, 429, 'the attacker stays limited');
      assert.ok(Number(still.headers.get('retry-after')) > 0);
    });

    test("an address that signed in keeps its own budget when strangers fill the account's ceiling", async () => {
      const email = 'mari.mets@timberlog.ee';
      assert.equal((await signIn(email, password, '127.0.0.4')).status, 200, "the owner's usual address");
      // Guesses spread over many addresses fill the ceiling (25) for every address the account has not seen.
      const statuses: number[] = [];
      for (let i = 0; i < 30; i++) statuses.push((await signIn(email, `spread-${i}-guess`, `10.9.${i}.1`)).status);
      assert.equal(count(statuses, 401), 25);
      assert.equal(count(statuses, 429), 5);
      assert.equal((await signIn(email, password, '127.0.0.4')).status, 200, 'the known address signs in');
      assert.equal((await signIn(email, password, '127.0.0.5')).status, 429, 'an unknown address is slowed down');
      assert.equal((await signIn(email, 'one-more-guess', '10.9.99.1')).status, 429, 'the attackers stay limited');
    });

    test('refused forgot-password requests do not lock the owner out either', async () => {
      const email = DEMO_USERS.inactive.email;
      const answers = await Promise.all(Array.from({ length: 40 }, () => forgot(email, '127.0.0.7')));
      assert.equal(
        count(
          answers.map((r) => r.status),
          200,
        ),
        10,
      );
      assert.equal(
        count(
          answers.map((r) => r.status),
          429,
        ),
        30,
      );
      assert.equal((await forgot(email, '127.0.0.8')).status, 200, 'the owner asks from elsewhere');
      assert.equal((await forgot(email, '127.0.0.7')).status, 429, 'the stranger stays limited');
    });
  });

  describe('the rate-limit table', () => {
    test('refused requests write nothing and expired counters are swept', async () => {
      const small = await startServer({ rateLimitPerAddress: 5, trustProxy: true }, { workers: false, seed: false });
      try {
        const rows = async () =>
          Number((await sql<{ n: string }>`SELECT count(*) AS n FROM rate_limiter`.execute(small.ctx.db)).rows[0]!.n);
        for (let i = 0; i < 5; i++)
          assert.equal((await signIn(`someone-${i}@example.com`, 'wrong-password-1', '127.0.0.9', small)).status, 401);
        const before = await rows();
        const snapshot = await sql`SELECT key, points, expire FROM rate_limiter ORDER BY key`.execute(small.ctx.db);
        // 200 refused requests, each on a new account: not one row more, not one count changed.
        for (let batch = 0; batch < 10; batch++) {
          const answers = await Promise.all(
            Array.from({ length: 20 }, (_, i) => signIn(`victim-${batch}-${i}@example.com`, 'wrong-password-1', '127.0.0.9', small)),
          );
          assert.deepEqual(
            answers.map((r) => r.status),
            Array(20).fill(429),
          );
        }
        assert.equal(await rows(), before);
        assert.deepEqual((await sql`SELECT key, points, expire FROM rate_limiter ORDER BY key`.execute(small.ctx.db)).rows, snapshot.rows);
        // Counters whose window has passed are swept (the hourly purge); current ones stay.
        await sql`UPDATE rate_limiter SET expire = ${Date.now() - 1000} WHERE key LIKE 'signin:accountAddress:%'`.execute(small.ctx.db);
        await purgeRateLimits(small.ctx.db, small.ctx.config);
        assert.equal(await rows(), before - 5);
        assert.equal(
          Number(
            (
              await sql<{ n: string }>`SELECT count(*) AS n FROM rate_limiter WHERE key LIKE 'signin:accountAddress:%'`.execute(
                small.ctx.db,
              )
            ).rows[0]!.n,
          ),
          0,
        );
      } finally {
        await small.close();
      }
    });
  });
});
