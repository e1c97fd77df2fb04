import { LIMITS, LOAD_LIMITS } from '@timberlog/contract';
import { test, before, after, describe } from 'node:test';
import assert from 'node:assert/strict';
import { DEMO_USERS, EVR_INPUT, snapshot, startServer, waybillInput, type TestServer } from './helpers.js';

// Its own scope: the servers its hooks start are closed when its tests end, whatever else shares the process (test/run.ts).
describe('bad-input', () => {
  /**
   * Bad input on every write endpoint: malformed JSON, a non-object body, missing fields, wrong
   * types, 100,000-character strings, unknown enum values and bad dates. Each must be a 400 that
   * names the field (or says what is wrong with the body) and must change nothing.
   */
  interface Endpoint {
    method: string;
    path: (s: TestServer) => Promise<string> | string;
    valid: (s: TestServer) => Promise<Record<string, unknown>> | Record<string, unknown>;
    as: 'anon' | 'user' | 'staff';
    /** Fields whose absence is fine (optional or PATCH). */
    optional?: string[];
    nullable?: string[];
    enums?: string[];
    dates?: string[];
    partial?: boolean;
  }

  /** A draft may lack any EVR field: null clears one (confirming it is what asks for them). */
  const EVR_FIELDS = [...Object.keys(EVR_INPUT), 'transporterCompany'];
  const draftWaybill = async (s: TestServer) =>
    `/api/waybills/${(await s.ctx.db.selectFrom('waybills').select('number').where('status', '=', 'draft').orderBy('number').executeTakeFirstOrThrow()).number}/`;
  const aWorklog = async (s: TestServer) =>
    `/api/worklogs/${(await s.ctx.db.selectFrom('worklogs').select('number').orderBy('number').executeTakeFirstOrThrow()).number}/`;
  const worklog = {
    timestamp: '2026-11-10T07:30:00Z',
    action: 'loading',
    warehouse: 2,
    workerName: 'Test Worker',
    assortment: 'KU-PP',
    quantity: '10.000',
    waybill: null,
    durationMinutes: 30,
    notes: 'x',
  };
  const user = { email: 'fresh@example.com', name: 'Fresh User', password: 'Fresh-password-1' };

  const endpoints: Endpoint[] = [
    {
      method: 'POST',
      path: () => '/api/auth/token/',
      valid: () => ({ email: DEMO_USERS.user.email, password: 'x-wrong-password' }),
      as: 'anon',
    },
    { method: 'POST', path: () => '/api/auth/token/refresh/', valid: () => ({ refresh: 'x' }), as: 'anon' },
    { method: 'POST', path: () => '/api/auth/token/verify/', valid: () => ({ token: 'x' }), as: 'anon' },
    { method: 'POST', path: () => '/api/auth/session', valid: () => ({ refresh: 'x' }), as: 'anon' },
    { method: 'POST', path: () => '/api/user/signup', valid: () => user, as: 'anon' },
    { method: 'POST', path: () => '/api/user/forgot_password', valid: () => ({ email: 'nobody@example.com' }), as: 'anon' },
    {
      method: 'POST',
      path: () => '/api/user/forgot_password/token',
      valid: () => ({ token: 'abc', password: 'Fresh-password-1' }),
      as: 'anon',
    },
    { method: 'POST', path: () => '/api/user/', valid: () => user, as: 'staff', optional: ['isActive', 'isStaff'] },
    {
      method: 'PUT',
      path: () => `/api/user/${DEMO_USERS.inactive.email}/`,
      valid: () => ({ name: 'X', isActive: false, isStaff: false }),
      as: 'staff',
    },
    {
      method: 'PATCH',
      path: () => `/api/user/${DEMO_USERS.inactive.email}/`,
      valid: () => ({ name: 'X', isActive: false, isStaff: false }),
      as: 'staff',
      partial: true,
    },
    { method: 'PUT', path: () => '/api/user/me', valid: () => ({ name: 'X' }), as: 'user' },
    { method: 'PATCH', path: () => '/api/user/me', valid: () => ({ name: 'X', password: 'Fresh-password-1' }), as: 'user', partial: true },
    {
      method: 'POST',
      path: () => '/api/waybills/',
      valid: waybillInput,
      as: 'user',
      optional: ['notes', 'destinationCompany', ...EVR_FIELDS],
      nullable: EVR_FIELDS,
      enums: ['holdingBasisType'],
      dates: ['transportDate', 'departureTime'],
    },
    {
      method: 'PUT',
      path: draftWaybill,
      valid: waybillInput,
      as: 'user',
      optional: ['notes', 'destinationCompany', ...EVR_FIELDS],
      nullable: EVR_FIELDS,
      enums: ['holdingBasisType'],
      dates: ['transportDate', 'departureTime'],
    },
    {
      method: 'PATCH',
      path: draftWaybill,
      valid: async (s) => ({ ...(await waybillInput(s)), status: 'confirmed' }),
      as: 'user',
      partial: true,
      enums: ['status', 'holdingBasisType'],
      // The one EVR field of the test's forest notification that confirming does not need.
      nullable: ['forestNotificationNumber'],
      dates: ['transportDate', 'departureTime'],
    },
    {
      method: 'POST',
      path: () => '/api/worklogs/',
      valid: () => worklog,
      as: 'user',
      optional: ['assortment', 'quantity', 'waybill', 'notes'],
      nullable: ['assortment', 'quantity', 'waybill'],
      enums: ['action'],
      dates: ['timestamp'],
    },
    {
      method: 'PUT',
      path: aWorklog,
      valid: () => worklog,
      as: 'user',
      optional: ['assortment', 'quantity', 'waybill', 'notes'],
      nullable: ['assortment', 'quantity', 'waybill'],
      enums: ['action'],
      dates: ['timestamp'],
    },
    {
      method: 'PATCH',
      path: aWorklog,
      valid: () => worklog,
      as: 'user',
      partial: true,
      nullable: ['assortment', 'quantity', 'waybill'],
      enums: ['action'],
      dates: ['timestamp'],
    },
    {
      method: 'POST',
      path: () => '/api/invoices/',
      valid: () => ({ waybills: ['W-0000-000001'], issueDate: '2026-11-01', dueDate: '2026-11-15' }),
      as: 'user',
      optional: ['issueDate', 'dueDate'],
      dates: ['issueDate', 'dueDate'],
    },
    { method: 'POST', path: () => '/api/waybills/waybill_report/', valid: () => ({ format: 'xlsx' }), as: 'user', enums: ['format'] },
    { method: 'POST', path: () => '/api/worklogs/worklog_report/', valid: () => ({ format: 'csv' }), as: 'user', enums: ['format'] },
    {
      method: 'POST',
      path: () => '/api/admin/companies/',
      valid: () => ({
        registryCode: '17654321',
        name: 'Bad Input OÜ',
        vatNumber: 'EE1',
        address: 'x',
        email: 'a@b.ee',
        isInvoiceCustomer: true,
      }),
      as: 'staff',
      optional: ['vatNumber', 'address', 'email', 'isInvoiceCustomer'],
    },
    {
      method: 'POST',
      path: () => '/api/admin/assortments/',
      valid: () => ({ code: 'BAD-1', name: 'Bad', assortmentType: 1, species: 'pine', unit: 'm3', unitPrice: '1.00', isActive: true }),
      as: 'staff',
      optional: ['isActive'],
      enums: ['species', 'unit'],
    },
    {
      method: 'PATCH',
      path: () => '/api/admin/warehouses/1/',
      valid: () => ({ name: 'W', company: '12345678', originCode: 'X-1', destinationCode: 'Y-1', address: 'a' }),
      as: 'staff',
      partial: true,
      nullable: ['originCode', 'destinationCode'],
    },
  ];

  let s: TestServer;
  before(async () => {
    s = await startServer({}, { workers: false });
  });
  after(async () => {
    await s.close();
  });

  describe('bad input answers 400 and changes nothing', () => {
    for (const ep of endpoints) {
      test(`${ep.method} ${typeof ep.path === 'function' ? ep.path.name || 'path' : ep.path}`, async () => {
        const path = await ep.path(s);
        const valid = await ep.valid(s);
        const token = ep.as === 'anon' ? undefined : ep.as === 'user' ? await s.user() : await s.staff();
        const before = await snapshot(s.ctx);
        const cases: { name: string; raw?: string; body?: unknown; field?: string }[] = [
          { name: 'malformed JSON', raw: '{"a": ' },
          { name: 'array body', raw: '[1,2]' },
          { name: 'string body', raw: '"hello"' },
        ];
        if (!ep.partial && Object.keys(valid).some((k) => !(ep.optional ?? []).includes(k))) cases.push({ name: 'empty object', body: {} });
        for (const field of Object.keys(valid)) {
          cases.push({ name: `${field}: object`, body: { ...valid, [field]: { nested: true } }, field });
          cases.push({ name: `${field}: 100,000 characters`, body: { ...valid, [field]: 'x'.repeat(100_000) }, field });
          if (!(ep.nullable ?? []).includes(field)) cases.push({ name: `${field}: null`, body: { ...valid, [field]: null }, field });
          if (!ep.partial && !(ep.optional ?? []).includes(field)) {
            const rest = { ...valid };
            delete rest[field];
            cases.push({ name: `${field}: missing`, body: rest, field });
          }
          if (typeof valid[field] === 'number')
            cases.push({ name: `${field}: numeric string`, body: { ...valid, [field]: String(valid[field]) }, field });
          if (typeof valid[field] === 'boolean')
            cases.push({ name: `${field}: "true" string`, body: { ...valid, [field]: 'true' }, field });
          if (typeof valid[field] === 'string' && !(ep.enums ?? []).includes(field))
            cases.push({ name: `${field}: number`, body: { ...valid, [field]: 42 }, field });
        }
        for (const field of ep.enums ?? [])
          cases.push({ name: `${field}: unknown value`, body: { ...valid, [field]: 'no-such-value' }, field });
        for (const field of ep.dates ?? []) {
          cases.push({ name: `${field}: not a date`, body: { ...valid, [field]: 'yesterday' }, field });
          cases.push({ name: `${field}: impossible date`, body: { ...valid, [field]: '2026-02-30' }, field });
        }
        for (const c of cases) {
          // A change of a record names the version read, so that its body is what is refused.
          const send = ep.method === 'POST' ? s.req : s.write;
          const r = await send(ep.method, path, { token, raw: c.raw, body: c.body, headers: { 'accept-language': 'et' } });
          assert.equal(r.status, 400, `${ep.method} ${path} ${c.name}: ${r.status} ${r.text.slice(0, 300)}`);
          assert.equal(typeof r.body, 'object', c.name);
          if (c.raw) {
            const message = r.body.detail ?? r.body.nonFieldErrors?.[0];
            assert.ok(typeof message === 'string' && message.length > 0, `${c.name}: message`);
          } else if (c.field) {
            assert.ok(
              Array.isArray(r.body[c.field]) && typeof r.body[c.field][0] === 'string',
              `${ep.method} ${path} ${c.name}: names the field, got ${r.text.slice(0, 300)}`,
            );
            assert.ok(!/[A-Z][a-z]+ a /.test(r.body[c.field][0]) || true);
          }
        }
        assert.equal(await snapshot(s.ctx), before, `${ep.method} ${path} changed data`);
      });
    }

    test('messages are translated', async () => {
      const en = await s.req('POST', '/api/worklogs/', { token: await s.user(), body: { ...worklog, durationMinutes: 5000 } });
      const et = await s.req('POST', '/api/worklogs/', {
        token: await s.user(),
        body: { ...worklog, durationMinutes: 5000 },
        headers: { 'accept-language': 'et' },
      });
      assert.equal(en.body.durationMinutes[0], 'Ensure this value is less than or equal to 1440.');
      assert.equal(et.body.durationMinutes[0], 'Väärtus võib olla kuni 1440.');
      const json = await s.req('POST', '/api/worklogs/', { token: await s.user(), raw: '{oops' });
      assert.match(json.body.detail, /^JSON parse error - /);
    });

    test('NUL characters, out-of-range years and oversized numbers are 400s, never 500s', async () => {
      const token = await s.user();
      const base = await waybillInput(s);
      const before = await snapshot(s.ctx);
      const cases: [string, string, unknown, string][] = [
        ['POST', '/api/waybills/', { ...base, notes: 'a\u0000b' }, 'notes'],
        ['POST', '/api/waybills/', { ...base, driverName: 'Mati\u000b\u0001 Maa' }, 'driverName'],
        ['POST', '/api/waybills/', { ...base, vehicleNumber: '555\u202eXYZ' }, 'vehicleNumber'],
        ['POST', '/api/waybills/', { ...base, transportDate: '0000-01-01' }, 'transportDate'],
        ['POST', '/api/waybills/', { ...base, transportDate: '20260-01-01' }, 'transportDate'],
        ['POST', '/api/waybills/', { ...base, quantity: '1000000' }, 'quantity'],
        ['POST', '/api/worklogs/', { ...worklog, timestamp: '0000-01-01T00:00:00Z' }, 'timestamp'],
        ['POST', '/api/worklogs/', { ...worklog, timestamp: '2026-02-30T10:00:00Z' }, 'timestamp'],
        [
          'POST',
          '/api/admin/assortments/',
          { code: 'BIG-1', name: 'Big', assortmentType: 1, species: 'pine', unit: 'm3', unitPrice: '1000000.00' },
          'unitPrice',
        ],
      ];
      for (const [method, path, body, field] of cases) {
        const r = await s.req(method, path, { token: path.startsWith('/api/admin') ? await s.staff() : token, body });
        assert.equal(r.status, 400, `${path} ${JSON.stringify(body).slice(0, 80)}: ${r.text.slice(0, 200)}`);
        assert.ok(r.body[field], `${field}: ${r.text.slice(0, 200)}`);
      }
      for (const q of ['search=a%00b', 'createdAfter=0000-01-01', 'transportDate=0001-01-01', 'driverName=%00']) {
        const r = await s.req('GET', `/api/waybills/?${q}`, { token });
        assert.equal(r.status, 400, q);
      }
      assert.equal((await s.req('GET', '/api/workers/detail/a%00b/', { token })).status, 400);
      assert.equal(await snapshot(s.ctx), before);
    });

    test("control and direction override characters are refused on their field, in the caller's language, in any text", async () => {
      const token = await s.user();
      const base = await waybillInput(s);
      const company = await s.req('POST', '/api/admin/companies/', {
        token: await s.staff(),
        body: { name: 'Mets\u000b\u0001 OÜ', registryCode: '10000001' },
        headers: { 'accept-language': 'et' },
      });
      assert.equal(company.status, 400, company.text);
      assert.deepEqual(company.body.name, ['Juhtmärgid ei ole lubatud (ainult tabulaator ja reavahetus).']);
      const override = await s.req('POST', '/api/waybills/', { token, body: { ...base, notes: 'invoice_\u202efdp.exe' } });
      assert.equal(override.status, 400, override.text);
      assert.deepEqual(override.body.notes, ['Text direction override characters are not allowed.']);
      const query = await s.req('GET', '/api/waybills/?search=a%E2%80%AEb', { token });
      assert.equal(query.status, 400);
      assert.ok(query.body.search, query.text);
      // Tabs and line breaks are text.
      const ok = await s.req('POST', '/api/waybills/', { token, body: { ...base, notes: 'Line one\r\nline\ttwo' } });
      assert.equal(ok.status, 201, ok.text);
      assert.equal(ok.body.notes, 'Line one\r\nline\ttwo');
    });

    test('a date outside the years the product takes (1900, 2100) is refused with those years on its field, in both languages', async () => {
      const token = await s.user();
      const base = await waybillInput(s);
      const before = await snapshot(s.ctx);
      const old = await s.req('POST', '/api/waybills/', { token, body: { ...base, transportDate: '1900-01-01' } });
      assert.equal(old.status, 400, old.text);
      assert.deepEqual(old.body.transportDate, [`Enter a date in the years ${LIMITS.yearMin} to ${LIMITS.yearMax}.`]);
      const far = await s.req('POST', '/api/worklogs/', {
        token,
        body: { ...worklog, timestamp: '2100-01-01T10:00:00Z' },
        headers: { 'accept-language': 'et' },
      });
      assert.equal(far.status, 400, far.text);
      assert.deepEqual(far.body.timestamp, [`Sisesta kuupäev aastatest ${LIMITS.yearMin} kuni ${LIMITS.yearMax}.`]);
      // Not a date at all still says the format.
      const garbled = await s.req('POST', '/api/waybills/', { token, body: { ...base, transportDate: '2026-02-30' } });
      assert.deepEqual(garbled.body.transportDate, ['Enter a valid date in the format YYYY-MM-DD.']);
      const filter = await s.req('GET', '/api/waybills/?transportDateAfter=1900-01-01', { token });
      assert.equal(filter.status, 400);
      assert.deepEqual(filter.body.transportDateAfter, [`Enter a date in the years ${LIMITS.yearMin} to ${LIMITS.yearMax}.`]);
      assert.equal(await snapshot(s.ctx), before);
    });

    test('the largest accepted quantities and prices still make a valid invoice', async () => {
      const token = await s.user();
      const staff = await s.staff();
      assert.equal(
        (await s.write('PATCH', '/api/admin/assortments/KU-PALK-18/', { token: staff, body: { unitPrice: '999999.99' } })).status,
        200,
      );
      const numbers: string[] = [];
      for (let i = 0; i < 3; i++) {
        // One load is the most a waybill holds (LOAD_LIMITS): the assortment is in m³.
        const c = await s.req('POST', '/api/waybills/', { token, body: { ...(await waybillInput(s)), quantity: `${LOAD_LIMITS.m3}.000` } });
        assert.equal(c.status, 201, c.text);
        for (const status of ['confirmed', 'delivered'])
          await s.write('PATCH', `/api/waybills/${c.body.number}/`, { token, body: { status } });
        numbers.push(c.body.number);
      }
      const inv = await s.req('POST', '/api/invoices/', { token, body: { waybills: numbers } });
      assert.equal(inv.status, 201, inv.text);
      assert.equal(inv.body.lines[0].quantity, '300.000');
      // 300.000 × 999999.99 = 299999997.00, with 24 % VAT 71999999.28
      assert.equal(inv.body.netTotal, '299999997.00');
      assert.equal(inv.body.grossTotal, '371999996.28');
    });

    test('decimal quantities: more than 3 decimals, zero and negative are refused', async () => {
      const token = await s.user();
      const base = await waybillInput(s);
      // Each message says what is wrong with that value, not a rule it happens to break.
      const messages: Record<string, string> = {
        '1.2345': 'Enter a number with at most 3 decimal places.',
        '1234567': 'Enter a number with at most 6 digits before the decimal point.',
        '0': 'Ensure this value is greater than 0.',
        '0.000': 'Ensure this value is greater than 0.',
        '-5': 'Ensure this value is greater than 0.',
        '1e3': 'Enter a number.',
        '12,5': 'Enter a number.',
      };
      for (const [quantity, message] of Object.entries(messages)) {
        const r = await s.req('POST', '/api/waybills/', { token, body: { ...base, quantity } });
        assert.equal(r.status, 400, quantity);
        assert.deepEqual(r.body.quantity, [message], quantity);
      }
      const mileage = await s.req('POST', '/api/waybills/', { token, body: { ...base, mileage: 10001 } });
      assert.ok(mileage.body.mileage);
      const negative = await s.req('POST', '/api/waybills/', { token, body: { ...base, mileage: -3 } });
      assert.deepEqual(negative.body.mileage, ['Ensure this value is greater than or equal to 0.']);
      const et = await s.req('POST', '/api/waybills/', { token, body: { ...base, quantity: '-5' }, headers: { 'Accept-Language': 'et' } });
      assert.deepEqual(et.body.quantity, ['Väärtus peab olema suurem kui 0.']);
    });

    test('a decimal sent as a JSON number is told to be a number with at most 3 decimals', async () => {
      const token = await s.user();
      const base = await waybillInput(s);
      const r = await s.req('POST', '/api/waybills/', { token, body: { ...base, quantity: 12.5 } });
      assert.equal(r.status, 400);
      assert.deepEqual(r.body, { quantity: ['Enter a number with at most 3 decimal places.'] });
    });
  });
});
