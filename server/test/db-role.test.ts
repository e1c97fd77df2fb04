import { test, before, after, describe } from 'node:test';
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { createDatabase } from '../src/dev/embedded-pg.js';
import { APP_ROLE, grantAppRole } from '../src/infra/app-role.js';
import { startServer, TEMPLATE_ENV, waitFor, waybillInput, type TestServer } from './helpers.js';

/**
 * Production's server runs as a role that owns nothing (src/infra/app-role.ts): the whole product
 * works through it, and history stays append-only even for someone who has the server's password.
 */
describe('db-role', () => {
  const password = `app-${randomUUID()}`;
  let appUrl: string;
  let s: TestServer;
  let dataDir: string;

  before(async () => {
    const base = process.env.TEST_PG_URL!;
    const ownerUrl = await createDatabase(base, `t_${randomUUID().replace(/-/g, '').slice(0, 16)}`, {
      template: process.env[TEMPLATE_ENV.seeded],
    });
    // What the release step does after the migrations (the copy has the job queue's schema already).
    await grantAppRole(ownerUrl, { password });
    const url = new URL(ownerUrl);
    url.username = APP_ROLE;
    url.password = password;
    appUrl = url.toString();
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'timberlog-test-role-'));
    // As production starts: no migrations (the release step ran them), only a check that none is pending.
    s = await startServer({}, { reuse: { dbUrl: appUrl, dataDir }, migrate: false });
  });
  after(async () => {
    await s?.close();
  });

  const asApp = async <T>(work: (client: pg.Client) => Promise<T>): Promise<T> => {
    const client = new pg.Client({ connectionString: appUrl });
    await client.connect();
    try {
      return await work(client);
    } finally {
      await client.end();
    }
  };
  /** The SQLSTATE a statement run as the server's role fails with, or 'ok'. */
  const attempt = (statement: string) =>
    asApp(async (client) => {
      try {
        await client.query(statement);
        return 'ok';
      } catch (err) {
        return (err as { code?: string }).code ?? String(err);
      }
    });

  test('the product works through the role: sign-in, a waybill written and changed, its history, a report job', async () => {
    const token = await s.user();
    const created = await s.req('POST', '/api/waybills/', { token, body: await waybillInput(s) });
    assert.equal(created.status, 201, created.text);
    const path_ = `/api/waybills/${created.body.number}/`;
    const edited = await s.req('PATCH', path_, {
      token,
      body: { notes: 'Weighed again' },
      headers: { 'If-Match': `"${created.body.version}"` },
    });
    assert.equal(edited.status, 200, edited.text);
    const history = await s.req('GET', `${path_}history/`, { token });
    assert.equal(history.body.count, 2);
    const asked = await s.req('POST', '/api/waybills/waybill_report/', { token, body: { format: 'csv' } });
    assert.equal(asked.status, 201, asked.text);
    const done = await waitFor(
      async () => {
        const r = await s.req('GET', `/api/export-requests/${asked.body.id}/`, { token });
        return r.body.completeTimestamp ? r.body : null;
      },
      30_000,
      'the report job, run by the job queue as the role',
    );
    assert.equal(done.failed, false);
  });

  test('history is append-only by privilege: no update, delete, truncate, trigger switch or replication role', async () => {
    assert.equal(await attempt('SELECT count(*) FROM history'), 'ok');
    assert.equal(await attempt('UPDATE history SET reason = 0::text'), '42501');
    assert.equal(await attempt('DELETE FROM history'), '42501');
    assert.equal(await attempt('TRUNCATE history'), '42501');
    assert.equal(await attempt("SET session_replication_role = 'replica'"), '42501');
    assert.equal(await attempt('ALTER TABLE history DISABLE TRIGGER ALL'), '42501');
  });

  test('the role changes no schema and no migration record', async () => {
    assert.equal(await attempt('CREATE TABLE public.mine (id int)'), '42501');
    assert.equal(await attempt('DROP TABLE waybills'), '42501');
    assert.equal(await attempt('ALTER TABLE waybills ADD COLUMN x int'), '42501');
    assert.equal(await attempt('DELETE FROM pgmigrations'), '42501');
    assert.equal(await attempt('CREATE ROLE intruder'), '42501');
    const superuser = await asApp(
      async (c) => (await c.query<{ s: boolean }>('SELECT rolsuper AS s FROM pg_roles WHERE rolname = current_user')).rows[0]!.s,
    );
    assert.equal(superuser, false);
  });
});
