import { test, before, after, describe } from 'node:test';
import assert from 'node:assert/strict';
import { sql } from 'kysely';
import { WAYBILL_DETAIL_FIELDS } from '@timberlog/contract';
import { Waybill, WaybillListItem } from '../src/waybills/schemas.js';
import { EVR_INPUT, SALES_CONTRACT_INPUT, startServer, waybillInput, type TestServer } from './helpers.js';

/**
 * A waybill list page's rows are JSON written by PostgreSQL (runListJson: row_to_json of the list's
 * select list), sent as they are; a waybill's own answer is its row serialized by the route's
 * response schema. The two must say the same: every list field as the detail says it (timestamps
 * to the millisecond with `Z`, decimals as text, claims, nulls), and exactly the schema's fields.
 */
describe('waybill list rows: the JSON the database writes is the schema’s', () => {
  let s: TestServer;
  let token: string;
  before(async () => {
    s = await startServer();
    token = await s.user();
  });
  after(async () => {
    await s.close();
  });

  const listFields = Object.keys(WaybillListItem.properties).sort();
  const detailFields = Object.keys(Waybill.properties).sort();

  test('the list schema is the waybill less the detail fields, and the list leaves out exactly those', () => {
    assert.deepEqual(listFields, detailFields.filter((f) => !(WAYBILL_DETAIL_FIELDS as readonly string[]).includes(f)).sort());
    for (const f of WAYBILL_DETAIL_FIELDS) assert.ok(detailFields.includes(f), `${f} is a waybill field`);
  });

  test('every row of a page is its waybill’s own answer less the detail fields, field by field', async () => {
    const full = await s.req('POST', '/api/waybills/', {
      token,
      body: {
        ...(await waybillInput(s)),
        ...EVR_INPUT,
        notes: 'Ääres "jutumärgid" \\ ja\nreavahe',
        ...SALES_CONTRACT_INPUT,
      },
    });
    assert.equal(full.status, 201, full.text);
    const bare = await s.req('POST', '/api/waybills/', { token, body: await waybillInput(s) });
    assert.equal(bare.status, 201, bare.text);
    // What EVR answers, and timestamps with microseconds (the API gives milliseconds).
    await sql`UPDATE waybills SET evr_number = 'EVR-000123', evr_status = 'unloaded', evr_sync = 'failed', evr_failure = 'invalid',
        evr_error = 'Vigane kaal', evr_exchanged_at = '2026-11-03 07:08:09.987654+00', evr_measured_quantity = 24.7,
        evr_measurement = ${JSON.stringify({
          actNumber: 'MA-2026-118',
          actDate: '2026-11-03',
          measurerCode: (await waybillInput(s)).destinationCompany,
          creationTime: '2026-11-03T07:00:00Z',
          total: { amount: 24.7, unit: 'tm' },
          items: [{ assortment: 'KU-PALK-18', name: 'Kuusepalk', amount: 24.7, unitCode: 'tm' }],
        })}::jsonb,
        evr_notes = ${JSON.stringify([{ message: 'Koor arvestatud', creationTime: '2026-11-03T07:00:00.000Z', creatorName: 'Saeveski', creatorCode: '12234567' }])}::jsonb,
        created_at = '2026-11-01 01:02:03.456789+00', departure_time = '2026-11-02 06:30:00.000999+00'
      WHERE number = ${full.body.number}`.execute(s.ctx.db);

    const page = await s.req('GET', '/api/waybills/?pageSize=100', { token });
    assert.equal(page.status, 200, page.text);
    assert.match(String(page.headers.get('content-type')), /^application\/json; charset=utf-8/);
    assert.deepEqual(Object.keys(page.body).sort(), ['count', 'next', 'previous', 'results']);
    const rows = page.body.results as Record<string, unknown>[];
    assert.ok(rows.length >= 3, 'the seeded waybills and the two made here');
    for (const row of rows) {
      assert.deepEqual(Object.keys(row).sort(), listFields, `${row.number}: exactly the list's fields`);
      const detail = await s.req('GET', `/api/waybills/${encodeURIComponent(String(row.number))}/`, { token });
      assert.equal(detail.status, 200, detail.text);
      assert.deepEqual(Object.keys(detail.body).sort(), detailFields, `${row.number}: the detail has every field`);
      const expected = Object.fromEntries(listFields.map((f) => [f, detail.body[f]]));
      assert.deepEqual(row, expected, `${row.number}: the list row says what the detail says`);
    }
    const listed = rows.find((r) => r.number === full.body.number)!;
    assert.equal(listed.createdAt, '2026-11-01T01:02:03.456Z');
    assert.equal(listed.departureTime, '2026-11-02T06:30:00.000Z');
    assert.equal(listed.notes, 'Ääres "jutumärgid" \\ ja\nreavahe');
    assert.equal(listed.evrMeasuredQuantity, '24.700');
    assert.deepEqual(listed.certificateClaims, [
      { code: 'FSCMIX', number: 'NC-COC-012345' },
      { code: 'PEFC', number: null },
    ]);
    const detail = await s.req('GET', `/api/waybills/${full.body.number}/`, { token });
    assert.equal(detail.body.evrExchangedAt, '2026-11-03T07:08:09.987Z');
    assert.equal(detail.body.evrError, 'Vigane kaal');
    assert.equal(detail.body.evrMeasurement.actNumber, 'MA-2026-118');
    assert.equal(typeof detail.body.version, 'number');
    assert.equal(listed.version, detail.body.version);
    const bareRow = rows.find((r) => r.number === bare.body.number)!;
    assert.equal(bareRow.ownerPersonName, null);
    assert.deepEqual(bareRow.certificateClaims, []);
  });

  test('a page from the kept answers is the same text, and a page past the end is still the 404', async () => {
    const first = await s.req('GET', '/api/waybills/?pageSize=5&sort=-mileage', { token });
    const again = await s.req('GET', '/api/waybills/?pageSize=5&sort=-mileage', { token });
    assert.equal(again.text, first.text);
    const next = await s.req('GET', '/api/waybills/?pageSize=5&sort=-mileage&pageNumber=2', { token });
    assert.equal(next.status, 200);
    assert.equal(next.body.previous, '/api/waybills/?pageSize=5&sort=-mileage&pageNumber=1');
    const gone = await s.req('GET', '/api/waybills/?pageSize=5&pageNumber=9999', { token });
    assert.equal(gone.status, 404);
    assert.equal(typeof gone.body.count, 'number');
  });
});
