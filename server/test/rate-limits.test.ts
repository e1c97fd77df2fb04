import { test, before, after, describe } from 'node:test';
import assert from 'node:assert/strict';
import { DEMO_USERS, startServer, type TestServer } from './helpers.js';

/**
 * Sign-in limits are counted before the password is checked, in one statement, so parallel
 * guesses cannot slip past them; the strict limit is per account and address, so a stranger
 * cannot lock the owner out from everywhere.
 */
let s: TestServer;
before(async () => {
  // trustProxy: the tests play several client addresses through X-Forwarded-For.
  s = await startServer({ rateLimitPerAccount: 10, rateLimitAccountCeiling: 25, rateLimitPerAddress: 1000, trustProxy: true }, { workers: false });
});
after(async () => {
  await s.close();
});

const signIn = (email: string, password: string, ip: string) =>
  s.req('POST', '/api/auth/token/', { body: { email, password }, headers: { 'x-forwarded-for': ip } });

describe('sign-in limits', () => {
  test('60 parallel wrong passwords: exactly the limit reach the password check, the rest get 429', async () => {
    const email = 'jaan.jogi@timberlog.ee';
    const answers = await Promise.all(Array.from({ length: 60 }, (_, i) => signIn(email, `wrong-guess-${i}`, '203.0.113.10')));
    const statuses = answers.map((r) => r.status);
    assert.equal(statuses.filter((x) => x === 401).length, 10, statuses.join(','));
    assert.equal(statuses.filter((x) => x === 429).length, 50);
    for (const r of answers.filter((x) => x.status === 429)) assert.ok(Number(r.headers.get('retry-after')) > 0);
  });

  test('a stranger\'s wrong passwords do not lock the owner out from another address', async () => {
    const { email, password } = DEMO_USERS.user;
    for (let i = 0; i < 10; i++) assert.equal((await signIn(email, `stranger-${i}-guess`, '198.51.100.1')).status, 401);
    assert.equal((await signIn(email, password, '198.51.100.1')).status, 429, 'the stranger\'s address is locked for this account');
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
    const answers = await Promise.all(Array.from({ length: 30 }, () =>
      s.req('POST', '/api/user/forgot_password', { body: { email: 'ghost@example.com' }, headers: { 'x-forwarded-for': '203.0.113.99' } })));
    assert.equal(answers.filter((r) => r.status === 200).length, 10);
    assert.equal(answers.filter((r) => r.status === 429).length, 20);
  });
});
