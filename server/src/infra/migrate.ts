/**
 * Schema migrations: the SQL files in `server/migrations/`, applied in order by node-pg-migrate.
 *
 * - Each file runs in its own transaction together with its row in `pgmigrations`, unless its
 *   first line is `-- migrate:no-transaction` (for `CREATE INDEX CONCURRENTLY`, which PostgreSQL
 *   refuses inside a transaction: such a file holds exactly one statement, so a failure leaves
 *   nothing half done but an INVALID index, which the next file's `DROP INDEX CONCURRENTLY IF
 *   EXISTS` or a re-run clears).
 * - Under a PostgreSQL advisory lock held on the runner's own connection: instances started
 *   together take turns, the second finds nothing left to do (see takeTurn for how it waits).
 * - Every applied file's SHA-256 is kept (`migration_checksums`); a file edited after it ran
 *   stops the run, because the databases it already ran on would differ from new ones.
 *
 * Released with `npm run migrate -w server`; the demo start migrates by itself (see main.ts).
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import pg from 'pg';
import { runner, type MigrationBuilder } from 'node-pg-migrate';
import { SERVER_ROOT } from './config.js';
import { LOCKS } from './db.js';

export const MIGRATIONS_DIR = path.join(SERVER_ROOT, 'migrations');
const MIGRATIONS_TABLE = 'pgmigrations';
const NO_TRANSACTION = /^\s*--\s*migrate:no-transaction\b/;
const MIGRATION_FILE = /^\d+_.+\.sql$/;

interface Logger {
  info: (msg: string) => void;
  warn: (msg: string) => void;
  error: (msg: string) => void;
  debug?: (msg: string) => void;
}
const quiet: Logger = { info: () => undefined, warn: () => undefined, error: () => undefined };

export interface MigrateOptions {
  dir?: string;
  log?: Logger;
  /** Only report what would run, change nothing. */
  dryRun?: boolean;
}

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');
const nameOf = (file: string) => path.basename(file, '.sql');

async function readMigrations(dir: string): Promise<{ name: string; file: string; text: string }[]> {
  const files = (await fs.readdir(dir)).filter((f) => MIGRATION_FILE.test(f)).sort();
  return Promise.all(
    files.map(async (f) => ({ name: nameOf(f), file: path.join(dir, f), text: await fs.readFile(path.join(dir, f), 'utf8') })),
  );
}

async function ensureChecksumTable(client: pg.ClientBase): Promise<void> {
  await client.query('CREATE TABLE IF NOT EXISTS migration_checksums (name text PRIMARY KEY, sha256 text NOT NULL)');
}

/** Refuses to go on when a migration that already ran was edited since. */
async function verifyChecksums(client: pg.ClientBase, migrations: { name: string; text: string }[]): Promise<void> {
  const stored = new Map(
    (await client.query<{ name: string; sha256: string }>('SELECT name, sha256 FROM migration_checksums')).rows.map((r) => [
      r.name,
      r.sha256,
    ]),
  );
  const changed = migrations.filter((m) => stored.has(m.name) && stored.get(m.name) !== sha256(m.text)).map((m) => m.name);
  if (changed.length > 0) {
    throw new Error(
      `Migration ${changed.join(', ')} changed after it was applied to this database. Put the change in a new migration file instead, and restore the old file.`,
    );
  }
}

async function recordChecksums(client: pg.ClientBase, migrations: { name: string; text: string }[]): Promise<void> {
  const run = new Set((await client.query<{ name: string }>(`SELECT name FROM ${MIGRATIONS_TABLE}`)).rows.map((r) => r.name));
  for (const m of migrations) {
    if (run.has(m.name))
      await client.query('INSERT INTO migration_checksums (name, sha256) VALUES ($1, $2) ON CONFLICT DO NOTHING', [m.name, sha256(m.text)]);
  }
}

/**
 * Waits for the migration lock by trying it again and again rather than with `pg_advisory_lock`: a
 * session blocked inside that statement keeps a snapshot open, and `CREATE INDEX CONCURRENTLY` in
 * the lock holder's migration waits for every older snapshot to end: the two would deadlock.
 */
async function takeTurn(client: pg.ClientBase): Promise<void> {
  for (;;) {
    const { rows } = await client.query<{ locked: boolean }>('SELECT pg_try_advisory_lock($1) AS locked', [LOCKS.migrate]);
    if (rows[0]?.locked) return;
    await new Promise((resolve) => setTimeout(resolve, 100 + Math.random() * 150));
  }
}

/** node-pg-migrate's own SQL loader, plus the `-- migrate:no-transaction` marker. */
async function loadSql(filePaths: string[]) {
  return Promise.all(
    filePaths.map(async (filePath) => {
      const text = await fs.readFile(filePath, 'utf8');
      return {
        id: filePath,
        filePaths: [filePath],
        actions: {
          up: (pgm: MigrationBuilder) => {
            if (NO_TRANSACTION.test(text)) pgm.noTransaction();
            pgm.sql(text);
          },
          down: false as const,
        },
      };
    }),
  );
}

/**
 * Applies the migrations not yet applied, in order, and returns their names (`007_waybill_counts`).
 * Accepts a pool (the server's) or a connection string (the release command).
 */
export async function migrate(target: pg.Pool | string, options: MigrateOptions = {}): Promise<string[]> {
  const dir = options.dir ?? MIGRATIONS_DIR;
  const log = options.log ?? quiet;
  const migrations = await readMigrations(dir);
  const own = typeof target === 'string' ? new pg.Client({ connectionString: target, options: '-c TimeZone=UTC' }) : null;
  if (own) await own.connect();
  const client: pg.ClientBase = own ?? (await (target as pg.Pool).connect());
  try {
    await takeTurn(client);
    await ensureChecksumTable(client);
    await verifyChecksums(client, migrations);
    const applied = await runner({
      dbClient: client as pg.Client,
      dir,
      ignorePattern: '(?!\\d+_.+\\.sql$).*',
      migrationsTable: MIGRATIONS_TABLE,
      direction: 'up',
      checkOrder: true,
      // The advisory lock above covers this run and the checksum work around it.
      noLock: true,
      dryRun: options.dryRun,
      logger: log,
      migrationLoaderStrategies: [{ extensions: ['.sql'], loader: loadSql }],
    });
    if (!options.dryRun) await recordChecksums(client, migrations);
    return applied.map((m) => m.name);
  } catch (err) {
    // node-pg-migrate leaves a failed file's transaction open: end it, or the unlock below (and
    // whoever gets this pooled connection next) would fail on an aborted transaction.
    await client.query('ROLLBACK').catch(() => undefined);
    throw err;
  } finally {
    await client.query('SELECT pg_advisory_unlock($1)', [LOCKS.migrate]).catch(() => undefined);
    if (own) await own.end().catch(() => undefined);
    else (client as pg.PoolClient).release();
  }
}

/** The migrations a database still lacks (for a start that must not migrate by itself). */
export async function pendingMigrations(pool: pg.Pool, dir = MIGRATIONS_DIR): Promise<string[]> {
  const migrations = await readMigrations(dir);
  const has = async (t: string) =>
    (await pool.query<{ t: string | null }>('SELECT to_regclass($1) AS t', [`public.${t}`])).rows[0]?.t != null;
  const run = (await has(MIGRATIONS_TABLE))
    ? new Set((await pool.query<{ name: string }>(`SELECT name FROM ${MIGRATIONS_TABLE}`)).rows.map((r) => nameOf(r.name)))
    : new Set<string>();
  return migrations.filter((m) => !run.has(m.name)).map((m) => m.name);
}
