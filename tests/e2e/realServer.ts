import { spawn, type ChildProcess } from 'node:child_process';
import { readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

import { expect, type APIRequestContext } from '@playwright/test';
import { DEMO_USERS } from '@timberlog/contract/demo-data';

import { test } from './fixtures';

/**
 * Every port the browser tests use, moved by E2E_PORT_OFFSET (0 by default) so that two runs on
 * one machine (two working copies) do not meet: the static app 3100, the Storybook 3101, the real
 * servers 3650–3653, each server's EVR stand-in 1000 above it.
 */
export const e2ePort = (port: number): number => port + Number(process.env.E2E_PORT_OFFSET || 0);

/** The real API server of the browser tests (scripts/e2e-server.mjs), serving the dist-e2e build. */
export const REAL_SERVER_PORT = e2ePort(3650);
export const REAL_SERVER = `http://127.0.0.1:${REAL_SERVER_PORT}`;
/**
 * A second real server whose access tokens live only 8 seconds, for the tests that wait one out
 * (the first has the product's lifetime). Started by playwright.config.ts with the same build.
 */
export const SHORT_TOKEN_SERVER_PORT = e2ePort(3651);
export const SHORT_TOKEN_SERVER = `http://127.0.0.1:${SHORT_TOKEN_SERVER_PORT}`;
export const SHORT_TOKEN_TTL_SECONDS = 8;

/** The real server's data folder (scripts/e2e-server.mjs): report files in `exports/`, mail in `outbox/`. */
export const REAL_SERVER_DATA_DIR = join(tmpdir(), `timberlog-e2e-${REAL_SERVER_PORT}`);
const outbox = join(REAL_SERVER_DATA_DIR, 'outbox');

const outboxFiles = (): string[] => {
  try {
    return readdirSync(outbox).filter((name) => name.endsWith('.eml'));
  } catch {
    return [];
  }
};

/** The newest link matching `pattern` mailed to `email` in the outbox, or null while none is there. */
const findLink = (email: string, pattern: RegExp): string | null => {
  for (const name of outboxFiles().sort().reverse()) {
    // Mail bodies are quoted-printable: join soft line breaks and decode `=3D` before reading the link.
    const text = readFileSync(join(outbox, name), 'utf8')
      .replace(/=\r?\n/g, '')
      .replace(/=3D/g, '=');
    if (!text.toLowerCase().includes(email.toLowerCase())) continue;
    const link = pattern.exec(text)?.[0];
    if (link) return link;
  }
  return null;
};

/** The newest password reset link mailed to `email`, polling the outbox until the mail is written. */
export async function readResetLink(email: string, timeout = 10_000): Promise<string> {
  return readLink(email, /https?:\/\/[^\s"<>]+\/auth\/reset-password\?token=[\w-]+/, 'a reset link', timeout);
}

/** The newest address confirmation link mailed to `email` after a sign-up. */
export async function readConfirmationLink(email: string, timeout = 10_000): Promise<string> {
  return readLink(email, /https?:\/\/[^\s"<>]+\/api\/user\/verify_email\?token=[\w-]+/, 'a confirmation link', timeout);
}

async function readLink(email: string, pattern: RegExp, what: string, timeout: number): Promise<string> {
  await expect.poll(() => findLink(email, pattern), { message: `${what} for ${email} in ${outbox}`, timeout }).not.toBeNull();
  return findLink(email, pattern) ?? '';
}

/** The real API as one account sees it: for a test that makes or looks up its own data instead of assuming the demo's. */
export async function realApi(request: APIRequestContext, credentials: { email: string; password: string }) {
  const login = await request.post(`${REAL_SERVER}/api/auth/token/`, { data: credentials });
  expect(login.status()).toBe(200);
  const { access } = (await login.json()) as { access: string };
  const headers = { Authorization: `Bearer ${access}` };
  return {
    get: async <T>(path: string): Promise<T> => {
      const res = await request.get(`${REAL_SERVER}${path}`, { headers });
      expect(res.status(), `GET ${path}`).toBe(200);
      return (await res.json()) as T;
    },
    post: async <T>(path: string, data: unknown): Promise<T> => {
      const res = await request.post(`${REAL_SERVER}${path}`, { headers, data });
      expect(res.status(), `POST ${path}: ${await res.text()}`).toBe(201);
      return (await res.json()) as T;
    },
  };
}

/**
 * A new active account of its own, made by staff on the real server: for a test whose account-wide
 * state (its exports in progress, its unseen reports, its language and theme) another test running beside it must not share.
 */
export async function ownAccount(request: APIRequestContext, what: string): Promise<{ email: string; password: string }> {
  const staff = await request.post(`${REAL_SERVER}/api/auth/token/`, {
    data: { email: DEMO_USERS.staff.email, password: DEMO_USERS.staff.password },
  });
  expect(staff.status()).toBe(200);
  const { access } = (await staff.json()) as { access: string };
  const account = {
    email: `${what}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 6)}@timberlog.test`,
    password: 'Kuusepalk-Tõstuk-77',
  };
  const created = await request.post(`${REAL_SERVER}/api/user/`, {
    headers: { Authorization: `Bearer ${access}` },
    data: { ...account, name: `Clerk ${what}` },
  });
  expect(created.status(), await created.text()).toBe(201);
  return account;
}

/**
 * A real server of a test's own that the test can stop and start again on the same port and data,
 * as a server going away and coming back (a restart, a network outage) looks to the browser. Its
 * own port: stopping the shared servers would fail the tests running beside it.
 */
export interface RestartableServer {
  readonly url: string;
  /** Its data folder (the report files are under it). */
  readonly dataDir: string;
  /** Starts the server (the first time: a fresh database with the demo data) and waits until it answers. */
  start(): Promise<void>;
  /** Stops it (SIGTERM: PostgreSQL stops cleanly, the data stays) and waits until the process has ended. */
  stop(): Promise<void>;
  /** Stops it if running and removes its data. */
  dispose(): Promise<void>;
}

/** `env`: the server's own settings over the shared ones (e.g. `EXPORT_WORKERS: '0'`). */
export function restartableServer(port: number, env: Record<string, string> = {}): RestartableServer {
  const url = `http://127.0.0.1:${port}`;
  const dataDir = join(tmpdir(), `timberlog-e2e-${port}`);
  let child: ChildProcess | null = null;
  const root = fileURLToPath(new URL('../..', import.meta.url));

  const answers = async (): Promise<boolean> => {
    try {
      return (await fetch(`${url}/api/schema/`, { method: 'HEAD' })).ok;
    } catch {
      return false;
    }
  };

  const stop = async () => {
    const running = child;
    if (!running) return;
    child = null;
    if (running.exitCode !== null) return;
    await new Promise<void>((resolve) => {
      running.once('exit', () => resolve());
      running.kill('SIGTERM');
    });
  };

  return {
    url,
    dataDir,
    async start() {
      if (child) return;
      const started = spawn(process.execPath, ['scripts/e2e-server.mjs', String(port)], {
        cwd: root,
        stdio: ['ignore', 'ignore', 'inherit'],
        env: { ...process.env, ...env, E2E_KEEP_DATA: '1' },
      });
      child = started;
      await expect
        .poll(async () => (started.exitCode === null ? answers() : 'exited'), {
          message: `the server on ${url} to answer`,
          timeout: 120_000,
        })
        .toBe(true);
    },
    stop,
    async dispose() {
      await stop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * A real server of the enclosing file's or `test.describe`'s own (restartableServer, with `env`
 * over the shared settings), started before its tests, removed after them, and their base URL.
 */
export function startOwnServer(port: number, env: Record<string, string> = {}): RestartableServer {
  const own = restartableServer(e2ePort(port), env);
  test.beforeAll(async () => {
    test.setTimeout(180_000);
    await own.start();
  });
  test.afterAll(async () => {
    await own.dispose();
  });
  test.use({ baseURL: own.url });
  return own;
}
