/**
 * The release step: applies pending schema migrations to the configured database, then exits.
 *   DATABASE_URL=... npm run migrate -w server              apply
 *   DATABASE_URL=... npm run migrate -w server -- --dry-run list what would run
 * Run it once per release, before the new version's instances start (they refuse an older schema
 * unless MIGRATE_ON_START=true). The demo start (`npm start` without DATABASE_URL) migrates by itself.
 *
 * With APP_DATABASE_PASSWORD (or APP_DATABASE_PASSWORD_FILE) it also makes the job queue's schema and
 * queues, and the role the server runs as (`timberlog_app`, that password) with exactly the rights
 * the server needs: src/infra/app-role.ts. Production's server then connects as that role.
 */
import pino from 'pino';
import { loadConfig, secret } from '../infra/config.js';
import { createDb } from '../infra/db.js';
import { migrate, pendingMigrations } from '../infra/migrate.js';
import { APP_ROLE, grantAppRole } from '../infra/app-role.js';
import { createJobs } from '../infra/jobs.js';

const log = pino();
const url = loadConfig().databaseUrl; // DATABASE_URL or DATABASE_URL_FILE
if (!url) {
  log.error('Set DATABASE_URL (or DATABASE_URL_FILE). The demo (npm start without DATABASE_URL) migrates its embedded database by itself.');
  process.exit(2);
}
const dryRun = process.argv.includes('--dry-run');
try {
  if (dryRun) {
    const { db, pool } = createDb(url, 1);
    const pending = await pendingMigrations(pool);
    await db.destroy();
    log.info(pending.length ? `Would apply: ${pending.join(', ')}` : 'The database is up to date.');
  } else {
    const applied = await migrate(url, { log: { info: () => undefined, warn: (m) => log.warn(m), error: (m) => log.error(m) } });
    log.info(applied.length ? `Applied ${applied.length} migration(s): ${applied.join(', ')}` : 'The database is up to date.');
    const appPassword = secret(process.env, 'APP_DATABASE_PASSWORD');
    if (appPassword) {
      // The queue's tables take DDL the server's role may not run: made here, by the owner.
      const jobs = await createJobs(url, log);
      await jobs.stop();
      await grantAppRole(url, { password: appPassword });
      log.info(`The server's role ${APP_ROLE} may log in and has its rights on this database.`);
    }
  }
} catch (err) {
  log.error(err instanceof Error ? err.message : String(err));
  process.exit(1);
}
