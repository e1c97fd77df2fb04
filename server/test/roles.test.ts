import { test, before, after, describe } from 'node:test';
import assert from 'node:assert/strict';
import { DEMO_USERS, startServer, type TestServer } from './helpers.js';
import { PUBLIC_ROUTES } from '../src/auth/guards.js';

// Its own scope: the servers its hooks start are closed when its tests end, whatever else shares the process (test/run.ts).
describe('roles', () => {
  /**
   * Role matrix derived from the OpenAPI document: every operation the server publishes must have a
   * decision here (a new route without one fails), the document's `x-access` must agree with it, and
   * each operation is called as anonymous, ordinary user and staff.
   *
   * public: anyone; link: public at the gate, the handler wants a signed link token or a bearer token;
   * user: any signed-in user; staff: staff only.
   */
  type Decision = 'public' | 'link' | 'user' | 'staff';

  const DECISIONS: Record<string, Decision> = {
    obtainToken: 'public',
    refreshToken: 'public',
    verifyToken: 'public',
    refreshSession: 'public',
    signOut: 'public',
    signUp: 'public',
    forgotPassword: 'public',
    resetPassword: 'public',
    verifyEmail: 'public',
    verifyEmailLink: 'public',
    downloadExportAttachment: 'link',
    listUsers: 'user',
    getMe: 'user',
    updateMe: 'user',
    patchMe: 'user',
    getMyPreferences: 'user',
    patchMyPreferences: 'user',
    getUser: 'user',
    createUser: 'staff',
    updateUser: 'staff',
    patchUser: 'staff',
    deleteUser: 'staff',
    listAssortmentTypes: 'user',
    getAssortmentType: 'user',
    listAssortments: 'user',
    getAssortment: 'user',
    listCompanies: 'user',
    getCompany: 'user',
    listWarehouses: 'user',
    getWarehouseByOrigin: 'user',
    getWarehouseByDestination: 'user',
    getWarehouse: 'user',
    listWorkers: 'user',
    getWorker: 'user',
    listWaybills: 'user',
    createWaybill: 'user',
    getWaybill: 'user',
    updateWaybill: 'user',
    patchWaybill: 'user',
    deleteWaybill: 'user',
    createWaybillReport: 'user',
    listWorklogs: 'user',
    createWorklog: 'user',
    getWorklog: 'user',
    updateWorklog: 'user',
    patchWorklog: 'user',
    createWorklogReport: 'user',
    listInvoices: 'user',
    createInvoice: 'user',
    previewInvoice: 'user',
    getInvoice: 'user',
    retryInvoiceSync: 'user',
    retryWaybillEvr: 'user',
    listIncomingWaybills: 'user',
    getIncomingWaybill: 'user',
    incomingWaybillHistory: 'user',
    waybillPdf: 'user',
    invoicePdf: 'user',
    invoiceEinvoice: 'user',
    sendInvoice: 'user',
    listExportRequests: 'user',
    getExportRequest: 'user',
    acknowledgeExportError: 'user',
    getSummary: 'user',
    getSettings: 'user',
    getSummaryCharts: 'user',
    waybillHistory: 'user',
    worklogHistory: 'user',
    invoiceHistory: 'user',
    userHistory: 'staff',
    changeEvents: 'user',
    listSavedViews: 'user',
    createSavedView: 'user',
    getSavedView: 'user',
    patchSavedView: 'user',
    deleteSavedView: 'user',
    waybillTotals: 'user',
    worklogTotals: 'user',
    invoiceTotals: 'user',
    bulkWaybills: 'user',
    getBatchJob: 'user',
    importWaybills: 'user',
    waybillImportTemplate: 'user',
    importWorklogs: 'user',
    worklogImportTemplate: 'user',
  };
  for (const kind of ['AssortmentTypes', 'Assortments', 'Companies', 'Warehouses', 'Workers']) DECISIONS[`adminList${kind}`] = 'staff';
  for (const op of ['AssortmentType', 'Assortment', 'Company', 'Warehouse', 'Worker']) {
    for (const verb of ['Create', 'Get', 'Update', 'Patch', 'Delete']) DECISIONS[`admin${verb}${op}`] = 'staff';
    DECISIONS[`admin${op}History`] = 'staff';
  }

  /** Path values that exist nowhere (so nothing is changed or deleted); the user reads their own account. */
  const sample = (name: string, operationId: string) => {
    if (name === 'email') return operationId === 'getUser' ? DEMO_USERS.user.email : 'nobody@example.com';
    if (name === 'id') return operationId.includes('Export') ? '00000000-0000-4000-8000-000000000000' : '999999';
    return 'NOPE';
  };

  interface Operation {
    method: string;
    path: string;
    operationId: string;
    access: string;
    hasBody: boolean;
  }

  let s: TestServer;
  const operations: Operation[] = [];
  before(async () => {
    s = await startServer({}, { workers: false });
    const doc = (await s.req('GET', '/api/schema/')).body as {
      paths: Record<string, Record<string, { operationId: string; 'x-access': string; requestBody?: unknown }>>;
    };
    for (const [path, ops] of Object.entries(doc.paths)) {
      for (const [method, op] of Object.entries(ops)) {
        operations.push({
          method: method.toUpperCase(),
          path,
          operationId: op.operationId,
          access: op['x-access'],
          hasBody: Boolean(op.requestBody),
        });
      }
    }
  });
  after(async () => {
    await s.close();
  });

  const call = (op: Operation, token?: string) => {
    const path = op.path.replace(/\{(\w+)\}/g, (_m, name: string) => encodeURIComponent(sample(name, op.operationId)));
    // A body that fails validation: a refused caller must be refused before validation, and an
    // admitted one reaches it (400) without changing anything.
    // A version too, so that a write to a versioned record reaches its validation as well.
    return s.req(op.method, path, { token, body: op.hasBody ? { bogusField: 'x' } : undefined, headers: { 'if-match': '"1"' } });
  };

  describe('role matrix from the OpenAPI document', () => {
    test('every published operation has an access decision, and the document states the same one', () => {
      assert.ok(operations.length > 70);
      for (const op of operations) {
        const decision = DECISIONS[op.operationId];
        assert.ok(decision, `${op.method} ${op.path} (${op.operationId}) has no access decision in this test`);
        assert.equal(op.access, decision === 'link' ? 'public' : decision, `${op.operationId}: x-access`);
      }
      for (const id of Object.keys(DECISIONS))
        assert.ok(
          operations.some((op) => op.operationId === id),
          `${id} is not in the document`,
        );
    });

    test('every public route entry names a published route', () => {
      for (const entry of PUBLIC_ROUTES) {
        const [method, path] = entry.split(' ') as [string, string];
        if (path.endsWith('*') || method === 'HEAD') continue;
        const documented = path.replace(/:(\w+)/g, '{$1}');
        assert.ok(
          operations.some((op) => op.method === method && op.path === documented),
          `${entry} is not a published operation`,
        );
      }
    });

    test('anonymous callers: 401 before validation on every non-public operation', async () => {
      for (const op of operations) {
        const decision = DECISIONS[op.operationId]!;
        const r = await call(op);
        if (decision === 'public') {
          assert.ok(
            r.status !== 401 && r.status !== 403 && r.status < 500,
            `${op.operationId} anonymous: ${r.status} ${r.text.slice(0, 200)}`,
          );
        } else {
          assert.equal(r.status, 401, `${op.operationId} anonymous: ${r.status} ${r.text.slice(0, 200)}`);
          assert.equal(typeof r.body.detail, 'string');
          assert.ok(!('bogusField' in r.body) && !('nonFieldErrors' in r.body), `${op.operationId}: no field errors for anonymous callers`);
        }
      }
    });

    test('ordinary users: 403 before validation on staff operations, admitted elsewhere', async () => {
      const token = await s.user();
      for (const op of operations) {
        const decision = DECISIONS[op.operationId]!;
        const r = await call(op, token);
        if (decision === 'staff') {
          assert.equal(r.status, 403, `${op.operationId} as user: ${r.status} ${r.text.slice(0, 200)}`);
          assert.equal(typeof r.body.detail, 'string');
        } else {
          assert.ok(
            r.status !== 401 && r.status !== 403 && r.status < 500,
            `${op.operationId} as user: ${r.status} ${r.text.slice(0, 200)}`,
          );
        }
      }
    });

    test('staff: admitted everywhere', async () => {
      const token = await s.staff();
      for (const op of operations) {
        const r = await call(op, token);
        assert.ok(
          r.status !== 401 && r.status !== 403 && r.status < 500,
          `${op.operationId} as staff: ${r.status} ${r.text.slice(0, 200)}`,
        );
      }
    });

    test('a bad bearer token is 401 even on a staff route with a bad body', async () => {
      const r = await s.req('POST', '/api/user/', { token: 'abc.def.ghi', body: { bogusField: 1 } });
      assert.equal(r.status, 401);
      assert.equal(r.body.code, 'token_not_valid');
    });
  });
});
