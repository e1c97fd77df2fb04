/**
 * What every parity test does around its cases: start the real server on the demo data, sign in
 * its demo users, send a request to both sides, and stop the server after.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { resolve } from 'node:path';
import { createInterface } from 'node:readline';

import { DEMO_USERS } from '@timberlog/contract/demo-data';
import { getResponse } from 'msw';

import { handlers } from '@/app/mocks';

export type Who = 'staff' | 'user';

/** The real server, once started: its address and a token for each demo user. */
export interface ParityServer {
  baseUrl: string;
  tokens: Partial<Record<Who, string>>;
}

const signIn = (account: { email: string; password: string }): RequestInit => ({
  method: 'POST',
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify({ email: account.email, password: account.password }),
});

/**
 * Starts the real server before the file's tests (after `reset`, which readies the mocks) and stops
 * it after them. `signInToMocks`: sign in to the mocks too, in the same order as to the server.
 */
export function setUpParityServer(options: { reset: () => void; signInToMocks?: boolean }): ParityServer {
  const parity: ParityServer = { baseUrl: '', tokens: {} };
  let server: ChildProcess | undefined;

  beforeAll(async () => {
    options.reset();
    const root = resolve(__dirname, '../..');
    server = spawn(process.execPath, ['--import', 'tsx', 'tests/parity/start-server.mjs'], {
      cwd: root,
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    const child = server;
    parity.baseUrl = await new Promise<string>((ready, failed) => {
      const lines = createInterface({ input: child.stdout! });
      lines.on('line', (line) => {
        const url = /^READY (\S+)$/.exec(line)?.[1];
        if (url) ready(url);
      });
      child.on('exit', (code) => failed(new Error(`the parity server exited with ${String(code)} before it was ready`)));
    });
    for (const [who, account] of [
      ['staff', DEMO_USERS.staff],
      ['user', DEMO_USERS.user],
    ] as const) {
      const response = await fetch(`${parity.baseUrl}/api/auth/token/`, signIn(account));
      parity.tokens[who] = ((await response.json()) as { access: string }).access;
      // Sign-ins set `lastLogin`, a sort field.
      if (options.signInToMocks) await getResponse(handlers, new Request('http://mocks.test/api/auth/token/', signIn(account)));
    }
  }, 120_000);

  afterAll(async () => {
    if (!server || server.exitCode !== null) return;
    const stopped = new Promise((done) => server?.on('exit', done));
    server.kill('SIGTERM');
    await stopped;
  });

  return parity;
}

/** The same request to the real server and to the mocks: their answers, in that order. */
export async function askBoth(parity: ParityServer, path: string, init: () => RequestInit): Promise<[Response, Response]> {
  const real = await fetch(parity.baseUrl + path, init());
  const mocked = await getResponse(handlers, new Request(`http://mocks.test${path}`, init()));
  if (!mocked) throw new Error(`no mock handler answers ${init().method ?? 'GET'} ${path}`);
  return [real, mocked];
}

/** A write to an existing versioned record: the server requires its version in If-Match (428 without). */
export const isVersionedWrite = (method: string, path: string): boolean =>
  ['PUT', 'PATCH', 'DELETE'].includes(method) || (method === 'POST' && /\/(retry_sync|send)\/(\?.*)?$/.test(path));

/**
 * The version a client that read the record would send: the real server's ETag of it now (read at
 * the write's path without its query and action), or a version no record has when it cannot be
 * read, so the write answers what refuses it first. The mocks must hold the same version, or their
 * answer differs from the server's and the case fails.
 */
export async function versionRead(parity: ParityServer, path: string, authorization: string): Promise<string> {
  const record = path.split('?')[0]!.replace(/\/(retry_sync|send)\/$/, '/');
  const read = await fetch(parity.baseUrl + record, { headers: { authorization } });
  await read.arrayBuffer();
  return (read.ok && read.headers.get('etag')) || '"0"';
}

/** Each waybill with the version the real server has of it now, as a client that read the list sends a bulk action's rows. */
export async function rowsRead(parity: ParityServer, numbers: readonly string[], authorization: string) {
  const rows: { number: string; version: number }[] = [];
  for (const number of numbers)
    rows.push({ number, version: Number((await versionRead(parity, `/api/waybills/${number}/`, authorization)).replace(/\D/g, '')) || 1 });
  return rows;
}

/** A time in a message (each side's own clock), as `TIME`. */
export const withoutTime = (text: string): string => text.replace(/\d{1,2}[./]\d{1,2}[./]\d{2,4},? \d{1,2}:\d{2}/, 'TIME');
