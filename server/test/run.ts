/**
 * Test runner: starts one embedded PostgreSQL for the whole run (each test file makes its own
 * database on it), runs every test file through node:test, and ends with `N passed, N failed`.
 *
 * The files run in a few processes, several files to a process (TEST_GROUPS, default 8), two
 * processes at once: loading the server's code through tsx costs about 3 s of CPU per process,
 * which one process per file paid 66 times (a third of the whole step's CPU). In a process its
 * files' tests run one after another; each file's tests are in a `describe` of their own, so the
 * servers its hooks start (each on a database of its own) are closed when its tests end.
 * A file that mocks the process's timers would stop other files' servers' timers: it runs alone.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { run } from 'node:test';
import { spec } from 'node:test/reporters';
import { startEmbeddedPostgres } from '../src/dev/embedded-pg.js';
import { prepareKeys, prepareTemplates, TEMPLATE_ENV } from './helpers.js';

const here = path.dirname(fileURLToPath(import.meta.url));
const filter = process.argv.slice(2);
/**
 * About how long each of the longer files takes (seconds: all of its suites, the mean of two clean
 * runs beside the browser tests; a file not named takes a few). The files are dealt to the groups
 * by these, longest first, each to the group with the least so far, and the groups run largest
 * first, so that the two processes running at once end at about the same time instead of one long
 * group running alone at the end (dealt in turn, the groups took 82 to 211 s; by weight 109 to
 * 201 s, as a file's time moves with what the browser tests do beside it). A file much longer than
 * its weight shows in the summary's "test processes' seconds".
 */
const WEIGHTS: Record<string, number> = {
  documents: 103,
  'two-servers': 61,
  exports: 52,
  'fuzz-query': 45,
  events: 44,
  headers: 37,
  'demo-mode': 36,
  migrations: 36,
  bulk: 35,
  'auth-lifecycle': 35,
  invoices: 32,
  links: 30,
  'evr-sending': 30,
  seed: 29,
  versions: 28,
  auth: 27,
  'fuzz-bodies': 26,
  'import-limits': 25,
  import: 25,
  'export-quota': 24,
  'waybills-evr': 23,
  signup: 22,
  'rate-limits': 17,
  'export-xlsx': 17,
  'worklog-import': 16,
  'counts-check': 15,
  roles: 15,
  'enum-checks': 15,
  admin: 14,
  'account-cache': 14,
  history: 13,
  'waybill-counts': 12,
  'private-files': 12,
  'db-role': 11,
  'summary-charts': 11,
  undo: 11,
  'waybill-page-plans': 10,
  'waybill-kept-pages': 10,
  'waybill-search': 10,
  'count-flights': 10,
  'db-retry': 10,
  reference: 10,
  'bad-input': 10,
  'evr-incoming': 8,
  compression: 8,
  summary: 8,
  'load-limit': 8,
};
const UNNAMED_WEIGHT = 6;
const weight = (f: string) => WEIGHTS[path.basename(f).replace(/\.test\.ts$/, '')] ?? UNNAMED_WEIGHT;
/** Files that change what the whole process shares (its timers): each runs in a process of its own. */
const ALONE = ['export-progress'];
const files = fs
  .readdirSync(here)
  .filter((f) => f.endsWith('.test.ts'))
  .filter((f) => filter.length === 0 || filter.some((x) => f.includes(x)))
  .sort((a, b) => weight(b) - weight(a) || a.localeCompare(b))
  .map((f) => path.join(here, f));

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'timberlog-test-pg-'));
fs.chmodSync(dir, 0o755);
const pg = await startEmbeddedPostgres(path.join(dir, 'data'), { database: 'postgres', throwAway: true });
process.env.TEST_PG_URL = pg.url;
// Each test server's database is copied from one migrated (and one seeded) template made here once.
const started = Date.now();
prepareKeys();
const templates = await prepareTemplates(pg.url);
process.env[TEMPLATE_ENV.migrated] = templates.migrated;
process.env[TEMPLATE_ENV.seeded] = templates.seeded;
console.log(`template databases ready in ${((Date.now() - started) / 1000).toFixed(1)} s`);

let passed = 0;
let failed = 0;
// Two files at once: measured beside the browser tests on two cores, three made the whole run
// slower (844 s against 746 s), not faster.
/** The files dealt to `count` groups by weight (longest first, each to the lightest group), largest group first. */
function groupFiles(count: number): string[] {
  const alone = files.filter((f) => ALONE.some((name) => path.basename(f) === `${name}.test.ts`));
  const shared = files.filter((f) => !alone.includes(f));
  const groups = Array.from({ length: Math.min(count, shared.length) }, () => ({ files: [] as string[], total: 0 }));
  for (const f of shared) {
    const lightest = groups.reduce((least, group) => (group.total < least.total ? group : least));
    lightest.files.push(f);
    lightest.total += weight(f);
  }
  groups.sort((a, b) => b.total - a.total);
  const groupDir = path.join(dir, 'groups');
  fs.mkdirSync(groupDir);
  // The processes of one file alone (a few seconds) first, so that the run does not end on one of them.
  return [
    ...alone,
    ...groups.map(({ files: group }, i) => {
      const file = path.join(groupDir, `group-${i + 1}.mjs`);
      // Each process writes how long it ran, for the summary.
      const timeFile = JSON.stringify(path.join(groupDir, `group-${i + 1}.seconds`));
      const imports = group.map((f) => `import ${JSON.stringify(f)};`);
      const timing = `process.on('exit', () => writeFileSync(${timeFile}, process.uptime().toFixed(0)));`;
      fs.writeFileSync(file, [`import { writeFileSync } from 'node:fs';`, ...imports, timing].join('\n'));
      return file;
    }),
  ];
}

const groupCount = Number(process.env.TEST_GROUPS || 8);
const runFiles = groupCount > 0 ? groupFiles(groupCount) : files;
// The limit is for a whole process (a group of files), which beside the browser tests on two busy
// cores has taken over 180 s; a test that hangs still fails the run, at this limit. A process ends
// when its tests have, even if a failed test left a server open.
const stream = run({ files: runFiles, concurrency: Number(process.env.TEST_CONCURRENCY || 2), timeout: 600_000, forceExit: true });
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
const times = fs.existsSync(path.join(dir, 'groups')) ? fs.readdirSync(path.join(dir, 'groups')).filter((f) => f.endsWith('.seconds')) : [];
if (times.length > 0) {
  const seconds = (f: string) => fs.readFileSync(path.join(dir, 'groups', f), 'utf8');
  console.log(`test processes' seconds: ${times.map((f) => `${f.replace('.seconds', '')} ${seconds(f)}`).join(', ')}`);
}
fs.rmSync(dir, { recursive: true, force: true });
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed > 0 ? 1 : 0);
