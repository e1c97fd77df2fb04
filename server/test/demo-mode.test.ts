import { test, before, after, describe } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { startServer, DEMO_USERS, type TestServer } from './helpers.js';
import { checkNoDemoAccounts, demoAccounts, startMode, startupBanner } from '../src/dev/demo.js';

// Its own scope: the servers its hooks start are closed when its tests end, whatever else shares the process (test/run.ts).
describe('demo-mode', () => {
  const here = path.dirname(fileURLToPath(import.meta.url));
  const serverDir = path.resolve(here, '..');
  const readme =
    fs.readFileSync(path.resolve(serverDir, '..', 'README.md'), 'utf8') + fs.readFileSync(path.join(serverDir, 'README.md'), 'utf8');

  let s: TestServer;
  before(async () => {
    s = await startServer({}, { workers: false });
  });
  after(async () => {
    await s.close();
  });

  /** Runs `npm start`'s entry point with the given environment; it must exit before listening. */
  function start(env: Record<string, string>) {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'timberlog-demo-mode-'));
    try {
      const r = spawnSync(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
        cwd: serverDir,
        encoding: 'utf8',
        timeout: 60_000,
        env: {
          PATH: process.env.PATH!,
          HOME: process.env.HOME ?? '/tmp',
          DATA_DIR: dataDir,
          SKIP_WEB_BUILD: '1',
          PORT: '0',
          LOG_LEVEL: 'error',
          ...env,
        },
      });
      return { status: r.status, output: `${r.stdout}${r.stderr}` };
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  }

  describe('demo mode is explicit', () => {
    test('NODE_ENV=production or DATABASE_URL means production; the embedded database alone is the demo', () => {
      assert.equal(startMode({ databaseUrl: undefined }, {}), 'demo');
      assert.equal(startMode({ databaseUrl: undefined }, { NODE_ENV: 'production' }), 'production');
      assert.equal(startMode({ databaseUrl: 'postgres://db/x' }, {}), 'production');
    });

    test('a production start without PUBLIC_URL refuses to start', () => {
      const r = start({ NODE_ENV: 'production', DATABASE_URL: s.dbUrl });
      assert.equal(r.status, 1, r.output);
      assert.match(r.output, /needs PUBLIC_URL/);
    });

    test('a production start refuses while a demo account has its well-known password, naming it', () => {
      const r = start({ DATABASE_URL: s.dbUrl, PUBLIC_URL: 'https://timberlog.example.com' });
      assert.equal(r.status, 1, r.output);
      assert.match(r.output, /staff@timberlog\.ee/);
      assert.match(r.output, /mari\.mets@timberlog\.ee/);
      assert.ok(!r.output.includes(DEMO_USERS.staff.password), 'no password in the output');
    });

    test('demo accounts whose passwords were changed or that were deleted no longer block the start', async () => {
      await assert.rejects(checkNoDemoAccounts(s.ctx.db));
      const accounts = demoAccounts();
      await s.ctx.db
        .deleteFrom('users')
        .where(
          'email',
          'in',
          accounts.filter((a) => a.email !== DEMO_USERS.staff.email).map((a) => a.email),
        )
        .execute();
      await s.ctx.db.updateTable('users').set({ passwordHash: 'changed' }).where('email', '=', DEMO_USERS.staff.email).execute();
      await checkNoDemoAccounts(s.ctx.db);
    });

    test('a production start on an empty database does not seed', async () => {
      const empty = await startServer({}, { workers: false, seed: false });
      try {
        // The port is taken (by the other test server), so the start ends after its database work.
        const r = start({
          NODE_ENV: 'production',
          DATABASE_URL: empty.dbUrl,
          PUBLIC_URL: 'https://timberlog.example.com',
          PORT: new URL(s.url).port,
          HOST: '127.0.0.1',
        });
        assert.equal(r.status, 1, r.output);
        assert.match(r.output, /EADDRINUSE/);
        const users = await empty.ctx.db.selectFrom('users').select('email').execute();
        assert.deepEqual(users, []);
      } finally {
        await empty.close();
      }
    });

    test('the start-up banner says demo mode and prints no password; the README lists every demo account with its password', () => {
      const banner = startupBanner('demo', 'http://localhost:8080', '/data');
      assert.match(banner, /DEMO MODE/);
      for (const { email, password } of demoAccounts()) {
        assert.ok(!banner.includes(password), `banner prints ${email}'s password`);
        assert.ok(readme.includes(email), `README lists ${email}`);
        assert.ok(readme.includes(password), `README gives ${email}'s password`);
      }
      assert.doesNotMatch(startupBanner('production', 'https://x', 'DATABASE_URL'), /DEMO/);
    });
  });
});
