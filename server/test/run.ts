/**
 * Test runner: starts one embedded PostgreSQL for the whole run (each test file makes its own
 * database on it), runs every test file through node:test, and ends with `N passed, N failed`.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { run } from 'node:test';
import { spec } from 'node:test/reporters';
import { startEmbeddedPostgres } from '../src/dev/embedded-pg.js';
import { prepareTemplates, TEMPLATE_ENV } from './helpers.js';

const here = path.dirname(fileURLToPath(import.meta.url));
const filter = process.argv.slice(2);
/**
 * The files that take longest (they start server processes of their own or walk many cases) go
 * first, so that the run does not end with one of them alone; the rest by name.
 */
const LONGEST_FIRST = [
  'demo-mode',
  'two-servers',
  'migrations',
  'fuzz-query',
  'links',
  'import-limits',
  'counts-check',
  'documents',
  'import',
  'headers',
  'events',
  'exports',
];
const rank = (f: string) => {
  const at = LONGEST_FIRST.indexOf(f.replace(/\.test\.ts$/, ''));
  return at === -1 ? LONGEST_FIRST.length : at;
};
const files = fs
  .readdirSync(here)
  .filter((f) => f.endsWith('.test.ts'))
  .filter((f) => filter.length === 0 || filter.some((x) => f.includes(x)))
  .sort((a, b) => rank(a) - rank(b) || a.localeCompare(b))
  .map((f) => path.join(here, f));

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'timberlog-test-pg-'));
fs.chmodSync(dir, 0o755);
const pg = await startEmbeddedPostgres(path.join(dir, 'data'), { database: 'postgres' });
process.env.TEST_PG_URL = pg.url;
// Each test server's database is copied from one migrated (and one seeded) template made here once.
const started = Date.now();
const templates = await prepareTemplates(pg.url);
process.env[TEMPLATE_ENV.migrated] = templates.migrated;
process.env[TEMPLATE_ENV.seeded] = templates.seeded;
console.log(`template databases ready in ${((Date.now() - started) / 1000).toFixed(1)} s`);

let passed = 0;
let failed = 0;
// Two files at once: measured beside the browser tests on two cores, three made the whole run
// slower (844 s against 746 s), not faster.
const stream = run({ files, concurrency: Number(process.env.TEST_CONCURRENCY || 2), timeout: 180_000 });
stream.on('test:pass', (e: { details: { type?: string } }) => {
  if (e.details.type !== 'suite') passed++;
});
stream.on('test:fail', (e: { details: { type?: string } }) => {
  if (e.details.type !== 'suite') failed++;
});
const reporter = stream.compose(new spec());
reporter.pipe(process.stdout);
await new Promise<void>((resolve) => reporter.on('end', () => resolve()));
await pg.stop().catch(() => undefined);
fs.rmSync(dir, { recursive: true, force: true });
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed > 0 ? 1 : 0);
