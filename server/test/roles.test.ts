import { test, before, after, describe } from 'node:test';
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { DEMO_USERS, startServer, waybillInput, type TestServer } from './helpers.js';

/**
 * Role matrix: every endpoint called as anonymous, ordinary user and staff.
 * 'open' = not refused for that role (any answer but 401/403); 401/403 = refused so.
 */
type Expect = 'open' | 401 | 403;
interface Row {
  method: string;
  path: string | ((s: TestServer) => Promise<string>);
  body?: unknown | ((s: TestServer) => Promise<unknown>);
  anon: Expect;
  user: Expect;
  staff: Expect;
}

const AUTH: Omit<Row, 'method' | 'path'> = { anon: 401, user: 'open', staff: 'open' };
const STAFF: Omit<Row, 'method' | 'path'> = { anon: 401, user: 403, staff: 'open' };
const PUBLIC: Omit<Row, 'method' | 'path'> = { anon: 'open', user: 'open', staff: 'open' };

const someWaybill = async (s: TestServer) => `/api/waybills/${(await s.ctx.db.selectFrom('waybills').select('number').where('status', '=', 'draft').executeTakeFirstOrThrow()).number}/`;
const someWorklog = async (s: TestServer) => `/api/worklogs/${(await s.ctx.db.selectFrom('worklogs').select('number').executeTakeFirstOrThrow()).number}/`;
const someInvoice = async (s: TestServer) => `/api/invoices/${(await s.ctx.db.selectFrom('invoices').select('number').executeTakeFirstOrThrow()).number}/`;

const rows: Row[] = [
  { method: 'POST', path: '/api/auth/token/', body: { email: DEMO_USERS.user.email, password: DEMO_USERS.user.password }, ...PUBLIC },
  { method: 'POST', path: '/api/auth/token/refresh/', body: async (s: TestServer) => ({ refresh: (await s.login()).refresh }), ...PUBLIC },
  { method: 'POST', path: '/api/auth/token/verify/', body: async (s: TestServer) => ({ token: (await s.login()).access }), ...PUBLIC },
  { method: 'POST', path: '/api/auth/session', body: async (s: TestServer) => ({ refresh: (await s.login()).refresh }), ...PUBLIC },
  { method: 'POST', path: '/api/user/signup', body: { email: 'x', name: 'x', password: 'x' }, ...PUBLIC },
  { method: 'POST', path: '/api/user/forgot_password', body: { email: 'ghost@example.com' }, ...PUBLIC },
  { method: 'POST', path: '/api/user/forgot_password/token', body: { token: 'x', password: 'x' }, ...PUBLIC },
  { method: 'GET', path: '/api/schema/', ...PUBLIC },
  { method: 'GET', path: '/api/assortment-types/', ...AUTH },
  { method: 'GET', path: '/api/assortment-types/1/', ...AUTH },
  { method: 'GET', path: '/api/assortments/', ...AUTH },
  { method: 'GET', path: '/api/assortments/KU-PP/', ...AUTH },
  { method: 'GET', path: '/api/companies/', ...AUTH },
  { method: 'GET', path: '/api/companies/12345678/', ...AUTH },
  { method: 'GET', path: '/api/warehouses/', ...AUTH },
  { method: 'GET', path: '/api/warehouses/1/', ...AUTH },
  { method: 'GET', path: '/api/warehouses/origins/X/', ...AUTH },
  { method: 'GET', path: '/api/warehouses/destinations/X/', ...AUTH },
  { method: 'GET', path: '/api/workers/', ...AUTH },
  { method: 'GET', path: '/api/workers/detail/X/', ...AUTH },
  { method: 'GET', path: '/api/waybills/', ...AUTH },
  { method: 'POST', path: '/api/waybills/', body: waybillInput, ...AUTH },
  { method: 'GET', path: someWaybill, ...AUTH },
  { method: 'PUT', path: someWaybill, body: waybillInput, ...AUTH },
  { method: 'PATCH', path: someWaybill, body: { notes: 'x' }, ...AUTH },
  { method: 'DELETE', path: '/api/waybills/NOPE/', ...AUTH },
  { method: 'POST', path: '/api/waybills/waybill_report/', body: { format: 'csv' }, ...AUTH },
  { method: 'GET', path: '/api/worklogs/', ...AUTH },
  { method: 'POST', path: '/api/worklogs/', body: { timestamp: '2026-11-01T10:00:00Z', action: 'arrival', warehouse: 1, workerName: 'Matrix Worker', durationMinutes: 5 }, ...AUTH },
  { method: 'GET', path: someWorklog, ...AUTH },
  { method: 'PUT', path: someWorklog, body: { timestamp: '2026-11-01T10:00:00Z', action: 'arrival', warehouse: 1, workerName: 'Matrix Worker', durationMinutes: 5 }, ...AUTH },
  { method: 'PATCH', path: someWorklog, body: { notes: 'x' }, ...AUTH },
  { method: 'POST', path: '/api/worklogs/worklog_report/', body: { format: 'xlsx' }, ...AUTH },
  { method: 'GET', path: '/api/invoices/', ...AUTH },
  { method: 'POST', path: '/api/invoices/', body: { waybills: ['NOPE'] }, ...AUTH },
  { method: 'GET', path: '/api/invoices/preview/?waybills=NOPE', ...AUTH },
  { method: 'GET', path: someInvoice, ...AUTH },
  { method: 'POST', path: async (s) => `${await someInvoice(s)}retry_sync/`, ...AUTH },
  { method: 'GET', path: '/api/export-requests/', ...AUTH },
  { method: 'GET', path: `/api/export-requests/${randomUUID()}/`, ...AUTH },
  { method: 'POST', path: `/api/export-requests/${randomUUID()}/acknowledge_error/`, ...AUTH },
  { method: 'GET', path: `/api/export-requests/${randomUUID()}/download_attachment/`, ...AUTH },
  { method: 'GET', path: '/api/user/', ...AUTH },
  { method: 'GET', path: '/api/user/me', ...AUTH },
  { method: 'PUT', path: '/api/user/me', body: { name: 'Same Name' }, ...AUTH },
  { method: 'PATCH', path: '/api/user/me', body: { name: 'Same Name' }, ...AUTH },
  { method: 'POST', path: '/api/user/', body: { email: 'matrix@example.com', name: 'M', password: 'Matrix-pass-2026' }, ...STAFF },
  { method: 'GET', path: `/api/user/${DEMO_USERS.inactive.email}/`, ...STAFF },
  { method: 'PUT', path: `/api/user/${DEMO_USERS.inactive.email}/`, body: { name: 'Ülle Uus', isActive: false, isStaff: false }, ...STAFF },
  { method: 'PATCH', path: `/api/user/${DEMO_USERS.inactive.email}/`, body: { name: 'Ülle Uus' }, ...STAFF },
  { method: 'DELETE', path: '/api/user/nobody@example.com/', ...STAFF },
  { method: 'GET', path: '/api/admin/companies/', ...STAFF },
  { method: 'POST', path: '/api/admin/assortment-types/', body: { name: 'Matrix type' }, ...STAFF },
  { method: 'PATCH', path: '/api/admin/assortment-types/1/', body: { description: 'Logs for sawmills.' }, ...STAFF },
  { method: 'DELETE', path: '/api/admin/workers/NOPE/', ...STAFF },
];

let s: TestServer;
before(async () => {
  s = await startServer({}, { workers: false });
});
after(async () => {
  await s.close();
});

describe('role matrix', () => {
  for (const row of rows) {
    for (const role of ['anon', 'user', 'staff'] as const) {
      const label = typeof row.path === 'string' ? row.path : row.path.toString().includes('retry') ? '/api/invoices/{number}/retry_sync/' : '{detail}';
      test(`${role} ${row.method} ${label} → ${row[role]}`, async () => {
        const path = typeof row.path === 'string' ? row.path : await row.path(s);
        const body = typeof row.body === 'function' ? await (row.body as (s: TestServer) => Promise<unknown>)(s) : row.body;
        const token = role === 'anon' ? undefined : role === 'user' ? await s.user() : await s.staff();
        const r = await s.req(row.method, path, { token, body });
        const want = row[role];
        if (want === 'open') assert.ok(r.status !== 401 && r.status !== 403 && r.status < 500, `${row.method} ${path} as ${role}: ${r.status} ${r.text.slice(0, 200)}`);
        else assert.equal(r.status, want, `${row.method} ${path} as ${role}: ${r.text.slice(0, 200)}`);
        if (r.status === 401 || r.status === 403) assert.ok(typeof r.body.detail === 'string');
      });
    }
  }
});
