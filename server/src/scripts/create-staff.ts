/**
 * Creates (or resets) an active staff account on the configured database, for the first sign-in
 * of a production installation, which is never seeded:
 *   DATABASE_URL=... STAFF_PASSWORD='...' npm run create-staff -w server -- admin@example.com "Admin Name"
 * The password is read from STAFF_PASSWORD (never from the command line, which others can see).
 */
import pino from 'pino';
import { createDb } from '../infra/db.js';
import { migrate } from '../infra/migrate.js';
import { loadConfig } from '../infra/config.js';
import { hashPassword, normaliseEmail, passwordRuleBreaks } from '../users/rules.js';
import { t } from '../http/i18n.js';
import { endSessions } from '../auth/tokens.js';

const [emailArg, name = ''] = process.argv.slice(2);
const password = process.env.STAFF_PASSWORD ?? '';
const url = loadConfig().databaseUrl; // DATABASE_URL or DATABASE_URL_FILE
const log = pino();
if (!emailArg || !url) {
  log.error('Usage: DATABASE_URL=... STAFF_PASSWORD=... npm run create-staff -w server -- <email> [name]');
  process.exit(2);
}
const email = normaliseEmail(emailArg);
// The API's password policy (the contract's rules and zxcvbn), as for every other password.
const problems = passwordRuleBreaks(password, email, name);
if (problems.length > 0) {
  log.error(`STAFF_PASSWORD breaks the password rules: ${problems.map((p) => t('en', p.key, p.params)).join(' ')}`);
  process.exit(2);
}
const { db, pool } = createDb(url);
await migrate(pool);
const passwordHash = await hashPassword(password);
await db
  .insertInto('users')
  .values({ email, name, passwordHash, isActive: true, isStaff: true })
  .onConflict((oc) => oc.column('email').doUpdateSet({ passwordHash, isActive: true, isStaff: true, lastModifiedAt: new Date() }))
  .execute();
await endSessions(db, email);
await db.destroy();
log.info(`Staff account ${email} is ready.`);
