import fs from 'node:fs';
import path from 'node:path';
import { createHash } from 'node:crypto';
import { spawnSync } from 'node:child_process';
import pino from 'pino';
import { loadConfig, REPO_ROOT } from './infra/config.js';
import type { RunningPostgres } from './dev/embedded-pg.js';
import { ensureKeys } from './infra/keys.js';
import { closeContext, createContext } from './infra/bootstrap.js';
import { LOCKS, withAdvisoryLock } from './infra/db.js';
import { checkNoDemoAccounts, checkProductionConfig, startMode, startupBanner } from './dev/demo.js';
// The app, its workers, the demo data and the EVR stand-in are loaded once the start's checks have
// passed (below): a start that refuses (a setting missing, a demo login left) says so in a fraction
// of the time that loading them all takes.

const log = pino({ level: process.env.LOG_LEVEL || 'info', transport: undefined });

/** Builds the web app (root `npm run build`) when dist/ is missing or was built for another key or URL. */
function buildWebIfNeeded(publicKeyPem: string, backendUrl: string, distDir: string): void {
  if (process.env.SKIP_WEB_BUILD === '1' || process.env.WEB_DIST_DIR) {
    log.info(
      `Serving the web app as built in ${distDir} (no build: ${process.env.SKIP_WEB_BUILD === '1' ? 'SKIP_WEB_BUILD=1' : 'WEB_DIST_DIR is set'}).`,
    );
    return;
  }
  const rootPkg = JSON.parse(fs.readFileSync(path.join(REPO_ROOT, 'package.json'), 'utf8')) as { scripts?: Record<string, string> };
  if (!rootPkg.scripts?.build) {
    log.warn('The root package has no "build" script yet: serving the API only (no web app).');
    return;
  }
  const stampFile = path.join(distDir, '.timberlog-build.json');
  const wanted = { publicKey: createHash('sha256').update(publicKeyPem).digest('hex'), backendUrl };
  if (fs.existsSync(path.join(distDir, 'index.html')) && fs.existsSync(stampFile) && !process.env.FORCE_WEB_BUILD) {
    try {
      const have = JSON.parse(fs.readFileSync(stampFile, 'utf8')) as typeof wanted;
      if (have.publicKey === wanted.publicKey && have.backendUrl === wanted.backendUrl) return;
    } catch {
      // A broken stamp means: build again.
    }
  }
  log.info(`Building the web app for ${backendUrl} (npm run build)...`);
  const result = spawnSync('npm', ['run', 'build'], {
    cwd: REPO_ROOT,
    stdio: 'inherit',
    env: { ...process.env, APP_PUBLIC_JWT_PUBLIC_KEY: publicKeyPem, APP_PUBLIC_BACKEND_URL: backendUrl },
  });
  if (result.status !== 0) throw new Error(`The web app build failed (npm run build exited with ${result.status}).`);
  fs.mkdirSync(distDir, { recursive: true });
  fs.writeFileSync(stampFile, JSON.stringify(wanted, null, 2));
}

let embedded: RunningPostgres | undefined;
let evrStandin: { close(): Promise<unknown> } | undefined;

async function main() {
  const config = loadConfig();
  const mode = startMode(config);
  if (mode === 'production') checkProductionConfig(config);
  let databaseUrl = config.databaseUrl;
  if (!databaseUrl) {
    fs.mkdirSync(config.dataDir, { recursive: true });
    log.info(`Starting PostgreSQL in ${path.join(config.dataDir, 'postgres')}...`);
    // Loaded only here: the embedded PostgreSQL is the demo's, and a production install lacks it.
    const { startEmbeddedPostgres } = await import('./dev/embedded-pg.js');
    embedded = await startEmbeddedPostgres(path.join(config.dataDir, 'postgres'), { port: Number(process.env.PG_PORT || 0) || undefined });
    databaseUrl = embedded.url;
  }
  const keys = await ensureKeys(config);
  const backendUrl = config.publicUrl ?? `http://localhost:${config.port}`;
  // The served app calls the API on its own origin (relative URLs), so it works under any host name
  // the server answers on (a LAN address, a proxy) and needs no CORS.
  buildWebIfNeeded(keys.publicPem, '/', config.webDistDir);

  const ctx = await createContext(config, databaseUrl, log, { migrate: config.migrateOnStart });
  if (mode === 'production') {
    // Never seeded; and well-known demo logins must not survive into real use.
    await checkNoDemoAccounts(ctx.db).catch(async (err: unknown) => {
      await closeContext(ctx);
      throw err;
    });
  } else {
    const { isSeeded, seed } = await import('./seed/seed.js');
    // Under a lock: two processes starting together must not both find the database empty.
    await withAdvisoryLock(ctx.pool, LOCKS.seed, async () => {
      if (await isSeeded(ctx.db)) return;
      const t = Date.now();
      const counts = await seed(ctx.db);
      for (const number of counts.pendingInvoices) await ctx.jobs.sendInvoiceSync(number);
      log.info(
        `Seeded demo data in ${Date.now() - t} ms: ${counts.waybills} waybills, ${counts.worklogs} worklogs, ${counts.invoices} invoices.`,
      );
    });
    if (!config.evrUrl) {
      // No EVR configured: the demo sends its waybills to the local stand-in instead.
      const { startDemoEvr } = await import('./dev/evr-standin.js');
      const demo = await startDemoEvr(config, ctx.db, log);
      evrStandin = demo;
      Object.assign(ctx.config, { evrUrl: demo.url, evrApiKey: demo.apiKey, ownCompany: demo.ownCompany });
    }
  }
  const [{ buildApp }, { startWorkers }] = await Promise.all([import('./app.js'), import('./worker.js')]);
  const app = await buildApp(ctx, {
    serveWeb: true,
    logger: {
      level: config.logLevel,
      serializers: {
        // Download links carry a signed token in the query: keep it out of the logs.
        req: (req: { method: string; url: string; ip?: string }) => ({
          method: req.method,
          url: req.url.replace(/([?&]token=)[^&]+/, '$1[redacted]'),
          remoteAddress: req.ip,
        }),
      },
    },
  });
  await startWorkers(ctx);
  await app.listen({ port: config.port, host: config.host });

  console.log(startupBanner(mode, backendUrl, config.databaseUrl ? 'DATABASE_URL' : config.dataDir, config.host));

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    log.info(`${signal}: stopping...`);
    await app.close().catch(() => undefined);
    await closeContext(ctx);
    await evrStandin?.close().catch(() => undefined);
    if (embedded) await embedded.stop().catch((err: unknown) => log.error({ err }, 'PostgreSQL did not stop cleanly'));
    log.info('Stopped.');
    process.exit(0);
  };
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));
}

main().catch(async (err: unknown) => {
  console.error(`\nTimberlog could not start: ${err instanceof Error ? err.message : String(err)}\n`);
  // PostgreSQL is a child process: stop it rather than leave it holding the data folder.
  await embedded?.stop().catch(() => undefined);
  process.exit(1);
});
