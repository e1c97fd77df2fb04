// Starts the real API server for the browser tests: a fresh data folder under the system temp
// folder, the test key pair (so the test build verifies its tokens), and the web app built for it
// (dist-e2e). Stops PostgreSQL and removes the data on SIGTERM/SIGINT. A second argument sets the
// access tokens' lifetime in seconds (the tests that wait one out run on a server with short ones).
// With E2E_KEEP_DATA=1 the data folder outlives the process, so a test that stops the server can
// start it again on the same data (tests/e2e/realServer.ts, `restartableServer`); that test removes it.
//   node scripts/e2e-server.mjs <port> [access token seconds]
import { spawn } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

const port = process.argv[2] ?? '3650';
const root = resolve(import.meta.dirname, '..');
// Named by port so the tests find the mail outbox in it (<dataDir>/outbox); emptied on every start.
const dataDir = join(tmpdir(), `timberlog-e2e-${port}`);
const keepData = process.env.E2E_KEEP_DATA === '1';
if (!keepData) rmSync(dataDir, { recursive: true, force: true });
mkdirSync(dataDir, { recursive: true });

const envTest = readFileSync(join(root, '.env.test'), 'utf8');
const publicKey = /^APP_PUBLIC_JWT_PUBLIC_KEY="(.*)"$/m.exec(envTest)?.[1];
if (!publicKey) throw new Error('.env.test has no APP_PUBLIC_JWT_PUBLIC_KEY');

const accessTokenSeconds = process.argv[3];

const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
  cwd: join(root, 'server'),
  stdio: 'inherit',
  env: {
    ...process.env,
    PORT: port,
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    WEB_DIST_DIR: join(root, 'dist-e2e'),
    JWT_PRIVATE_KEY: readFileSync(join(root, 'tests/fixtures/jwt-test-private.pem'), 'utf8'),
    JWT_PUBLIC_KEY: publicKey,
    ...(accessTokenSeconds ? { ACCESS_TOKEN_TTL_SECONDS: accessTokenSeconds } : {}),
    LOG_LEVEL: 'warn',
    // Each test server's own EVR stand-in, 1000 ports up (the receiver acts through its API).
    EVR_STANDIN_PORT: String(Number(port) + 1000),
    // What the receiver does in EVR arrives within seconds (the product's default is every 30 s).
    EVR_POLL_SECONDS: '2',
  },
});

let stopping = false;
const stop = () => {
  if (stopping) return;
  stopping = true;
  child.kill('SIGINT');
};
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
child.on('exit', (code) => {
  if (!keepData) rmSync(dataDir, { recursive: true, force: true });
  process.exit(stopping ? 0 : (code ?? 1));
});
