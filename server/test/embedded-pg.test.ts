import { test, after, describe } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { startEmbeddedPostgres, type RunningPostgres } from '../src/dev/embedded-pg.js';

// Its own scope: the servers its hooks start are closed when its tests end, whatever else shares the process (test/run.ts).
describe('embedded-pg', () => {
  /** The embedded PostgreSQL's superuser password is generated per data folder, never a constant. */
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'timberlog-pgpw-'));
  fs.chmodSync(dir, 0o755);
  let running: RunningPostgres | undefined;
  after(async () => {
    await running?.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  test('a generated password in a file only we can read; the old constant does not work; a restart reuses it', async () => {
    running = await startEmbeddedPostgres(path.join(dir, 'postgres'), { database: 'postgres' });
    const file = path.join(dir, 'postgres.password');
    assert.equal(fs.statSync(file).mode & 0o777, 0o600);
    const password = fs.readFileSync(file, 'utf8').trim();
    assert.match(password, /^[0-9a-f]{48}$/);
    const url = new URL(running.url);
    assert.equal(url.password, password);
    const old = new pg.Client({ connectionString: `postgres://postgres:timberlog@127.0.0.1:${url.port}/postgres` });
    await assert.rejects(old.connect());
    // The server's connections use a Unix socket in a folder of its own, which goes when it stops.
    const socketDir = url.searchParams.get('host')!;
    assert.ok(fs.existsSync(socketDir));
    await running.stop();
    assert.equal(fs.existsSync(socketDir), false, 'the socket folder is removed when PostgreSQL stops');
    running = await startEmbeddedPostgres(path.join(dir, 'postgres'), { database: 'postgres' });
    assert.equal(new URL(running.url).password, password);
  });
});
