import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { generateKeyPairSync, randomUUID } from 'node:crypto';
import pino from 'pino';
import { loadConfig, type AppConfig } from '../src/infra/config.js';
import { createDatabase } from '../src/dev/embedded-pg.js';
import { createDb } from '../src/infra/db.js';
import { closeContext, createContext } from '../src/infra/bootstrap.js';
import { buildApp } from '../src/app.js';
import { startWorkers } from '../src/worker.js';
import { seed } from '../src/seed/seed.js';
import { DEMO_USERS } from '../src/seed/data.js';
import type { AppContext } from '../src/infra/context.js';

export { DEMO_USERS };

export interface Res<T = any> {
  status: number;
  body: T;
  headers: Headers;
  text: string;
}

export interface TestServer {
  url: string;
  ctx: AppContext;
  dbUrl: string;
  /** Stops the server; `keepData` leaves its database and data folder for a next server. */
  close(keepData?: boolean): Promise<void>;
  /**
   * One request, through Fastify's `inject` (every route, hook and plugin, without a socket or an
   * HTTP client: a fifth of the suite's CPU); the event stream, which never ends, over a socket.
   * A test that needs the socket itself (compression, body limits on the wire) fetches `url`.
   */
  req<T = any>(
    method: string,
    path: string,
    opts?: { token?: string; body?: unknown; raw?: string; headers?: Record<string, string> },
  ): Promise<Res<T>>;
  /**
   * A write to an existing record that sends the version it reads just before (its ETag) as
   * If-Match, as a client that read the record would. The record is read at the write's path
   * without its query and without an action's last segment (`retry_sync/`, `send/`).
   */
  write<T = any>(
    method: string,
    path: string,
    opts?: { token?: string; body?: unknown; raw?: string; headers?: Record<string, string> },
  ): Promise<Res<T>>;
  login(email?: string, password?: string): Promise<{ access: string; refresh: string }>;
  staff(): Promise<string>;
  user(): Promise<string>;
}

/** The settings of a test server: the product's defaults with limits out of the way and no outside services. */
function testConfig(dbUrl: string, dataDir: string, overrides: Partial<AppConfig>): AppConfig {
  return loadConfig({
    port: 0,
    host: '127.0.0.1',
    dataDir,
    databaseUrl: dbUrl,
    jobPollingSeconds: 0.5,
    rateLimitPerAddress: 1000,
    rateLimitPerAccount: 1000,
    rateLimitAccountCeiling: 1000,
    rateLimitSignupPerAddress: 1000,
    demoMode: false,
    exportsInProgressPerUser: 1000,
    webDistDir: path.join(dataDir, 'no-dist'),
    // One pair for the whole run (test/run.ts), not a 2048-bit RSA pair made for each of some 80
    // servers (a third of a second of CPU each); the processes that tests start make their own.
    jwtPrivateKey: process.env[TEST_KEYS_ENV.private],
    jwtPublicKey: process.env[TEST_KEYS_ENV.public],
    publicUrl: undefined,
    smtpUrl: undefined,
    accountingSyncUrl: undefined,
    ...overrides,
  });
}

/** The seed every test server starts with unless it asks for none. */
const TEST_SEED = { waybills: 80, worklogs: 150 };

/** The run's token signing pair, made once by test/run.ts. */
export const TEST_KEYS_ENV = { private: 'TEST_JWT_PRIVATE_KEY', public: 'TEST_JWT_PUBLIC_KEY' } as const;

/** Makes the run's token signing pair and names it in the environment every test process inherits. */
export function prepareKeys(): void {
  const pair = generateKeyPairSync('rsa', {
    modulusLength: 2048,
    publicKeyEncoding: { type: 'spki', format: 'pem' },
    privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
  });
  process.env[TEST_KEYS_ENV.private] = pair.privateKey;
  process.env[TEST_KEYS_ENV.public] = pair.publicKey;
}

/** Databases that test databases are copied from (`CREATE DATABASE … TEMPLATE`), named by test/run.ts. */
export const TEMPLATE_ENV = { migrated: 'TEST_PG_TEMPLATE_MIGRATED', seeded: 'TEST_PG_TEMPLATE_SEEDED' } as const;

/**
 * Makes the run's two template databases once: every migration applied and the job queue's tables
 * made (`migrated`), and the same with the test seed (`seeded`). A test server's database is then a
 * file copy of one of them instead of 29 migrations and a seed each. Returns their names.
 */
export async function prepareTemplates(base: string): Promise<{ migrated: string; seeded: string }> {
  const migrated = 'template_migrated';
  const seeded = 'template_seeded';
  const migratedUrl = await createDatabase(base, migrated);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'timberlog-test-template-'));
  try {
    const ctx = await createContext(testConfig(migratedUrl, dataDir, {}), migratedUrl, pino({ level: 'silent' }));
    await closeContext(ctx);
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
  // The job queue may leave a connection closing behind it; a template must have none.
  await endConnections(base, migrated);
  const seededUrl = await createDatabase(base, seeded, { template: migrated });
  const { db } = createDb(seededUrl, 2);
  try {
    await seed(db, TEST_SEED);
  } finally {
    await db.destroy();
  }
  await endConnections(base, seeded);
  return { migrated, seeded };
}

async function endConnections(base: string, database: string): Promise<void> {
  const { default: pg } = await import('pg');
  const client = new pg.Client({ connectionString: base });
  await client.connect();
  try {
    await client.query('SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()', [database]);
  } finally {
    await client.end();
  }
}

/** A server on a fresh database (seeded with a small deterministic data set), listening on a random port. */
export async function startServer(
  overrides: Partial<AppConfig> = {},
  opts: { seed?: boolean; workers?: boolean; reuse?: { dbUrl: string; dataDir: string }; serveWeb?: boolean; migrate?: boolean } = {},
): Promise<TestServer> {
  const base = process.env.TEST_PG_URL;
  if (!base) throw new Error('TEST_PG_URL is not set: run the tests with `npm run test -w server`');
  const template = process.env[opts.seed === false ? TEMPLATE_ENV.migrated : TEMPLATE_ENV.seeded];
  const dbUrl = opts.reuse?.dbUrl ?? (await createDatabase(base, `t_${randomUUID().replace(/-/g, '').slice(0, 16)}`, { template }));
  const dataDir = opts.reuse?.dataDir ?? fs.mkdtempSync(path.join(os.tmpdir(), 'timberlog-test-data-'));
  const config = testConfig(dbUrl, dataDir, overrides);
  const log = pino({ level: 'silent' });
  const ctx = await createContext(config, dbUrl, log, { migrate: opts.migrate });
  // A copy of the seeded template is seeded already.
  if (opts.seed !== false && !opts.reuse && !template) await seed(ctx.db, TEST_SEED);
  const app = await buildApp(ctx, { logger: false, serveWeb: opts.serveWeb });
  if (opts.workers !== false) await startWorkers(ctx);
  await app.listen({ port: 0, host: '127.0.0.1' });
  const addr = app.server.address();
  const url = `http://127.0.0.1:${typeof addr === 'object' && addr ? addr.port : 0}`;
  const tokens = new Map<string, string>();

  const server: TestServer = {
    url,
    ctx,
    dbUrl,
    async close(keepData = false) {
      await app.close();
      await closeContext(ctx);
      if (!keepData) fs.rmSync(dataDir, { recursive: true, force: true });
    },
    async req(method, p, o = {}) {
      const headers: Record<string, string> = { ...(o.headers ?? {}) };
      if (o.token) headers.authorization = `Bearer ${o.token}`;
      let body: string | undefined;
      if (o.raw !== undefined) {
        body = o.raw;
        headers['content-type'] ??= 'application/json';
      } else if (o.body !== undefined) {
        body = JSON.stringify(o.body);
        headers['content-type'] = 'application/json';
      }
      let status: number;
      let text: string;
      let resHeaders: Headers;
      if (p.startsWith('/api/events')) {
        // An event stream never ends by itself: it goes over a socket, and its status and headers are the answer.
        const res = await fetch(url + p, { method, headers, body });
        if ((res.headers.get('content-type') ?? '').startsWith('text/event-stream')) {
          await res.body?.cancel();
          return { status: res.status, body: null, headers: res.headers, text: '' };
        }
        status = res.status;
        resHeaders = res.headers;
        text = await res.text();
      } else {
        // Through Fastify's inject: the same routes, hooks and plugins without a socket and an HTTP client
        // (no compression either, unless the test asks for it with accept-encoding).
        const res = await app.inject({ method: method as 'GET', url: p, headers, payload: body });
        status = res.statusCode;
        text = res.body;
        resHeaders = new Headers();
        for (const [name, value] of Object.entries(res.headers)) {
          if (value === undefined) continue;
          for (const one of Array.isArray(value) ? value : [String(value)]) resHeaders.append(name, one);
        }
      }
      let parsed: unknown = text;
      try {
        parsed = text ? JSON.parse(text) : null;
      } catch {
        parsed = text;
      }
      return { status, body: parsed as any, headers: resHeaders, text };
    },
    async write(method, p, o = {}) {
      const read = await server.req('GET', recordPath(p), { token: o.token, headers: o.headers });
      // A record the caller cannot read is written with a version no record has (they start at 1):
      // the write then answers what refuses it before its version is compared (403, 404).
      const etag = (read.status === 200 && read.headers.get('etag')) || '"0"';
      return server.req(method, p, { ...o, headers: { 'if-match': etag, ...(o.headers ?? {}) } });
    },
    async login(email = DEMO_USERS.user.email, password = DEMO_USERS.user.password) {
      const res = await server.req('POST', '/api/auth/token/', { body: { email, password } });
      if (res.status !== 200) throw new Error(`login ${email} failed: ${res.status} ${res.text}`);
      return res.body;
    },
    async staff() {
      if (!tokens.has('staff')) tokens.set('staff', (await server.login(DEMO_USERS.staff.email, DEMO_USERS.staff.password)).access);
      return tokens.get('staff')!;
    },
    async user() {
      if (!tokens.has('user')) tokens.set('user', (await server.login(DEMO_USERS.user.email, DEMO_USERS.user.password)).access);
      return tokens.get('user')!;
    },
  };
  return server;
}

/** Where a write's record is read: its path without the query and without an action's segment. */
export const recordPath = (p: string): string => p.split('?')[0]!.replace(/\/(retry_sync|send|evr_retry)\/$/, '/');

/** The rows of a bulk action on `numbers`: each with the version read now (1 for a number no waybill has). */
export async function bulkRows(s: TestServer, token: string, numbers: readonly string[]): Promise<{ number: string; version: number }[]> {
  const rows = [];
  for (const number of numbers) {
    const r = await s.req('GET', `/api/waybills/${encodeURIComponent(number)}/`, { token });
    rows.push({ number, version: r.status === 200 ? (r.body.version as number) : 1 });
  }
  return rows;
}

export async function waitFor<T>(fn: () => Promise<T | undefined | null | false>, timeoutMs = 20_000, what = 'condition'): Promise<T> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const v = await fn();
    if (v) return v;
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 150));
  }
}

/** A stable fingerprint of every row of the business tables, to prove a request changed nothing. */
export async function snapshot(ctx: AppContext): Promise<string> {
  const { sql } = await import('kysely');
  const tables = [
    'users',
    'assortment_types',
    'assortments',
    'companies',
    'warehouses',
    'workers',
    'waybills',
    'worklogs',
    'invoices',
    'export_requests',
    'password_reset_tokens',
  ];
  const parts: string[] = [];
  for (const t of tables) {
    const r = await sql<{
      h: string;
    }>`SELECT md5(coalesce(string_agg(x::text, '|' ORDER BY x::text), '')) AS h FROM ${sql.table(t)} x`.execute(ctx.db);
    parts.push(`${t}:${r.rows[0]!.h}`);
  }
  return parts.join(',');
}

/** A delivered waybill factory through the API: creates, confirms, delivers. */
export async function deliveredWaybill(s: TestServer, token: string, overrides: Record<string, unknown> = {}): Promise<any> {
  const created = await s.req('POST', '/api/waybills/', { token, body: { ...(await waybillInput(s)), ...overrides } });
  if (created.status !== 201) throw new Error(`create waybill: ${created.status} ${created.text}`);
  for (const status of ['confirmed', 'delivered']) {
    const r = await s.write('PATCH', `/api/waybills/${created.body.number}/`, { token, body: { status } });
    if (r.status !== 200) throw new Error(`patch ${status}: ${r.status} ${r.text}`);
  }
  return (await s.req('GET', `/api/waybills/${created.body.number}/`, { token })).body;
}

/**
 * A valid waybill body built from the seeded reference data (destination of an invoice customer),
 * with every field EVR needs, so that it can be confirmed.
 */
export async function waybillInput(s: TestServer): Promise<Record<string, unknown>> {
  const { sql } = await import('kysely');
  const r = await sql<{ origin: string; destination: string; company: string }>`
    SELECT (SELECT origin_code FROM warehouses WHERE origin_code IS NOT NULL ORDER BY id LIMIT 1) AS origin,
           w.destination_code AS destination, w.company
    FROM warehouses w JOIN companies c ON c.registry_code = w.company
    WHERE w.destination_code IS NOT NULL AND c.is_invoice_customer ORDER BY w.id LIMIT 1`.execute(s.ctx.db);
  const row = r.rows[0]!;
  return {
    transportDate: '2026-11-02',
    origin: row.origin,
    destination: row.destination,
    destinationCompany: row.company,
    driverName: 'Margus Tamm',
    vehicleNumber: '123 ABC',
    mileage: 120,
    assortment: 'KU-PALK-18',
    quantity: '25.500',
    notes: 'Test load',
    ...EVR_INPUT,
    transporterCompany: row.company,
  };
}

/** The EVR fields of waybillInput: a forest notification's cadastral unit, the driver's code and the departure. */
export const EVR_INPUT = {
  driverIdCode: '37605030299',
  departureTime: '2026-11-02T06:30:00Z',
  holdingBasisType: 'ForestNotice',
  cadastralNumber: '78401:001:0123',
  forestNotificationNumber: '7123456',
} as const;

/** Every EVR field a sales contract, the basis that needs the most, can carry. */
export const SALES_CONTRACT_INPUT = {
  holdingBasisType: 'SalesContract',
  cadastralNumber: '78401:001:0123, 78401:001:0124',
  compartment: 'KV112',
  forestAllocationNumber: '4',
  contractNumber: 'MK-2026/114',
  contractDate: '2026-10-02',
  previousOwnerName: 'Ants Saar',
  previousOwnerCode: '38001085718',
  previousOwnerAddress: 'Metsa talu, Paide vald',
  certificateClaims: [{ code: 'FSCMIX', number: 'NC-COC-012345' }, { code: 'PEFC' }],
  eudrReferenceNumber: '25EEXVTNR4Y3HN',
  eudrVerificationNumber: 'KRAGE8SX',
  driverPhone: '+372 5123 4567',
  trailerNumber: '12 AB',
  grossMass: '48.200',
} as const;

/** Waits until every account-mail job for `email` has finished (the mail is then in the outbox, or was not sent). */
export async function accountMailDone(s: TestServer, email: string): Promise<void> {
  const { sql } = await import('kysely');
  await waitFor(
    async () => {
      const r = await sql<{ open: number; all: number }>`
      SELECT count(*) FILTER (WHERE state NOT IN ('completed', 'failed', 'cancelled'))::int AS open, count(*)::int AS all
      FROM pgboss.job WHERE name = 'account-mail' AND data->>'email' = ${email}`.execute(s.ctx.db);
      return r.rows[0]!.all > 0 && r.rows[0]!.open === 0;
    },
    20_000,
    `account mail to ${email}`,
  );
}

/** The mails in the outbox addressed to `email`, oldest first. */
export function outboxMails(s: TestServer, email: string): string[] {
  const dir = path.join(s.ctx.config.dataDir, 'outbox');
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir)
    .sort()
    .filter((f) => f.endsWith(`-${email}.eml`))
    .map((f) => fs.readFileSync(path.join(dir, f), 'utf8'));
}
