/**
 * Benchmark: 1,000,000 waybills in a separate embedded database, then GET /api/waybills/ for common
 * filter and sort combinations and the home page's GET /api/summary/ and its charts through real HTTP on loopback:
 * requests per second, p50 and p99 latency at 1 and at 10 concurrent connections (a closed loop per
 * connection, autocannon in a process of its own so the client does not share the server's event loop),
 * then the same cases at 10 connections while a writer changes 10 waybills a second through the API
 * (and whether every count stayed exact), then the event stream with 1,000 connected clients
 * (bench-live.ts), then a 10,000-row import and bulk actions (bench-volume.ts), then the documents
 * (bench-documents.ts), then EVR (bench-evr.ts), then the exports (bench-exports.ts). Prints
 * figures; asserts nothing.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { execFile } from 'node:child_process';
import pino from 'pino';
import { sql } from 'kysely';
import { loadConfig, SERVER_ROOT } from '../infra/config.js';
import { startEmbeddedPostgres } from '../dev/embedded-pg.js';
import { closeContext, createContext } from '../infra/bootstrap.js';
import { buildApp } from '../app.js';
import { seed } from '../seed/seed.js';
import { DEMO_USERS } from '../seed/data.js';
import { benchDocuments } from './bench-documents.js';
import { benchExports } from './bench-exports.js';
import { benchVolume } from './bench-volume.js';
import { benchEvr } from './bench-evr.js';
import { benchEvents, checkListCounts, startWriter, writerChanges, writerSummary } from './bench-live.js';
import type { WriterResult } from './bench-writer.js';
import { keptPageStats } from '../list/run.js';
import { createRequire } from 'node:module';

const AUTOCANNON_VERSION = (createRequire(import.meta.url)('autocannon/package.json') as { version: string }).version;

const ROWS = Number(process.env.BENCH_ROWS || 1_000_000);
/** Seconds each case runs at each concurrency (after a short warm-up). */
const SECONDS = Number(process.env.BENCH_SECONDS || 3);
/** A page a fifth of the way through the newest-first list (2,000 at the default page size on 1,000,000 rows). */
const DEEP_PAGE = Math.max(1, Math.round(ROWS / 500));
/**
 * BENCH_WRITER=0 leaves out the list cases with a writer; BENCH_EVENTS=0 the event stream's clients
 * (which run when any list case does, or with BENCH_EVENTS=1).
 */
const WRITER = process.env.BENCH_WRITER !== '0';
const EVENTS = process.env.BENCH_EVENTS !== '0';
/** Waybill changes a second during the writer's run; connected clients and changes for the event stream. */
const WRITER_RATE = 10;
const EVENT_CLIENTS = Number(process.env.BENCH_EVENT_CLIENTS || 1000);
const EVENT_CHANGES = 100;
/**
 * How many different requests a case's varied form asks in turn: more than the answers the server
 * keeps (list/run.ts keeps 256 pages), so that no answer comes from there: pages 1…N of the
 * filtered list, N search terms' pages, N record numbers.
 */
const VARIED = Number(process.env.BENCH_VARIED || 300);
/** The list's default page size (its pages are what the varied forms walk). */
const PAGE_SIZE = 25;
/** Inspectors named in the generated notes: the notes search rotates through them (each matches 2 % of rows). */
const INSPECTORS = ['Tamm', 'Saar', 'Sepp', 'Kask', 'Kukk', 'Ilves', 'Koppel', 'Lepik', 'Kallas', 'Kuusk'];
/**
 * Drivers' first names and surnames: waybill g is driven by FIRST_NAMES[g % 30] SURNAMES[⌊g / 7⌋ % 50],
 * so each surname is on 2 % of the rows and a surname search is one an office makes. No surname is
 * a part of another, of a first name, of an inspector's name or of the generated texts, so each
 * search matches its own 2 % only.
 */
const FIRST_NAMES = [
  'Andres',
  'Mart',
  'Jaan',
  'Priit',
  'Tiit',
  'Margus',
  'Urmas',
  'Rein',
  'Peeter',
  'Kalev',
  'Indrek',
  'Siim',
  'Tõnu',
  'Aivar',
  'Raivo',
  'Heiki',
  'Ivo',
  'Erki',
  'Meelis',
  'Sulev',
  'Kristjan',
  'Madis',
  'Taavi',
  'Lembit',
  'Kaido',
  'Ülo',
  'Veiko',
  'Arvo',
  'Janek',
  'Hannes',
];
const SURNAMES = [
  'Mägi',
  'Rebane',
  'Pärn',
  'Lepp',
  'Kivi',
  'Oja',
  'Rannik',
  'Luik',
  'Kaasik',
  'Karu',
  'Lill',
  'Teder',
  'Mets',
  'Vaher',
  'Põder',
  'Tomson',
  'Lõhmus',
  'Jõgi',
  'Kuusik',
  'Mölder',
  'Kangur',
  'Aavik',
  'Peterson',
  'Valk',
  'Mänd',
  'Kruus',
  'Nurk',
  'Hunt',
  'Sild',
  'Väli',
  'Kikas',
  'Pihlak',
  'Kull',
  'Sarapuu',
  'Jürgens',
  'Allik',
  'Paju',
  'Vares',
  'Sõber',
  'Laas',
  'Post',
  'Kütt',
  'Vill',
  'Eller',
  'Riis',
  'Kelder',
  'Orav',
  'Pukk',
  'Tali',
  'Varik',
];
const driverOf = (g: number): string => `${FIRST_NAMES[g % FIRST_NAMES.length]} ${SURNAMES[Math.floor(g / 7) % SURNAMES.length]}`;
/** Different drivers' names, in the order of the rows that first have them. */
const driverNames = (n: number): string[] => {
  const names = new Set<string>();
  for (let g = 1; names.size < n; g += 1) names.add(driverOf(g));
  return [...names];
};
/** How many different filters the varied totals ask: more than the 500 totals the server keeps (list/totals.ts). */
const VARIED_TOTALS = 600;
/** The machine's load averages (1, 5, 15 minutes), printed beside the figures: the two cores are shared. */
const loadAverage = () =>
  `load average ${os
    .loadavg()
    .map((n) => n.toFixed(2))
    .join(', ')}`;
/** Where each list of paths was left: the next load goes on from there, so no path comes round again sooner than the list's length. */
const walked = new WeakMap<string[], number>();
const log = pino({ level: 'warn' });
const dir = path.join(os.tmpdir(), 'timberlog-bench');
fs.rmSync(dir, { recursive: true, force: true });
fs.mkdirSync(dir, { recursive: true, mode: 0o755 });

let pg = await startEmbeddedPostgres(path.join(dir, 'pg'), { database: 'timberlog_bench' });
{
  // The event stream's figures measure from each change's commit: PostgreSQL keeps commit times
  // only with track_commit_timestamp, which takes a restart.
  const { default: pgLib } = await import('pg');
  const c = new pgLib.Client({ connectionString: pg.url });
  await c.connect();
  await c.query('ALTER SYSTEM SET track_commit_timestamp = on');
  await c.end();
  await pg.stop();
  pg = await startEmbeddedPostgres(path.join(dir, 'pg'), { database: 'timberlog_bench' });
}
// The access token outlives the run (its default five minutes would end the event streams and the load's authorisation).
const config = loadConfig({
  dataDir: path.join(dir, 'data'),
  port: 0,
  host: '127.0.0.1',
  databaseUrl: pg.url,
  logLevel: 'warn',
  rateLimitPerAddress: 1_000_000,
  accessTokenTtlSeconds: 3600,
});
const ctx = await createContext(config, pg.url, log);
try {
  await seed(ctx.db, { waybills: 2000, worklogs: 5000 });
  let t = Date.now();
  // Bulk load: build the secondary indexes once afterwards instead of row by row, and skip the
  // triggers (the generated rows reference existing codes by construction; the counts are
  // rebuilt after).
  const indexes = (
    await sql<{ name: string; def: string }>`
    SELECT indexname AS name, indexdef AS def FROM pg_indexes WHERE tablename = 'waybills'
      -- The key's and the unique constraints' own indexes (the EVR number's) stay: a constraint needs its index.
      AND indexname NOT IN (SELECT conname FROM pg_constraint WHERE conrelid = 'waybills'::regclass AND contype IN ('p', 'u', 'x'))`.execute(
      ctx.db,
    )
  ).rows;
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
           (${sql.val(FIRST_NAMES)}::text[])[1 + g % ${FIRST_NAMES.length}] || ' ' || (${sql.val(SURNAMES)}::text[])[1 + (g / 7) % ${SURNAMES.length}],
           (100 + g % 900) || ' BEN', g % 400,
           -- 10 to 40 (m³ or t): within one load of either unit (the contract's LOAD_LIMITS).
           s.a[1 + (g * 3) % array_length(s.a, 1)], (10 + (g % 30000) / 1000.0)::numeric(12, 3),
           -- Every fifth waybill has a note naming one of ten inspectors: each name is in 2 % of the rows.
           CASE WHEN g % 5 = 0 THEN 'Measured at the mill gate by ' || (${sql.val(INSPECTORS)}::text[])[1 + (g / 5) % 10] ELSE '' END, 'staff@timberlog.ee',
           timestamptz '2026-11-20' - (g % 1460) * interval '1 day' - (g % 86400) * interval '1 second',
           timestamptz '2026-11-20' - (g % 1460) * interval '1 day'
    FROM generate_series(1, ${ROWS}) g, o, d, s`.execute(conn);
    await sql`SET session_replication_role = DEFAULT`.execute(conn);
  });
  // The replica role skipped the triggers that keep the per-status counts and sums and the search texts
  // too: rebuild them.
  await sql`SELECT waybill_counts_rebuild()`.execute(ctx.db);
  await sql`SELECT waybill_sums_rebuild()`.execute(ctx.db);
  await sql`SELECT waybill_place_counts_rebuild()`.execute(ctx.db);
  await sql`SELECT waybill_text_sums_rebuild()`.execute(ctx.db);
  await sql`SELECT waybill_texts_rebuild()`.execute(ctx.db);
  const inserted = (Date.now() - t) / 1000;
  t = Date.now();
  await ctx.db.connection().execute(async (conn) => {
    await sql`SET maintenance_work_mem = '256MB'`.execute(conn);
    for (const ix of indexes) await sql.raw(ix.def).execute(conn);
  });
  const indexed = (Date.now() - t) / 1000;
  t = Date.now();
  await sql`VACUUM ANALYZE waybills`.execute(ctx.db);
  await sql`VACUUM ANALYZE waybill_texts`.execute(ctx.db);
  console.log(
    `Inserted ${ROWS.toLocaleString('en')} waybills (INSERT ... SELECT generate_series) in ${inserted.toFixed(1)} s, ` +
      `built ${indexes.length} indexes in ${indexed.toFixed(1)} s, VACUUM ANALYZE in ${((Date.now() - t) / 1000).toFixed(1)} s`,
  );

  const app = await buildApp(ctx, { logger: false });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const port = (app.server.address() as { port: number }).port;
  const base = `http://127.0.0.1:${port}`;
  const login = await fetch(`${base}/api/auth/token/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: DEMO_USERS.staff.email, password: DEMO_USERS.staff.password }),
  });
  const { access } = (await login.json()) as { access: string };
  const company = (
    await ctx.db.selectFrom('warehouses').select('company').where('destinationCode', 'is not', null).orderBy('id').executeTakeFirstOrThrow()
  ).company;
  const origin = (
    await ctx.db.selectFrom('warehouses').select('originCode').where('originCode', 'is not', null).orderBy('id').executeTakeFirstOrThrow()
  ).originCode!;
  // BENCH_SERVE=1: serve the loaded rows until interrupted, for profiling or asking by hand; nothing else runs.
  const serveOnly = process.env.BENCH_SERVE === '1';
  if (serveOnly) {
    console.log(`Serving ${ROWS.toLocaleString('en')} waybills at ${base} (PostgreSQL ${pg.url}); bearer token:\n${access}`);
    await new Promise<void>((resolve) => {
      process.once('SIGINT', resolve);
      process.once('SIGTERM', resolve);
    });
  }

  // The reference: the same waybill list in Django REST Framework over the same 1,000,000 rows on
  // this machine (2 cores), its pages, terms or numbers varied as ours, 10 connections (one record
  // by number at 2), req/s, measured side by side with this server on 2026-12-01 (runs interleaved,
  // three pairs each): `reference` quiet, `referenceWriter` with a writer at 10 changes a second.
  // The ratio is to the higher figure of each.
  // `varied`: the case's varied form, when walking the pages of `queries` would not be one (a
  // record number's single row, a day's few): each of its queries is one different request.
  const scenarios: {
    name: string;
    queries: string[];
    path?: string;
    reference?: [number, number?];
    referenceWriter?: [number, number?];
    varied?: string[];
  }[] = [
    { name: 'default (newest first)', queries: [''], reference: [21.5, 24.0], referenceWriter: [13.1, 15.1] },
    { name: 'status=delivered', queries: ['status=delivered'] },
    {
      name: 'two statuses, sort=-transportDate',
      queries: ['statusIn=delivered&statusIn=confirmed&sort=-transportDate'],
      reference: [34.5, 51.0],
      referenceWriter: [24.4, 29.4],
    },
    {
      name: 'status + a quarter + sort=-mileage',
      queries: ['status=delivered&transportDateAfter=2026-07-01&transportDateBefore=2026-09-30&sort=-mileage'],
      reference: [28, 48],
      referenceWriter: [47, 54],
    },
    { name: 'destinationCompany', queries: [`destinationCompany=${company}`] },
    { name: 'origin + sort=-transportDate', queries: [`origin=${origin}&sort=-transportDate`] },
    {
      name: 'transportDate range (one month)',
      queries: ['transportDateAfter=2026-06-01&transportDateBefore=2026-06-30&sort=transportDate'],
    },
    {
      name: 'transportDate (one day)',
      queries: ['transportDate=2026-03-14'],
      // A different day each, of the generated year's.
      varied: Array.from({ length: VARIED }, (_, i) => `transportDate=${new Date(Date.UTC(2026, 0, 1 + i)).toISOString().slice(0, 10)}`),
    },
    { name: 'assortment + status', queries: ['assortment=KU-PALK-18&status=delivered'] },
    {
      name: 'driverName',
      queries: [`driverName=${encodeURIComponent(driverOf(42))}`],
      varied: driverNames(VARIED).map((name) => `driverName=${encodeURIComponent(name)}`),
    },
    {
      name: 'search (2 % of rows, 10 terms in turn)',
      queries: INSPECTORS.map((name) => `search=${name.toLowerCase()}`),
      reference: [1.0, 1.6],
      referenceWriter: [1.7, 1.9],
    },
    {
      name: "search by a driver's surname (2 % of rows, 10 surnames in turn)",
      queries: SURNAMES.slice(0, 10).map((name) => `search=${encodeURIComponent(name.toLowerCase())}`),
      reference: [1.0, 1.6],
      referenceWriter: [1.7, 1.9],
    },
    {
      name: 'search (one record, 10 numbers in turn)',
      queries: Array.from({ length: 10 }, (_, i) => `search=${encodeURIComponent(`b-${String(123_457 + i * 77_777).padStart(7, '0')}`)}`),
      reference: [0.7, 1.2],
      referenceWriter: [0.7, 1.2],
      varied: Array.from(
        { length: VARIED },
        (_, i) => `search=${encodeURIComponent(`b-${String(((123_457 + i * 3_331) % ROWS) + 1).padStart(7, '0')}`)}`,
      ),
    },
    { name: 'sort=number', queries: ['sort=number'] },
    { name: 'sort=-mileage', queries: ['sort=-mileage'] },
    { name: 'pageSize=100', queries: ['pageSize=100'] },
    // Page 2,000 of 1,000,000 rows; a smaller run (BENCH_ROWS) asks its own page at the same depth.
    { name: `deep page (pageNumber=${DEEP_PAGE})`, queries: [`pageNumber=${DEEP_PAGE}`] },
    // The home page's counts (the count column sums the waybills).
    { name: 'GET /api/summary/ (home counts)', queries: [''], path: '/api/summary/' },
    // The home page's charts (the count column sums the hauled waybills of the 12 weeks): summed on
    // the first call, then reused until a write moves the tables' version (with the writer, summed again).
    { name: 'GET /api/summary/charts (home charts)', queries: [''], path: '/api/summary/charts' },
    // Totals of the filtered waybills (count, quantity per unit, mileage), kept per filter with the
    // tables' version as counts are: the first call sums the rows, the next ones reuse it until a write.
    { name: 'totals: all waybills', queries: [''], path: '/api/waybills/totals/' },
    {
      name: 'totals: two statuses',
      queries: ['statusIn=delivered&statusIn=confirmed'],
      path: '/api/waybills/totals/',
    },
    {
      name: 'totals: status + a quarter',
      queries: ['status=delivered&transportDateAfter=2026-07-01&transportDateBefore=2026-09-30'],
      path: '/api/waybills/totals/',
      // A different quarter each (the 92 days from each of 600 days): worked out, not kept.
      varied: Array.from({ length: VARIED_TOTALS }, (_, i) => {
        const day = (n: number) => new Date(Date.UTC(2024, 0, 1 + n)).toISOString().slice(0, 10);
        return `status=delivered&transportDateAfter=${day(i)}&transportDateBefore=${day(i + 91)}`;
      }),
    },
    {
      name: 'totals: search (2 % of rows, 10 terms in turn)',
      queries: INSPECTORS.map((name) => `search=${name.toLowerCase()}`),
      path: '/api/waybills/totals/',
    },
    {
      name: "totals: a driver's name (600 drivers in turn)",
      queries: [`driverName=${encodeURIComponent(driverOf(42))}`],
      path: '/api/waybills/totals/',
      varied: driverNames(VARIED_TOTALS).map((name) => `driverName=${encodeURIComponent(name)}`),
    },
  ];
  if (!serveOnly) {
    console.log(
      `\nGET /api/waybills/ (then GET /api/summary/ and GET /api/waybills/totals/) over ${ROWS.toLocaleString('en')} waybills, ${SECONDS} s per case and concurrency, autocannon ${AUTOCANNON_VERSION}, ${new Date().toISOString()}, ${loadAverage()}:`,
    );
    console.log(
      `Each list case in two forms: varied (${VARIED} different requests in turn, more than the 256 pages the server keeps, so its answers are worked out: the headline figures) and repeated (one URL again and again: after its first answer it is the server's kept answer, a memory read — the answer cache, not the work). A case whose list has fewer pages than that walks them all and says how many; the home page's counts and charts, and the totals of all waybills, two statuses and the notes search, are kept per data version and are asked as they are; the totals of a quarter and of a driver are also asked varied (${VARIED_TOTALS} different filters, more than the 500 totals the server keeps).`,
    );
    console.log(
      '| query | form | count | 1 conn req/s | p50 ms | p99 ms | 10 conn req/s | p50 ms | p99 ms | from kept answers | reference req/s (10 conn) | × reference |',
    );
    console.log('|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|');
  }
  // BENCH_CASES=status,search runs only the cases whose names contain one of the words.
  const only = process.env.BENCH_CASES?.split(',').filter(Boolean);
  const cases = serveOnly ? [] : scenarios.filter((c) => !only || only.some((w) => c.name.includes(w)));
  const quiet = new Map<string, LoadResult>();
  const countText = (counts: number[]) => {
    const sorted = [...new Set(counts)].sort((a, b) => a - b);
    return sorted.length > 1
      ? `${sorted[0]!.toLocaleString('en')}–${sorted.at(-1)!.toLocaleString('en')}`
      : (sorted[0] ?? 0).toLocaleString('en');
  };
  const refText = (reference?: [number, number?]) =>
    reference ? (reference[1] ? `${reference[0]}–${reference[1]}` : String(reference[0])) : '';
  const times = (r: LoadResult, reference?: [number, number?]) =>
    reference ? `${(r.rps / (reference[1] ?? reference[0])).toFixed(0)}×` : '';
  /** A list load at 10 connections and the share of its answers that came from the kept answers (list/run.ts). */
  const loadTen = async (paths: string[]): Promise<LoadResult & { kept: string }> => {
    const [hits, made] = [keptPageStats.hits, keptPageStats.made];
    const r = await load(base, paths, access, 10, SECONDS);
    const used = keptPageStats.hits - hits;
    const worked = keptPageStats.made - made;
    return { ...r, kept: used + worked > 0 ? `${Math.round((100 * used) / (used + worked))} %` : '' };
  };
  const cols = (r: LoadResult) => `${r.rps.toFixed(0)} | ${r.p50.toFixed(1)} | ${r.p99.toFixed(1)}`;
  /**
   * A case's forms: varied (its own list of requests, else the pages of its queries, spread over
   * them, up to VARIED) and repeated (its queries as they are: one URL, or a few in turn).
   */
  const formsOf = async (c: (typeof scenarios)[number]) => {
    const p = c.path ?? '/api/waybills/';
    const repeated = c.queries.map((q) => `${p}?${q}`);
    const counts = await readCounts(base, repeated, access);
    if (p !== '/api/waybills/' && !c.varied) return { counts, forms: [{ form: 'as asked (kept per data version)', paths: repeated }] };
    let varied = c.varied?.map((q) => `${p}?${q}`);
    if (!varied) {
      const each = Math.ceil(VARIED / c.queries.length);
      varied = c.queries.flatMap((q, i) => {
        const pages = Math.min(each, Math.max(1, Math.ceil(counts[i]! / PAGE_SIZE)));
        const first = /pageNumber=(\d+)/.exec(q) ? Number(/pageNumber=(\d+)/.exec(q)![1]) : 1;
        const rest = q.replace(/&?pageNumber=\d+/, '');
        return Array.from({ length: pages }, (_, n) => `${p}?${[rest, `pageNumber=${first + n}`].filter(Boolean).join('&')}`);
      });
    }
    // More than the server keeps: 256 pages (list/run.ts), 500 totals (list/totals.ts).
    const keeps = p === '/api/waybills/' ? 256 : 500;
    const kind = varied.length > keeps ? `varied (${varied.length})` : `varied (all ${varied.length}: some kept)`;
    return {
      counts,
      forms: [
        { form: kind, paths: varied },
        {
          form: repeated.length > 1 ? `repeated (${repeated.length} URLs: the answer cache)` : 'repeated (one URL: the answer cache)',
          paths: repeated,
        },
      ],
    };
  };
  // Each case's forms as first worked out: the writer's run asks the same requests.
  const formsByCase = new Map<string, Awaited<ReturnType<typeof formsOf>>['forms']>();
  for (const c of cases) {
    const { counts, forms } = await formsOf(c);
    formsByCase.set(c.name, forms);
    for (const { form, paths } of forms) {
      await load(base, paths, access, 2, 1);
      const one = await load(base, paths, access, 1, SECONDS);
      const ten = await loadTen(paths);
      quiet.set(`${c.name} ${form}`, ten);
      console.log(
        `| ${c.name} | ${form} | ${countText(counts)} | ${cols(one)} | ${cols(ten)} | ${ten.kept} | ${refText(c.reference)} | ${times(ten, c.reference)} |`,
      );
    }
  }

  // The same cases at 10 connections while a writer (a process of its own) changes 10 waybills a
  // second through the API: each change moves the record's version, writes its history entry, moves
  // the kept counts and search texts and announces its event, and every filtered list's kept count
  // is counted again after it. Then the counts are checked against count(*).
  if (WRITER && cases.length > 0) {
    const writer = startWriter({ base, token: access, changes: await writerChanges(ctx, 300, 0), rate: WRITER_RATE, count: 0 });
    let written: WriterResult;
    try {
      console.log(
        `\nThe same, at 10 connections, while a writer changes ${WRITER_RATE} waybills a second through the API (PATCH: status, notes, transport date):`,
      );
      console.log(
        '| query | form | count (during the run) | quiet req/s | p50 ms | p99 ms | with the writer req/s | p50 ms | p99 ms | from kept answers | with / quiet | reference req/s (10 conn) | × reference |',
      );
      console.log('|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|');
      for (const c of cases) {
        const forms = formsByCase.get(c.name)!;
        const counts = await readCounts(
          base,
          c.queries.map((q) => `${c.path ?? '/api/waybills/'}?${q}`),
          access,
        );
        for (const { form, paths } of forms) {
          await load(base, paths, access, 2, 1);
          const ten = await loadTen(paths);
          const q = quiet.get(`${c.name} ${form}`)!;
          console.log(
            `| ${c.name} | ${form} | ${countText(counts)} | ${cols(q)} | ${cols(ten)} | ${ten.kept} | ${(ten.rps / q.rps).toFixed(2)} | ${refText(c.referenceWriter ?? c.reference)} | ${times(ten, c.referenceWriter ?? c.reference)} |`,
          );
        }
      }
    } finally {
      written = await writer.stop();
    }
    console.log(`Writer: ${writerSummary(written)}. ${new Date().toISOString()}, ${loadAverage()}.`);
    const exact = await checkListCounts(ctx, base, access);
    console.log(exact ? 'Every count checked matched.' : 'SOME COUNTS DID NOT MATCH.');
  }

  // The event stream: 1,000 clients connected to this server, 100 changes through the API.
  if (!serveOnly && EVENTS && (cases.length > 0 || process.env.BENCH_EVENTS === '1'))
    await benchEvents(ctx, base, access, {
      clients: EVENT_CLIENTS,
      changes: EVENT_CHANGES,
      rate: WRITER_RATE,
      writes: await writerChanges(ctx, 50, 300),
    });
  // The documents: waybill and invoice PDFs and the e-invoice (bench-documents.ts); BENCH_DOCUMENTS=0 leaves them out.
  if (!serveOnly && process.env.BENCH_DOCUMENTS !== '0') await benchDocuments(ctx, base, access);
  // A 10,000-row import and bulk actions (bench-volume.ts); BENCH_VOLUME=0 leaves them out.
  if (!serveOnly && process.env.BENCH_VOLUME !== '0') await benchVolume(ctx, base, access);
  // EVR: a poll taking in 10,000 changes, a bulk confirmation of 1,000 sent (bench-evr.ts); BENCH_EVR=0 leaves it out.
  if (!serveOnly && process.env.BENCH_EVR !== '0') await benchEvr(ctx);
  await app.close();

  // Exports: 100,000 rows as XLSX, then the whole table as CSV and as XLSX (bench-exports.ts).
  // BENCH_EXPORTS=0 leaves the exports out.
  if (!serveOnly && process.env.BENCH_EXPORTS !== '0') await benchExports(ctx);
} finally {
  await closeContext(ctx);
  await pg.stop();
  fs.rmSync(dir, { recursive: true, force: true });
}

/** What each path answers (its count, or the summary's sum), read once outside the timed runs. */
async function readCounts(base: string, paths: string[], token: string): Promise<number[]> {
  const counts: number[] = [];
  for (const u of paths) {
    const r = await fetch(`${base}${u}`, { headers: { authorization: `Bearer ${token}` } });
    const body = (await r.json()) as { count?: number; waybillsByStatus?: Record<string, number>; hauls?: { waybills: number }[] };
    if (r.status !== 200) throw new Error(`${u}: ${r.status} ${JSON.stringify(body)}`);
    counts.push(
      body.count ??
        (body.hauls
          ? body.hauls.reduce((sum, haul) => sum + haul.waybills, 0)
          : Object.values(body.waybillsByStatus ?? {}).reduce((a, b) => a + b, 0)),
    );
  }
  return counts;
}

interface LoadResult {
  rps: number;
  p50: number;
  p99: number;
}

/**
 * Closed-loop load with autocannon, in a process of its own so the client does not share the
 * server's event loop: `connections` connections, each sending the next of `paths` (in turn) as
 * soon as its previous answer is in, for `seconds`. Any answer but 200 stops the benchmark.
 */
async function load(base: string, paths: string[], token: string, connections: number, seconds: number): Promise<LoadResult> {
  const start = walked.get(paths) ?? 0;
  const r = await loadFrom(base, paths, start, token, connections, seconds);
  walked.set(paths, (start + r.total) % paths.length);
  return r;
}
function loadFrom(
  base: string,
  paths: string[],
  start: number,
  token: string,
  connections: number,
  seconds: number,
): Promise<LoadResult & { total: number }> {
  const code = `
    const w = JSON.parse(process.argv[1]);
    let next = w.start;
    require('autocannon')({
      url: w.base, connections: w.connections, duration: w.seconds,
      headers: { authorization: 'Bearer ' + w.token },
      // One walk through the paths shared by every connection: each request takes the next one.
      // (A list of requests per connection would send the 10 connections through the same pages
      // side by side, so nine of ten would find the first one's answer kept.)
      requests: [{ method: 'GET', path: w.paths[0], setupRequest: (req) => ({ ...req, path: w.paths[next++ % w.paths.length] }) }],
    }).then((r) => {
      if (r.non2xx || r.errors || r.timeouts) throw new Error('non-2xx ' + r.non2xx + ', errors ' + r.errors + ', timeouts ' + r.timeouts);
      process.stdout.write(JSON.stringify({ rps: r.requests.total / (r.duration || w.seconds), p50: r.latency.p50, p99: r.latency.p99, total: next - w.start }));
    });`;
  return new Promise((resolve, reject) => {
    execFile(
      process.execPath,
      ['-e', code, JSON.stringify({ base, paths, start, token, connections, seconds })],
      { cwd: SERVER_ROOT },
      (err, stdout, stderr) => {
        if (err) reject(new Error(`${err.message}\n${stderr}`));
        else resolve(JSON.parse(stdout) as LoadResult & { total: number });
      },
    );
  });
}
