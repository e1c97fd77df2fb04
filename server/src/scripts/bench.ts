/**
 * Benchmark: 1,000,000 waybills in a separate embedded database, p50/p95 latency of
 * GET /api/waybills/ for common filter and sort combinations and of the home page's
 * GET /api/summary/ (real HTTP on loopback, bounded loops), then the time and peak memory of a 100,000-row XLSX export.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { sql } from 'kysely';
import { loadConfig } from '../shared/config.js';
import { startEmbeddedPostgres } from '../shared/embedded-pg.js';
import { closeContext, createContext } from '../shared/bootstrap.js';
import { buildApp } from '../app.js';
import { seed } from '../seed/seed.js';
import { DEMO_USERS } from '../seed/data.js';
import { writeReport } from '../exports/report.js';
import { REPORTS } from '../reports.js';

const ROWS = Number(process.env.BENCH_ROWS || 1_000_000);
const LOOPS = Number(process.env.BENCH_LOOPS || 30);
const log = pino({ level: 'warn' });
const dir = path.join(os.tmpdir(), 'timberlog-bench');
fs.rmSync(dir, { recursive: true, force: true });
fs.mkdirSync(dir, { recursive: true, mode: 0o755 });

const pg = await startEmbeddedPostgres(path.join(dir, 'pg'), { database: 'timberlog_bench' });
const config = loadConfig({ dataDir: path.join(dir, 'data'), port: 0, host: '127.0.0.1', databaseUrl: pg.url, logLevel: 'warn', rateLimitPerAddress: 1_000_000 });
const ctx = await createContext(config, pg.url, log);
try {
  await seed(ctx.db, { waybills: 2000, worklogs: 5000 });
  let t = Date.now();
  // Bulk load: build the secondary indexes once afterwards instead of row by row, and skip the
  // foreign-key triggers (the generated rows reference existing codes by construction).
  const indexes = (await sql<{ name: string; def: string }>`
    SELECT indexname AS name, indexdef AS def FROM pg_indexes WHERE tablename = 'waybills' AND indexname <> 'waybills_pkey'`.execute(ctx.db)).rows;
  for (const ix of indexes) await sql`DROP INDEX ${sql.id(ix.name)}`.execute(ctx.db);
  await ctx.db.connection().execute(async (conn) => {
    await sql`SET session_replication_role = replica`.execute(conn);
    await sql`
    WITH o AS (SELECT array_agg(origin_code ORDER BY id) AS a FROM warehouses WHERE origin_code IS NOT NULL),
         d AS (SELECT array_agg(destination_code ORDER BY id) AS a, array_agg(company ORDER BY id) AS c FROM warehouses WHERE destination_code IS NOT NULL),
         s AS (SELECT array_agg(code ORDER BY code) AS a FROM assortments WHERE is_active)
    INSERT INTO waybills (number, status, transport_date, origin, destination, destination_company, driver_name, vehicle_number, mileage,
                          assortment, quantity, notes, created_by, created_at, last_modified_at)
    SELECT 'B-' || lpad(g::text, 7, '0'),
           (ARRAY['draft','confirmed','delivered','delivered','delivered','cancelled'])[1 + g % 6],
           date '2026-11-20' - (g % 1460),
           o.a[1 + g % array_length(o.a, 1)],
           d.a[1 + (g * 7) % array_length(d.a, 1)], d.c[1 + (g * 7) % array_length(d.a, 1)],
           'Driver ' || (g % 500), (100 + g % 900) || ' BEN', g % 400,
           s.a[1 + (g * 3) % array_length(s.a, 1)], (10 + (g % 30000) / 1000.0)::numeric(12, 3),
           CASE WHEN g % 50 = 0 THEN 'Measured at the mill gate.' ELSE '' END, 'staff@timberlog.ee',
           timestamptz '2026-11-20' - (g % 1460) * interval '1 day' - (g % 86400) * interval '1 second',
           timestamptz '2026-11-20' - (g % 1460) * interval '1 day'
    FROM generate_series(1, ${ROWS}) g, o, d, s`.execute(conn);
    await sql`SET session_replication_role = DEFAULT`.execute(conn);
  });
  const inserted = (Date.now() - t) / 1000;
  t = Date.now();
  await ctx.db.connection().execute(async (conn) => {
    await sql`SET maintenance_work_mem = '256MB'`.execute(conn);
    for (const ix of indexes) await sql.raw(ix.def).execute(conn);
  });
  const indexed = (Date.now() - t) / 1000;
  t = Date.now();
  await sql`VACUUM ANALYZE waybills`.execute(ctx.db);
  console.log(`Inserted ${ROWS.toLocaleString('en')} waybills (INSERT ... SELECT generate_series) in ${inserted.toFixed(1)} s, ` +
    `built ${indexes.length} indexes in ${indexed.toFixed(1)} s, VACUUM ANALYZE in ${((Date.now() - t) / 1000).toFixed(1)} s`);

  const app = await buildApp(ctx, { logger: false });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const port = (app.server.address() as { port: number }).port;
  const base = `http://127.0.0.1:${port}`;
  const login = await fetch(`${base}/api/auth/token/`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: DEMO_USERS.staff.email, password: DEMO_USERS.staff.password }) });
  const { access } = (await login.json()) as { access: string };
  const company = (await ctx.db.selectFrom('warehouses').select('company').where('destinationCode', 'is not', null).orderBy('id').executeTakeFirstOrThrow()).company;
  const origin = (await ctx.db.selectFrom('warehouses').select('originCode').where('originCode', 'is not', null).orderBy('id').executeTakeFirstOrThrow()).originCode!;

  const scenarios: [name: string, query: string, path?: string][] = [
    ['default (newest first)', ''],
    ['statusIn=delivered,confirmed', 'statusIn=delivered&statusIn=confirmed'],
    ['destinationCompany', `destinationCompany=${company}`],
    ['origin + sort=-transportDate', `origin=${origin}&sort=-transportDate`],
    ['transportDate range (one month)', 'transportDateAfter=2026-06-01&transportDateBefore=2026-06-30&sort=transportDate'],
    ['transportDate (one day)', 'transportDate=2026-03-14'],
    ['assortment + status', 'assortment=KU-PALK-18&status=delivered'],
    ['driverName', `driverName=${encodeURIComponent('Driver 42')}`],
    ['search (substring, trigram index)', 'search=mill%20gate'],
    ['sort=number', 'sort=number'],
    ['sort=-mileage', 'sort=-mileage'],
    ['pageSize=100', 'pageSize=100'],
    ['deep page (pageNumber=2000)', 'pageNumber=2000'],
    // The home page's counts: one grouped count per table (the count column sums the waybills).
    ['GET /api/summary/ (home counts)', '', '/api/summary/'],
  ];
  const pct = (xs: number[], p: number) => xs[Math.min(xs.length - 1, Math.floor((p / 100) * xs.length))]!;
  console.log(`\nGET /api/waybills/ (and the last row: GET /api/summary/) over ${ROWS.toLocaleString('en')} waybills, ${LOOPS} requests each (after 3 warm-up requests):`);
  console.log('| query | count | p50 ms | p95 ms |');
  console.log('|---|---:|---:|---:|');
  for (const [name, q, p = '/api/waybills/'] of scenarios) {
    const times: number[] = [];
    let count = 0;
    for (let i = 0; i < LOOPS + 3; i++) {
      const t0 = performance.now();
      const r = await fetch(`${base}${p}?${q}`, { headers: { authorization: `Bearer ${access}` } });
      const body = (await r.json()) as { count?: number; waybillsByStatus?: Record<string, number> };
      if (r.status !== 200) throw new Error(`${name}: ${r.status} ${JSON.stringify(body)}`);
      count = body.count ?? Object.values(body.waybillsByStatus ?? {}).reduce((a, b) => a + b, 0);
      if (i >= 3) times.push(performance.now() - t0);
    }
    times.sort((a, b) => a - b);
    console.log(`| ${name} | ${count.toLocaleString('en')} | ${pct(times, 50).toFixed(1)} | ${pct(times, 95).toFixed(1)} |`);
  }
  await app.close();

  // 100,000-row XLSX export, written as a stream from a server-side cursor.
  const filters = { transportDateAfter: '2026-06-28', transportDateBefore: '2026-11-20' };
  global.gc?.();
  const baseline = process.memoryUsage();
  let peakRss = baseline.rss;
  let peakHeap = baseline.heapUsed;
  const sampler = setInterval(() => {
    const m = process.memoryUsage();
    peakRss = Math.max(peakRss, m.rss);
    peakHeap = Math.max(peakHeap, m.heapUsed);
  }, 25);
  t = Date.now();
  const result = await writeReport(ctx, REPORTS.waybill_report, { id: '00000000-0000-4000-8000-000000000000', format: 'xlsx', filters, locale: 'en', onProgress: async () => undefined });
  const seconds = (Date.now() - t) / 1000;
  clearInterval(sampler);
  const mb = (n: number) => (n / 1024 / 1024).toFixed(0);
  console.log(`\nXLSX export: ${result.rowCount.toLocaleString('en')} rows in ${seconds.toFixed(1)} s, file ${mb(fs.statSync(result.file).size)} MB; ` +
    `peak RSS ${mb(peakRss)} MB (baseline ${mb(baseline.rss)} MB), peak heap ${mb(peakHeap)} MB (baseline ${mb(baseline.heapUsed)} MB)`);
} finally {
  await closeContext(ctx);
  await pg.stop();
  fs.rmSync(dir, { recursive: true, force: true });
}
