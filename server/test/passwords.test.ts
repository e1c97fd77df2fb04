import { test, before, after, describe } from 'node:test';
import assert from 'node:assert/strict';
import { passwordProblems } from '@timberlog/contract';
import { startServer, type TestServer } from './helpers.js';

// Its own scope: the servers its hooks start are closed when its tests end, whatever else shares the process (test/run.ts).
describe('passwords', () => {
  /** Weak passwords are refused: the contract's rules (shared with the forms) and a guessability estimate. */
  let s: TestServer;
  before(async () => {
    s = await startServer({}, { workers: false });
  });
  after(async () => {
    await s.close();
  });

  let n = 0;
  const signUp = (password: string, lang = 'en') =>
    s.req('POST', '/api/user/signup', {
      body: { email: `pw${n++}@example.com`, name: 'Kalle Kask', password },
      headers: { 'accept-language': lang },
    });

  describe('password rules', () => {
    test('the contract names whitespace-only and one repeated character (the forms use the same function)', () => {
      assert.ok(passwordProblems('          ').includes('blank'));
      assert.ok(passwordProblems('aaaaaaaaaa').includes('repeated'));
      assert.deepEqual(passwordProblems('Kuusepalk-2026', 'a@example.com'), []);
    });

    test("the issue's weak passwords are refused on the password field, in the caller's language", async () => {
      for (const [password, message] of [
        ['aaaaaaaaaa', /one character repeated/],
        ['          ', /only spaces/],
        ['password12', /too common/],
        ['qwertyuiop', /too common/],
        ['kallekask1', /too common/],
        ['iloveyou12', /too common/],
      ] as const) {
        const r = await signUp(password);
        assert.equal(r.status, 400, password);
        assert.ok(
          r.body.password.some((m: string) => message.test(m)),
          `${JSON.stringify(password)}: ${r.text}`,
        );
      }
      const et = await signUp('password12', 'et');
      assert.match(et.body.password[0], /liiga levinud/);
    });

    test('strong passwords pass, and every way of setting one applies the rule', async () => {
      assert.equal((await signUp('Kuusepalk-2026')).status, 201);
      const staff = await s.staff();
      const created = await s.req('POST', '/api/user/', {
        token: staff,
        body: { email: 'weak@example.com', name: 'W', password: 'qwertyuiop' },
      });
      assert.equal(created.status, 400);
      const set = await s.write('PATCH', '/api/user/jaan.jogi@timberlog.ee/', { token: staff, body: { password: 'password12' } });
      assert.equal(set.status, 400);
      const { access } = await s.login('piret.parn@timberlog.ee', 'Vahetus-2026-kontor');
      const own = await s.write('PATCH', '/api/user/me', {
        token: access,
        body: { password: 'aaaaaaaaaa', currentPassword: 'Vahetus-2026-kontor' },
      });
      assert.equal(own.status, 400);
      assert.ok(own.body.password);
    });

    test("the demo accounts' published passwords are refused for any other account, by every path that sets one", async () => {
      const staff = await s.staff();
      const made = await s.req('POST', '/api/user/', {
        token: staff,
        body: { email: 'kopeeritud@example.com', name: 'Koopia', password: 'Metsavahi-2026' },
      });
      assert.equal(made.status, 400, made.text);
      assert.match(made.body.password[0], /published with the product's demo accounts/);
      const signUp_ = await signUp('palgivedu-2026', 'et');
      assert.equal(signUp_.status, 400);
      assert.match(signUp_.body.password[0], /avaldatud toote demokontodega/);
      const own = await s.write('PATCH', '/api/user/me', {
        token: await s.user(),
        body: { currentPassword: 'Palgivedu-2026', password: 'Ootel-konto-2026' },
      });
      assert.equal(own.status, 400, own.text);
      assert.ok(own.body.password, own.text);
    });
  });
});
