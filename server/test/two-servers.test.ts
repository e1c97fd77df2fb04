import { test, before, after, describe } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { sql } from 'kysely';
import { createDatabase, freePort } from '../src/dev/embedded-pg.js';
import { createDb, type DB } from '../src/infra/db.js';
import { seed } from '../src/seed/seed.js';
import { DEMO_USERS, waitFor } from './helpers.js';
import { openStream } from './event-stream.js';

// Its own scope: the servers its hooks start are closed when its tests end, whatever else shares the process (test/run.ts).
describe('two-servers', () => {
  /**
   * Two real server processes (`src/main.ts`, a production start: DATABASE_URL and PUBLIC_URL) on one
   * database and one shared DATA_DIR: live change events cross from one to the other through
   * PostgreSQL, sessions and sign-in limits are shared, every export is worked
   * once, and an export whose server is killed with SIGKILL is finished by the other. No JWT keys are
   * given: both generate them in DATA_DIR at the same moment and must end up with one pair.
   */
  const here = path.dirname(fileURLToPath(import.meta.url));
  const serverDir = path.resolve(here, '..');
  /** Short, so a killed server's export is retried within the test; a retry must still fit in it. */
  const EXPIRE_SECONDS = 12;
  const SIGN_IN_LIMIT = 6;

  interface Instance {
    name: string;
    url: string;
    child: ChildProcess;
    /** Everything the process wrote, stdout and stderr. */
    output: () => string;
    exited: Promise<number | null>;
  }

  let dbUrl: string;
  let dataDir: string;
  let db: DB;
  let A: Instance;
  let B: Instance;
  const instances: Instance[] = [];

  async function startInstance(name: string): Promise<Instance> {
    const port = await freePort();
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
      cwd: serverDir,
      stdio: ['ignore', 'pipe', 'pipe'],
      env: {
        PATH: process.env.PATH!,
        HOME: process.env.HOME ?? os.tmpdir(),
        DATABASE_URL: dbUrl,
        PUBLIC_URL: 'http://timberlog.test',
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        WEB_DIST_DIR: path.join(dataDir, 'no-web-app'),
        LOG_LEVEL: 'info',
        JOB_POLLING_SECONDS: '0.5',
        EXPORT_JOB_EXPIRE_SECONDS: String(EXPIRE_SECONDS),
        EXPORTS_IN_PROGRESS_PER_USER: '50',
        RATE_LIMIT_PER_ACCOUNT: String(SIGN_IN_LIMIT),
        // Both start on an empty database and migrate it themselves: the lock makes them take turns.
        MIGRATE_ON_START: 'true',
      },
    });
    let out = '';
    child.stdout!.on('data', (d: Buffer) => (out += d.toString()));
    child.stderr!.on('data', (d: Buffer) => (out += d.toString()));
    const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
    const instance: Instance = { name, url: `http://127.0.0.1:${port}`, child, output: () => out, exited };
    instances.push(instance);
    return instance;
  }

  async function ready(instance: Instance): Promise<void> {
    let gone = false;
    void instance.exited.then(() => (gone = true));
    await waitFor(
      async () => {
        if (gone) throw new Error(`${instance.name} exited while starting:\n${instance.output()}`);
        return instance.output().includes('Timberlog is running at');
      },
      // Both load the code and one migrates an empty database while the other waits for its lock:
      // beside the browser tests' start-up on two busy cores that has taken over 60 s.
      180_000,
      `${instance.name} to start`,
    );
  }

  async function req(
    instance: Instance,
    method: string,
    p: string,
    o: { token?: string; body?: unknown; headers?: Record<string, string> } = {},
  ) {
    const headers: Record<string, string> = { ...o.headers };
    if (o.token) headers.authorization = `Bearer ${o.token}`;
    if (o.body !== undefined) headers['content-type'] = 'application/json';
    const res = await fetch(instance.url + p, { method, headers, body: o.body === undefined ? undefined : JSON.stringify(o.body) });
    const text = await res.text();
    let body: any = text;
    try {
      body = text ? JSON.parse(text) : null;
    } catch {
      body = text;
    }
    return { status: res.status, body, headers: res.headers, text };
  }

  async function signIn(instance: Instance, user: { email: string; password: string }) {
    const r = await req(instance, 'POST', '/api/auth/token/', { body: { email: user.email, password: user.password } });
    assert.equal(r.status, 200, r.text);
    return r.body as { access: string; refresh: string };
  }

  /** The process's JSON log lines with `msg` about the export `id`. */
  function logged(instance: Instance, msg: string, id: string): Record<string, unknown>[] {
    return instance
      .output()
      .split('\n')
      .filter((l) => l.startsWith('{'))
      .map((l) => {
        try {
          return JSON.parse(l) as Record<string, unknown>;
        } catch {
          return {};
        }
      })
      .filter((e) => e.msg === msg && e.exportRequest === id);
  }

  const exportFiles = () => fs.readdirSync(path.join(dataDir, 'exports')).sort();

  async function finished(instance: Instance, token: string, id: string, timeoutMs = 30_000) {
    return waitFor(
      async () => {
        const r = await req(instance, 'GET', `/api/export-requests/${id}/`, { token });
        return r.body?.completeTimestamp ? r.body : null;
      },
      timeoutMs,
      `export ${id}`,
    );
  }

  before(async () => {
    const base = process.env.TEST_PG_URL;
    if (!base) throw new Error('TEST_PG_URL is not set: run the tests with `npm run test -w server`');
    dbUrl = await createDatabase(base, `two_${randomUUID().replace(/-/g, '').slice(0, 12)}`);
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'timberlog-two-servers-'));
    db = createDb(dbUrl, 4).db;
    // Both start at once on an empty database: migrations and the job queue's schema must not race.
    A = await startInstance('A');
    B = await startInstance('B');
    await Promise.all([ready(A), ready(B)]);
    // The demo data (accounts and reference data); a production start is never seeded itself.
    await seed(db, { waybills: 80, worklogs: 150 });
  });

  after(async () => {
    for (const instance of instances) {
      if (instance.child.exitCode === null && instance.child.signalCode === null) instance.child.kill('SIGKILL');
      await Promise.race([instance.exited, new Promise((r) => setTimeout(r, 5000))]);
    }
    await db?.destroy().catch(() => undefined);
    if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  });

  describe('two servers on one database', () => {
    test('started together, they migrated the database once and use one generated key pair', async () => {
      const migrations = fs
        .readdirSync(path.join(serverDir, 'migrations'))
        .filter((f) => f.endsWith('.sql'))
        .map((f) => f.replace(/\.sql$/, ''));
      const rows = await sql<{ name: string }>`SELECT name FROM pgmigrations ORDER BY id`.execute(db);
      assert.deepEqual(
        rows.rows.map((r) => r.name),
        migrations.sort(),
      );
      for (const instance of [A, B]) assert.equal((await req(instance, 'GET', '/api/schema/')).status, 200);
      assert.deepEqual(fs.readdirSync(path.join(dataDir, 'keys')).sort(), ['jwt-private.pem', 'jwt-public.pem']);
      assert.deepEqual(
        fs.readdirSync(dataDir).filter((f) => f.startsWith('.keys-')),
        [],
        'no key folder left behind',
      );
      // A token signed by one is accepted by the other.
      const tokens = await signIn(B, DEMO_USERS.user);
      assert.equal((await req(A, 'GET', '/api/user/me', { token: tokens.access })).status, 200);
    });

    test('sessions are shared: sign in on A, refresh on B, use on A; sign out on B ends the session on A', async () => {
      const first = await signIn(A, DEMO_USERS.user);
      const renewed = await req(B, 'POST', '/api/auth/session', { body: { refresh: first.refresh } });
      assert.equal(renewed.status, 200, renewed.text);
      const me = await req(A, 'GET', '/api/user/me', { token: renewed.body.accessToken });
      assert.equal(me.status, 200, me.text);
      assert.equal(me.body.email, DEMO_USERS.user.email);
      // The refresh token was spent on B: A refuses it too.
      assert.equal((await req(A, 'POST', '/api/auth/token/refresh/', { body: { refresh: first.refresh } })).status, 401);

      const other = await signIn(B, DEMO_USERS.staff);
      // A knows the account (a call checked its token), then the session is signed out on B.
      assert.equal((await req(A, 'GET', '/api/user/me', { token: other.access })).status, 200);
      const out = await req(B, 'POST', '/api/auth/logout', { body: { refresh: other.refresh } });
      assert.equal(out.status, 200);
      assert.equal((await req(A, 'POST', '/api/auth/session', { body: { refresh: other.refresh } })).status, 401);
      // Its access token is refused on A as soon as A hears of the sign-out (the commit's announcement).
      await waitFor(
        async () => (await req(A, 'GET', '/api/user/me', { token: other.access })).status === 401,
        5_000,
        'A to refuse the token',
      );
    });

    test('a change made through A reaches a client of B within 2 s: the processes share no memory, only PostgreSQL', async () => {
      const staff = (await signIn(A, DEMO_USERS.staff)).access;
      const stream = await openStream(B, (await signIn(B, DEMO_USERS.user)).access);
      try {
        const waybill = await db
          .selectFrom('waybills')
          .select(['number', 'version'])
          .where('status', '=', 'draft')
          .orderBy('number')
          .executeTakeFirstOrThrow();
        const started = Date.now();
        const r = await req(A, 'PATCH', `/api/waybills/${waybill.number}/`, {
          token: staff,
          body: { notes: 'Seen on B' },
          headers: { 'if-match': `"${waybill.version}"` },
        });
        assert.equal(r.status, 200, r.text);
        const e = await stream.next((x) => x.data.key === waybill.number && x.data.action === 'updated');
        assert.ok(Date.now() - started < 2000, `${Date.now() - started} ms`);
        assert.equal(e.data.entity, 'waybill');
        assert.equal(e.data.version, waybill.version + 1);
        assert.ok(!JSON.stringify(e.data).includes('Seen on B'), 'no record data in the event');
      } finally {
        stream.close();
      }
    });

    test('sign-in limits are shared: failures split over A and B meet the one limit', async () => {
      const email = `nobody-${randomUUID().slice(0, 8)}@timberlog.test`;
      const statuses: number[] = [];
      for (let i = 0; i < SIGN_IN_LIMIT + 2; i++) {
        const r = await req(i % 2 === 0 ? A : B, 'POST', '/api/auth/token/', { body: { email, password: 'wrong password' } });
        statuses.push(r.status);
        if (r.status === 429) assert.ok(Number(r.headers.get('retry-after')) > 0, 'Retry-After');
      }
      assert.deepEqual(statuses, [...Array(SIGN_IN_LIMIT).fill(401), 429, 429]);
    });

    test('every export is worked once, by one of the two, into one file', async (t) => {
      const token = (await signIn(A, DEMO_USERS.user)).access;
      const before = new Set(fs.existsSync(path.join(dataDir, 'exports')) ? exportFiles() : []);
      const requests = await Promise.all(
        Array.from({ length: 8 }, (_, i) =>
          req(i % 2 === 0 ? A : B, 'POST', '/api/waybills/waybill_report/', { token, body: { format: i % 4 < 2 ? 'csv' : 'xlsx' } }),
        ),
      );
      for (const r of requests) assert.equal(r.status, 201, r.text);
      const ids = requests.map((r) => r.body.id as string);
      const done = await Promise.all(ids.map((id, i) => finished(i % 2 === 0 ? B : A, token, id)));
      const expected = await db.selectFrom('waybills').select(sql<number>`count(*)::int`.as('n')).executeTakeFirstOrThrow();
      for (const d of done) {
        assert.equal(d.failed, false);
        assert.equal(d.rowCount, expected.n);
      }
      const attachments = done.map((d) => d.attachment as string);
      assert.equal(new Set(attachments).size, ids.length);
      assert.deepEqual(
        exportFiles().filter((f) => !before.has(f)),
        [...attachments].sort(),
        'one file per export, nothing else',
      );
      for (const id of ids) {
        const started = [...logged(A, 'export started', id), ...logged(B, 'export started', id)];
        const ended = [...logged(A, 'export finished', id), ...logged(B, 'export finished', id)];
        assert.equal(started.length, 1, `export ${id} taken ${started.length} times`);
        assert.equal(ended.length, 1, `export ${id} finished ${ended.length} times`);
      }
      t.diagnostic(
        `worked by A: ${ids.filter((id) => logged(A, 'export started', id).length).length}, by B: ${ids.filter((id) => logged(B, 'export started', id).length).length}`,
      );
      const jobs = await sql<{ state: string; retryCount: number }>`
      SELECT state, retry_count FROM pgboss.job WHERE name = 'export-report' AND data->>'id' IN (${sql.join(ids)})`.execute(db);
      assert.equal(jobs.rows.length, ids.length);
      assert.ok(
        jobs.rows.every((j) => j.state === 'completed' && j.retryCount === 0),
        JSON.stringify(jobs.rows),
      );
    });

    test('a server killed (SIGKILL) in the middle of an export leaves it to the other, which writes it from the start', async (t) => {
      // Enough worklogs that the report takes seconds to write (copies of the seeded ones, whose
      // references hold: the foreign key checks are skipped to make the insert quick).
      await db.transaction().execute(async (trx) => {
        await sql`SET LOCAL session_replication_role = replica`.execute(trx);
        await sql`INSERT INTO worklogs (number, timestamp, action, warehouse, worker_name, assortment, quantity, waybill, duration_minutes, notes, created_by)
        SELECT w.number || '-' || g, w.timestamp, w.action, w.warehouse, w.worker_name, w.assortment, w.quantity, w.waybill, w.duration_minutes, w.notes, w.created_by
        FROM worklogs w CROSS JOIN generate_series(1, 1000) g`.execute(trx);
      });
      const total = (await db.selectFrom('worklogs').select(sql<number>`count(*)::int`.as('n')).executeTakeFirstOrThrow()).n;
      const token = (await signIn(A, DEMO_USERS.staff)).access;
      const r = await req(A, 'POST', '/api/worklogs/worklog_report/', { token, body: { format: 'csv' } });
      assert.equal(r.status, 201, r.text);
      const id = r.body.id as string;

      // The instance that took the job logs it; kill it once the report is part-written.
      const worker = await waitFor(
        async () => [A, B].find((s) => logged(s, 'export started', id).length > 0),
        30_000,
        'the export to start',
      );
      const survivor = worker === A ? B : A;
      await waitFor(
        async () => {
          const row = await db
            .selectFrom('exportRequests')
            .select(['progress', 'inProgress'])
            .where('id', '=', id)
            .executeTakeFirstOrThrow();
          assert.equal(row.inProgress, true, 'the export finished before it could be interrupted: make the report bigger');
          return row.progress >= 5;
        },
        30_000,
        'export progress',
      );
      worker.child.kill('SIGKILL');
      await worker.exited;
      t.diagnostic(`${worker.name} was killed while writing ${total} rows; ${survivor.name} goes on`);
      const interrupted = await db.selectFrom('exportRequests').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
      assert.equal(interrupted.inProgress, true);
      assert.equal(interrupted.attachment, null);

      // pg-boss hands the job out again after its expiry; the survivor writes the report whole.
      const done = await finished(survivor, token, id, 90_000);
      assert.equal(done.failed, false);
      assert.equal(done.progress, 100);
      assert.equal(done.rowCount, total);
      const retried = logged(survivor, 'export started', id);
      assert.equal(retried.length, 1);
      assert.ok(Number(retried[0]!.attempt) >= 1, `the survivor's attempt is a retry: ${JSON.stringify(retried[0])}`);
      assert.equal(logged(survivor, 'export finished', id).length, 1);

      // One file for the export, no part file left by the killed attempt, and every row once.
      assert.deepEqual(
        exportFiles().filter((f) => f.includes(id.slice(0, 8))),
        [done.attachment],
      );
      const file = await fetch(`${survivor.url}/api/export-requests/${id}/download_attachment/`, {
        headers: { authorization: `Bearer ${token}` },
      });
      assert.equal(file.status, 200);
      const lines = (await file.text())
        .replace(/^\ufeff/, '')
        .split('\r\n')
        .filter(Boolean);
      assert.equal(lines.length, total + 1);
      assert.equal(new Set(lines.slice(1).map((l) => l.split(',')[0])).size, total, 'no row twice');

      // The survivor still answers.
      assert.equal((await req(survivor, 'GET', '/api/user/me', { token })).status, 200);
    });
  });
});
