/**
 * Compares every kept count (the waybill counter table, the list version tables, the workers'
 * worklog counts) with the rows, and with `--fix` rebuilds them:
 *   npm run check:counts -w server            exit 0 when all agree, 1 (and a list) when not
 *   npm run check:counts -w server -- --fix   rebuild, then check again
 * On the configured database (DATABASE_URL or DATABASE_URL_FILE); server/README.md says when to run it.
 */
import { createDb } from '../infra/db.js';
import { loadConfig } from '../infra/config.js';
import { checkCounts, rebuildCounts, type CountDrift } from '../records/counts.js';

const fix = process.argv.includes('--fix');
const url = loadConfig().databaseUrl; // DATABASE_URL or DATABASE_URL_FILE
if (!url) {
  console.error('Usage: DATABASE_URL=... npm run check:counts -w server [-- --fix]');
  process.exit(2);
}
const show = (drift: readonly CountDrift[]) => {
  for (const d of drift) console.log(`  ${d.table}  ${d.key}: kept ${d.stored ?? '(none)'}, actual ${d.actual ?? '(none)'}`);
};
const { db } = createDb(url, 2);
try {
  let drift = await checkCounts(db);
  if (drift.length > 0) {
    console.log(`${drift.length} kept count(s) disagree with the rows:`);
    show(drift);
  }
  if (drift.length > 0 && fix) {
    await rebuildCounts(db);
    drift = await checkCounts(db);
    console.log(drift.length === 0 ? 'Rebuilt: every kept count agrees with the rows.' : 'Still disagreeing after the rebuild:');
    show(drift);
  } else if (drift.length === 0) console.log('Every kept count agrees with the rows.');
  process.exitCode = drift.length === 0 ? 0 : 1;
} finally {
  await db.destroy();
}
