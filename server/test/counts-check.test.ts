import { test, before, after, describe } from 'node:test';
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { sql } from 'kysely';
import { startServer, type TestServer } from './helpers.js';
import { checkCounts, rebuildCounts } from '../src/records/counts.js';

// Its own scope: the servers its hooks start are closed when its tests end, whatever else shares the process (test/run.ts).
describe('counts-check', () => {
  /** `npm run check:counts -w server`: the kept counts against the rows, rebuilt with --fix. */
  const SERVER_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), '..');
  let s: TestServer;
  before(async () => {
    s = await startServer({}, { workers: false });
  });
  after(async () => {
    await s.close();
  });

  const run = (...args: string[]) =>
    promisify(execFile)(process.execPath, ['--import', 'tsx', 'src/scripts/check-counts.ts', ...args], {
      cwd: SERVER_DIR,
      env: { ...process.env, DATABASE_URL: s.dbUrl, NODE_ENV: 'production' },
    }).then(
      (r) => ({ code: 0, out: r.stdout }),
      (err: { code: number; stdout: string }) => ({ code: err.code, out: err.stdout }),
    );

  test('check:counts finds drift in every kept count and table, and --fix rebuilds them', async () => {
    assert.deepEqual(await checkCounts(s.ctx.db), [], 'a fresh seeded database agrees');
    const clean = await run();
    assert.equal(clean.code, 0, clean.out);
    assert.match(clean.out, /Every kept count agrees/);

    // A bulk load past the triggers, a lost version shard, a worker's count off by some.
    await s.ctx.db.connection().execute(async (conn) => {
      await sql`SET session_replication_role = replica`.execute(conn);
      await sql`INSERT INTO waybills (number, status, transport_date, origin, destination, destination_company, driver_name, vehicle_number, mileage, assortment, quantity)
      SELECT 'BULK-' || number, status, transport_date, origin, destination, destination_company, driver_name, vehicle_number, mileage, assortment, quantity
      FROM waybills LIMIT 3`.execute(conn);
      await sql`SET session_replication_role = DEFAULT`.execute(conn);
    });
    await sql`DELETE FROM waybill_versions WHERE shard = 3`.execute(s.ctx.db);
    await sql`DELETE FROM worklog_versions WHERE shard = 5`.execute(s.ctx.db);
    const worker = (await sql<{ name: string }>`SELECT worker_name AS name FROM workers WHERE worklog_count > 0 LIMIT 1`.execute(s.ctx.db))
      .rows[0]!.name;
    await sql`UPDATE workers SET worklog_count = worklog_count + 7 WHERE worker_name = ${worker}`.execute(s.ctx.db);

    const drift = await checkCounts(s.ctx.db);
    const tables = new Set(drift.map((d) => d.table));
    assert.ok(tables.has('waybill_counts') && tables.has('waybill_sums'), JSON.stringify(drift));
    assert.ok(tables.has('waybill_versions') && tables.has('worklog_versions'), JSON.stringify(drift));
    assert.ok(
      drift.some((d) => d.table.startsWith('workers') && d.key === worker),
      JSON.stringify(drift),
    );

    const found = await run();
    assert.equal(found.code, 1, found.out);
    assert.match(found.out, /disagree with the rows/);
    assert.match(found.out, /waybill_versions {2}3: kept \(none\)/);

    const fixed = await run('--fix');
    assert.equal(fixed.code, 0, fixed.out);
    assert.match(fixed.out, /Rebuilt: every kept count agrees/);
    assert.deepEqual(await checkCounts(s.ctx.db), []);
    // The lists count right again, and a rebuild of an exact database changes nothing.
    const token = await s.staff();
    const listed = await s.req('GET', '/api/waybills/?pageSize=1', { token });
    const real = Number((await sql<{ n: string }>`SELECT count(*) AS n FROM waybills`.execute(s.ctx.db)).rows[0]!.n);
    assert.equal(listed.body.count, real);
    await rebuildCounts(s.ctx.db);
    assert.deepEqual(await checkCounts(s.ctx.db), []);
  });
});
