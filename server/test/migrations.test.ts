import { test, before, after, describe } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { createDatabase } from '../src/dev/embedded-pg.js';
import { migrate, MIGRATIONS_DIR, pendingMigrations } from '../src/infra/migrate.js';

// Its own scope: the servers its hooks start are closed when its tests end, whatever else shares the process (test/run.ts).
describe('migrations', () => {
  const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
  const run = (script: string, args: string[], env: Record<string, string>) => {
    const r = spawnSync(process.execPath, ['--import', 'tsx', script, ...args], {
      cwd: serverDir,
      encoding: 'utf8',
      timeout: 60_000,
      env: { PATH: process.env.PATH!, HOME: process.env.HOME ?? os.tmpdir(), SKIP_WEB_BUILD: '1', LOG_LEVEL: 'error', ...env },
    });
    return { status: r.status, output: `${r.stdout}${r.stderr}` };
  };

  /** The last migration the earlier runner applied: every existing installation is at or before it. */

  const pools: pg.Pool[] = [];
  const dirs: string[] = [];
  after(async () => {
    await Promise.all(pools.map((p) => p.end().catch(() => undefined)));
    for (const d of dirs) fs.rmSync(d, { recursive: true, force: true });
  });

  async function freshDb(): Promise<{ url: string; pool: pg.Pool }> {
    const url = await createDatabase(process.env.TEST_PG_URL!, `m_${randomUUID().replace(/-/g, '').slice(0, 16)}`);
    const pool = new pg.Pool({ connectionString: url, max: 4 });
    pools.push(pool);
    return { url, pool };
  }

  function tempDir(files: Record<string, string>): string {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'timberlog-migrations-'));
    dirs.push(dir);
    for (const [name, text] of Object.entries(files)) fs.writeFileSync(path.join(dir, name), text);
    return dir;
  }

  describe('schema migrations (node-pg-migrate over the SQL files)', () => {
    let fresh: { url: string; pool: pg.Pool };
    before(async () => {
      fresh = await freshDb();
    });

    test('a new database gets every migration once; a second run has nothing to do', async () => {
      const files = fs
        .readdirSync(MIGRATIONS_DIR)
        .filter((f) => /^\d+_.+\.sql$/.test(f))
        .sort()
        .map((f) => f.replace(/\.sql$/, ''));
      assert.deepEqual(await migrate(fresh.pool), files);
      assert.deepEqual(await migrate(fresh.url), []);
      assert.deepEqual(await pendingMigrations(fresh.pool), []);
      const sums = await fresh.pool.query<{ name: string }>('SELECT name FROM migration_checksums ORDER BY name');
      assert.deepEqual(
        sums.rows.map((r) => r.name),
        files,
      );
    });

    test('a migration edited after it ran stops the run and changes nothing', async () => {
      const dir = tempDir({ '001_a.sql': 'CREATE TABLE a (x int);', '002_b.sql': 'CREATE TABLE b (x int);' });
      const db = await freshDb();
      assert.deepEqual(await migrate(db.pool, { dir }), ['001_a', '002_b']);
      fs.writeFileSync(path.join(dir, '001_a.sql'), 'CREATE TABLE a (x bigint);');
      fs.writeFileSync(path.join(dir, '003_c.sql'), 'CREATE TABLE c (x int);');
      await assert.rejects(migrate(db.pool, { dir }), /001_a changed after it was applied/);
      assert.equal((await db.pool.query(`SELECT to_regclass('public.c') AS t`)).rows[0].t, null);
    });

    test('a migration that fails leaves nothing of itself behind and is not recorded', async () => {
      const dir = tempDir({ '001_a.sql': 'CREATE TABLE a (x int);\nCREATE TABLE a (x int);' });
      const db = await freshDb();
      await assert.rejects(migrate(db.pool, { dir }), /already exists/);
      assert.equal((await db.pool.query(`SELECT to_regclass('public.a') AS t`)).rows[0].t, null);
      assert.deepEqual(await pendingMigrations(db.pool, dir), ['001_a']);
    });

    test('instances migrating together take turns: each migration runs once, a concurrent index build included', async () => {
      // The one waiting must not hold a snapshot open: the build waits for every older snapshot.
      const dir = tempDir({
        '001_a.sql': 'CREATE TABLE a (x int); SELECT pg_sleep(0.3);',
        '002_a_x.sql': '-- migrate:no-transaction\nCREATE INDEX CONCURRENTLY a_x_idx ON a (x);',
        '003_b.sql': 'CREATE TABLE b (x int);',
      });
      const db = await freshDb();
      const [one, two, three] = await Promise.all([migrate(db.url, { dir }), migrate(db.url, { dir }), migrate(db.url, { dir })]);
      assert.deepEqual([...one, ...two, ...three].sort(), ['001_a', '002_a_x', '003_b']);
    });

    /**
     * A writer holds an open transaction on the table while the index is built; a second writer then
     * inserts with a 3 s lock timeout. A plain CREATE INDEX (in a transaction) queues behind the
     * first writer and the second queues behind it; CONCURRENTLY blocks neither.
     */
    async function buildIndexWithWritersRunning(indexFile: string): Promise<{ secondWriter: 'wrote' | 'blocked'; migrated: string[] }> {
      const dir = tempDir({
        '001_t.sql': 'CREATE TABLE t (id serial PRIMARY KEY, v int); INSERT INTO t (v) SELECT g FROM generate_series(1, 1000) g;',
      });
      const db = await freshDb();
      await migrate(db.pool, { dir });
      fs.writeFileSync(path.join(dir, '002_t_v.sql'), indexFile);
      const first = await db.pool.connect();
      const second = await db.pool.connect();
      try {
        await first.query('BEGIN');
        await first.query('INSERT INTO t (v) VALUES (-1)');
        const migrating = migrate(db.url, { dir });
        // Wait until the build is waiting on the first writer's transaction.
        for (let i = 0; ; i++) {
          const waiting = await db.pool.query(
            `SELECT 1 FROM pg_stat_activity WHERE query ILIKE '%CREATE INDEX%t_v_idx%' AND wait_event_type = 'Lock'`,
          );
          if (waiting.rowCount) break;
          if (i > 200) throw new Error('the index build never started');
          await new Promise((r) => setTimeout(r, 25));
        }
        let secondWriter: 'wrote' | 'blocked' = 'wrote';
        await second.query(`SET lock_timeout = '3s'`);
        await second.query('INSERT INTO t (v) VALUES (-2)').catch((err: { code?: string }) => {
          if (err.code !== '55P03') throw err;
          secondWriter = 'blocked';
        });
        await first.query('COMMIT');
        return { secondWriter, migrated: await migrating };
      } finally {
        first.release();
        second.release();
      }
    }

    test('a concurrent index build (-- migrate:no-transaction) does not block writes', async () => {
      const result = await buildIndexWithWritersRunning('-- migrate:no-transaction\nCREATE INDEX CONCURRENTLY t_v_idx ON t (v);');
      assert.deepEqual(result, { secondWriter: 'wrote', migrated: ['002_t_v'] });
    });

    test('...whereas the same index built in a transaction blocks them (the measure above can fail)', async () => {
      const result = await buildIndexWithWritersRunning('CREATE INDEX t_v_idx ON t (v);');
      assert.deepEqual(result, { secondWriter: 'blocked', migrated: ['002_t_v'] });
    });

    test('production: a start on a database that lacks migrations stops and names the release step, which then brings it up to date', async () => {
      const db = await freshDb();
      const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'timberlog-migrate-start-'));
      dirs.push(dataDir);
      const env = {
        DATABASE_URL: db.url,
        NODE_ENV: 'production',
        PUBLIC_URL: 'https://timberlog.example.com',
        DATA_DIR: dataDir,
        PORT: '0',
        HOST: '127.0.0.1',
      };
      const refused = run('src/main.ts', [], env);
      assert.equal(refused.status, 1, refused.output);
      assert.match(refused.output, /lacks \d+ migration\(s\).*npm run migrate -w server/s);
      assert.equal((await db.pool.query(`SELECT to_regclass('public.users') AS t`)).rows[0].t, null, 'the start changed nothing');

      const dry = run('src/scripts/migrate.ts', ['--dry-run'], { DATABASE_URL: db.url });
      assert.equal(dry.status, 0, dry.output);
      assert.match(dry.output, /Would apply: 001_init/);
      const applied = run('src/scripts/migrate.ts', [], { DATABASE_URL: db.url });
      assert.equal(applied.status, 0, applied.output);
      assert.match(applied.output, /Applied \d+ migration\(s\)/);
      assert.deepEqual(await pendingMigrations(db.pool), []);
      const again = run('src/scripts/migrate.ts', [], { DATABASE_URL: db.url });
      assert.match(again.output, /up to date/);
    });
  });
});
