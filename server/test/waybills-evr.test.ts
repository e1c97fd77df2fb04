import { test, before, after, describe } from 'node:test';
import assert from 'node:assert/strict';
import { sql } from 'kysely';
import { HOLDING_BASIS, HOLDING_BASIS_TYPES } from '@timberlog/contract';
import { bulkRows, EVR_INPUT, SALES_CONTRACT_INPUT, snapshot, startServer, waybillInput, type TestServer } from './helpers.js';

// Its own scope: the servers its hooks start are closed when its tests end, whatever else shares the process (test/run.ts).
describe('waybills: the EVR fields and what confirming needs', () => {
  let s: TestServer;
  let token: string;
  before(async () => {
    s = await startServer();
    token = await s.user();
  });
  after(async () => {
    await s.close();
  });

  const create = async (body: Record<string, unknown>) => {
    const r = await s.req('POST', '/api/waybills/', { token, body: { ...(await waybillInput(s)), ...body } });
    assert.equal(r.status, 201, r.text);
    return r.body;
  };
  const confirm = (number: string, lang = 'en') =>
    s.write('PATCH', `/api/waybills/${number}/`, { token, body: { status: 'confirmed' }, headers: { 'accept-language': lang } });

  /** Every field for the sales contract, the basis that needs the most. */
  const salesContract = SALES_CONTRACT_INPUT;

  test('a complete waybill keeps every field, fills the owner from the origin, and is accepted for confirming', async () => {
    const w = await create(salesContract);
    assert.equal(w.holdingBasisType, 'SalesContract');
    assert.equal(w.cadastralNumber, '78401:001:0123, 78401:001:0124');
    assert.equal(w.contractDate, '2026-10-02');
    assert.equal(w.departureTime, '2026-11-02T06:30:00.000Z');
    assert.equal(w.grossMass, '48.200');
    assert.deepEqual(w.certificateClaims, [
      { code: 'FSCMIX', number: 'NC-COC-012345' },
      { code: 'PEFC', number: null },
    ]);
    const { rows } = await sql<{ company: string }>`SELECT company FROM warehouses WHERE origin_code = ${w.origin}`.execute(s.ctx.db);
    assert.equal(w.ownerCompany, rows[0]!.company);
    assert.ok(w.ownerCompanyName && w.transporterCompanyName);
    assert.equal(w.evrNumber, null);
    assert.equal(w.evrStatus, null);
    const r = await confirm(w.number);
    assert.equal(r.status, 200, r.text);
    assert.equal(r.body.status, 'confirmed');
  });

  test('confirming an incomplete draft is a 400 with each missing field on its field, translated, and changes nothing', async () => {
    const w = await create({ driverIdCode: null, departureTime: null, holdingBasisType: null, transporterCompany: null });
    const before = await snapshot(s.ctx);
    const en = await confirm(w.number);
    assert.equal(en.status, 400, en.text);
    assert.deepEqual(Object.keys(en.body).sort(), [
      'departureTime',
      'driverIdCode',
      'holdingBasisType',
      'nonFieldErrors',
      'transporterCompany',
    ]);
    assert.deepEqual(en.body.driverIdCode, ['EVR needs this to confirm the waybill.']);
    assert.match(en.body.nonFieldErrors[0], /4 more fields/);
    const et = await confirm(w.number, 'et');
    assert.deepEqual(et.body.departureTime, ['EVR vajab seda veoselehe kinnitamiseks.']);
    assert.equal(await snapshot(s.ctx), before);
    // The bulk action goes by the same rule.
    const bulk = await s.req('POST', '/api/waybills/bulk/', {
      token,
      body: { action: 'confirm', rows: await bulkRows(s, token, [w.number]), dryRun: false },
    });
    assert.equal(bulk.status, 200, bulk.text);
    assert.equal(bulk.body.rows[0].outcome, 'refused');
  });

  test('each field confirming needs is refused alone, on its field', async () => {
    const cases: [string, Record<string, unknown>][] = [
      ['driverIdCode', { driverIdCode: '' }],
      ['departureTime', { departureTime: null }],
      ['transporterCompany', { transporterCompany: null }],
      ['holdingBasisType', { holdingBasisType: null }],
      ...HOLDING_BASIS.SalesContract.required.map((field): [string, Record<string, unknown>] => [
        field,
        { ...salesContract, [field]: null },
      ]),
      ['eudrVerificationNumber', { eudrReferenceNumber: '25EEXVTNR4Y3HN' }],
    ];
    for (const [field, body] of cases) {
      const w = await create(body);
      const r = await confirm(w.number);
      assert.equal(r.status, 400, `${field}: ${r.text}`);
      assert.deepEqual(Object.keys(r.body).sort(), [field, 'nonFieldErrors'].sort(), field);
    }
  });

  test('a private owner stands in for a company; a confirmed waybill cannot lose what confirming needed', async () => {
    const { rows } = await sql<{ company: string }>`SELECT registry_code AS company FROM companies LIMIT 1`.execute(s.ctx.db);
    const w = await create({ ownerPersonName: 'Kadri Kask', ownerPersonCode: '49403130248', transporterCompany: rows[0]!.company });
    assert.equal(w.ownerCompany, null, 'a private owner is not replaced by the origin company');
    assert.equal((await confirm(w.number)).status, 200);
    const cleared = await s.write('PATCH', `/api/waybills/${w.number}/`, { token, body: { ownerPersonCode: '' } });
    assert.equal(cleared.status, 400, cleared.text);
    assert.deepEqual(Object.keys(cleared.body).sort(), ['nonFieldErrors', 'ownerPersonCode']);
    const edited = await s.write('PATCH', `/api/waybills/${w.number}/`, { token, body: { notes: 'Gate 3' } });
    assert.equal(edited.status, 200, edited.text);
  });

  test('malformed values are refused on their fields even on a draft, and change nothing', async () => {
    const base = await waybillInput(s);
    const before = await snapshot(s.ctx);
    const cases: [string, Record<string, unknown>][] = [
      ['driverIdCode', { driverIdCode: '37605030298' }],
      ['driverIdCode', { driverIdCode: '3760503029' }],
      ['ownerPersonCode', { ownerPersonCode: '12345678901' }],
      ['cadastralNumber', { cadastralNumber: '78401-001-0123' }],
      ['cadastralNumber', { cadastralNumber: '78401:1:123' }],
      ['previousOwnerCode', { previousOwnerCode: 'ABC' }],
      ['holdingBasisType', { holdingBasisType: 'Handshake' }],
      ['certificateClaims', { certificateClaims: [{ code: 'ISO9001' }] }],
      ['certificateClaims.1.code', { certificateClaims: [{ code: 'FSC100' }, { code: 'FSC100' }] }],
      ['eudrReferenceNumber', { eudrReferenceNumber: 'not-a-number' }],
      ['grossMass', { grossMass: '120.000' }],
      ['departureTime', { departureTime: '2026-11-02 06:30' }],
      ['transporterCompany', { transporterCompany: '99999999' }],
      ['driverPhone', { driverPhone: 'call me' }],
    ];
    for (const [field, body] of cases) {
      const r = await s.req('POST', '/api/waybills/', { token, body: { ...base, ...body } });
      assert.equal(r.status, 400, `${field}: ${r.text}`);
      assert.ok(r.body[field], `${field}: ${r.text}`);
    }
    const et = await s.req('POST', '/api/waybills/', {
      token,
      body: { ...base, driverIdCode: '37605030298' },
      headers: { 'accept-language': 'et' },
    });
    assert.match(et.body.driverIdCode[0], /isikukood/);
    assert.equal(await snapshot(s.ctx), before);
  });

  test('every holding basis type is confirmed with the fields its type needs, and only those', async () => {
    const all: Record<string, string> = {
      cadastralNumber: '12801:003:0450',
      contractNumber: 'AKT-12',
      contractDate: '2026-09-30',
      previousOwnerName: 'Mati Orav',
      previousOwnerCode: '10137319',
      previousOwnerAddress: 'Kuuse talu, Tori vald',
    };
    for (const type of HOLDING_BASIS_TYPES) {
      const needed = Object.fromEntries(HOLDING_BASIS[type].required.map((field) => [field, all[field]]));
      const w = await create({ ...EVR_INPUT, cadastralNumber: null, forestNotificationNumber: null, holdingBasisType: type, ...needed });
      const r = await confirm(w.number);
      assert.equal(r.status, 200, `${type}: ${r.text}`);
    }
  });

  test('a waybill from before the EVR fields (all empty) reads, lists and edits fine, and is not in EVR', async () => {
    const w = await create({});
    await sql`UPDATE waybills SET owner_company = NULL, transporter_company = NULL, driver_id_code = NULL, departure_time = NULL,
      holding_basis_type = NULL, cadastral_number = NULL, forest_notification_number = NULL, certificate_claims = DEFAULT
      WHERE number = ${w.number}`.execute(s.ctx.db);
    const got = await s.req('GET', `/api/waybills/${w.number}/`, { token });
    assert.equal(got.status, 200, got.text);
    assert.equal(got.body.holdingBasisType, null);
    assert.deepEqual(got.body.certificateClaims, []);
    assert.equal(got.body.evrNumber, null);
    const list = await s.req('GET', `/api/waybills/?search=${w.number}`, { token });
    assert.equal(list.status, 200, list.text);
    const edit = await s.write('PATCH', `/api/waybills/${w.number}/`, { token, body: { notes: 'Old load' } });
    assert.equal(edit.status, 200, edit.text);
    // Confirmed before EVR: the web form sends every field, its EVR ones empty, and the edit is taken.
    await sql`UPDATE waybills SET status = 'confirmed' WHERE number = ${w.number}`.execute(s.ctx.db);
    const { number: _n, ...input } = await waybillInput(s);
    const empty = Object.fromEntries(['ownerCompany', 'transporterCompany', ...Object.keys(EVR_INPUT)].map((k) => [k, '']));
    const put = await s.write('PUT', `/api/waybills/${w.number}/`, {
      token,
      body: { ...input, ...empty, departureTime: null, holdingBasisType: null, notes: 'Old load, again' },
    });
    assert.equal(put.status, 200, put.text);
    const history = await s.req('GET', `/api/waybills/${w.number}/history/`, { token });
    assert.equal(history.status, 200, history.text);
  });

  test('the list filters by holding basis, certificate claim and EUDR number, and refuses an unknown one', async () => {
    const act = await create({
      holdingBasisType: 'InventoryAct',
      contractNumber: 'AKT-9',
      contractDate: '2026-09-01',
      certificateClaims: [{ code: 'PEFCCS' }],
      notes: 'EVR filter QX7',
    });
    const plain = await create({
      certificateClaims: [{ code: 'FSC100' }],
      eudrReferenceNumber: '25EEXVTNR4Y3HN',
      eudrVerificationNumber: 'KRAGE8SX',
      notes: 'EVR filter QX7',
    });
    const numbers = async (query: string) => {
      const r = await s.req('GET', `/api/waybills/?search=QX7&${query}`, { token });
      assert.equal(r.status, 200, r.text);
      return r.body.results.map((w: { number: string }) => w.number).sort();
    };
    assert.deepEqual(await numbers('holdingBasisType=InventoryAct'), [act.number]);
    assert.deepEqual(await numbers('certificateClaim=PEFCCS,FSC100'), [act.number, plain.number].sort());
    assert.deepEqual(await numbers('certificateClaim=FSC100'), [plain.number]);
    assert.deepEqual(await numbers('hasEudrNumber=true'), [plain.number]);
    assert.deepEqual(await numbers('hasEudrNumber=false'), [act.number]);
    const bad = await s.req('GET', '/api/waybills/?certificateClaim=ISO9001', { token });
    assert.equal(bad.status, 400, bad.text);
    assert.ok(bad.body.certificateClaim, bad.text);
  });

  test('an import reads the EVR columns by their report headings: the departure in Estonian time, the basis by its label, a bad code on its row', async () => {
    const input = await waybillInput(s);
    const heading =
      "Transport date,Origin,Destination,Driver,Vehicle,Mileage (km),Assortment,Quantity,Driver's personal ID code,Departure,Holding basis,Cadastral number,Transporter";
    const line = (code: string) =>
      `2026-11-02,${input.origin},${input.destination},Jaan Tamm,1 ABC,120,${input.assortment},25.5,${code},2026-11-02 08:30,Forest notification,78401:001:0123,${input.destinationCompany}`;
    const post = (body: string, query: string) =>
      fetch(`${s.url}/api/waybills/import/?${query}`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'text/csv' },
        body,
      }).then(async (r) => ({ status: r.status, body: await r.json() }));
    const bad = await post(`${heading}\n${line('37605030298')}\n`, 'dryRun=true');
    // A dry run answers each row's problems; nothing is written.
    assert.equal(bad.body.invalid, 1, JSON.stringify(bad.body));
    assert.deepEqual(
      bad.body.errors.map((e: { row: number; field: string }) => [e.row, e.field]),
      [[2, 'driverIdCode']],
    );
    const good = await post(`${heading}\n${line('37605030299')}\n`, 'dryRun=false');
    assert.equal(good.status, 201, JSON.stringify(good.body));
    const w = (await s.req('GET', `/api/waybills/${good.body.numbers[0]}/`, { token })).body;
    assert.equal(w.departureTime, '2026-11-02T06:30:00.000Z');
    assert.equal(w.holdingBasisType, 'ForestNotice');
    assert.equal(w.driverIdCode, '37605030299');
    assert.equal((await confirm(w.number)).status, 200);
  });

  test('the history names the EVR fields as the API does', async () => {
    const w = await create({});
    const r = await s.write('PATCH', `/api/waybills/${w.number}/`, {
      token,
      body: { driverIdCode: '38001085718', cadastralNumber: '12801:003:0450' },
    });
    assert.equal(r.status, 200, r.text);
    const history = await s.req('GET', `/api/waybills/${w.number}/history/`, { token });
    const fields = history.body.results[0].changes.map((c: { field: string }) => c.field).sort();
    assert.deepEqual(fields, ['cadastralNumber', 'driverIdCode']);
  });
});
