import { test, before, after, describe } from 'node:test';
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import ExcelJS from 'exceljs';
import { sql } from 'kysely';
import { IMPORT } from '@timberlog/contract';
import { snapshot, startServer, waitFor, waybillInput, type TestServer } from './helpers.js';

let s: TestServer;
let user: string;
let input: Record<string, unknown>;
before(async () => {
  s = await startServer();
  user = await s.user();
  input = await waybillInput(s);
});
after(async () => {
  await s.close();
});

const XLSX = IMPORT.xlsxType;

async function post(body: Buffer | string | undefined, type: string, query: string, headers: Record<string, string> = {}) {
  const res = await fetch(`${s.url}/api/waybills/import/?${query}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${user}`, 'content-type': type, ...headers },
    body: body as BodyInit | undefined,
  });
  const text = await res.text();
  let parsed: any = text;
  try {
    parsed = JSON.parse(text);
  } catch {
    // not JSON
  }
  return { status: res.status, body: parsed, text };
}

const EN = ['Transport date', 'Origin', 'Destination', 'Driver', 'Vehicle', 'Mileage (km)', 'Assortment', 'Quantity', 'Notes'];
const ET = ['Veo kuupäev', 'Lähtekoht', 'Sihtkoht', 'Juht', 'Sõiduk', 'Läbisõit (km)', 'Sortiment', 'Kogus', 'Märkused'];
const row = (over: Partial<Record<string, string>> = {}) => {
  const v = {
    date: '2026-11-02',
    origin: String(input.origin),
    destination: String(input.destination),
    driver: 'Mati Maa',
    vehicle: '555 XYZ',
    mileage: '120',
    assortment: String(input.assortment),
    quantity: '25.5',
    notes: 'From the sheet',
    ...over,
  };
  return [v.date, v.origin, v.destination, v.driver, v.vehicle, v.mileage, v.assortment, v.quantity, v.notes];
};
const csv = (rows: string[][], sep = ',') =>
  rows
    .map((r) => r.map((c) => (c.includes(sep) || c.includes('"') || c.includes('\n') ? `"${c.replace(/"/g, '""')}"` : c)).join(sep))
    .join('\r\n');

const count = async () => (await sql<{ n: number }>`SELECT count(*)::int AS n FROM waybills`.execute(s.ctx.db)).rows[0]!.n;

describe('waybill import', () => {
  test('CSV with commas, a decimal point and a byte-order mark: a dry run checks and writes nothing', async () => {
    const before = await snapshot(s.ctx);
    const r = await post(`\ufeff${csv([EN, row(), row({ notes: 'A note, with a comma\nand a line' })])}`, 'text/csv', 'dryRun=true');
    assert.equal(r.status, 200, r.text);
    assert.deepEqual(
      { ...r.body, errors: undefined },
      { dryRun: true, file: null, rows: 2, valid: 2, invalid: 0, errors: undefined, imported: 0, numbers: [] },
    );
    assert.equal(await snapshot(s.ctx), before);
  });

  test('CSV with semicolons, decimal commas, day-first dates, Estonian headings and no BOM', async () => {
    const r = await post(
      csv([ET, row({ date: '02.11.2026', quantity: '25,500' }), row({ date: '3/11/2026', quantity: '1,5' })], ';'),
      'text/csv',
      'dryRun=true',
    );
    assert.equal(r.status, 200, r.text);
    assert.equal(r.body.valid, 2);
  });

  test('problems by the row number the spreadsheet shows, on the field, translated', async () => {
    const rows = [
      EN,
      row(),
      [],
      row({ date: '2026-02-30', mileage: 'far' }),
      row({ origin: 'NOWHERE', quantity: '250' }),
      row({ driver: '', quantity: '1.2345' }),
      row({ notes: '=HYPERLINK("http://x")' }),
    ];
    const r = await post(csv(rows), 'text/csv', 'dryRun=true', { 'accept-language': 'et' });
    assert.equal(r.status, 200, r.text);
    assert.equal(r.body.rows, 5);
    assert.equal(r.body.valid, 1);
    const by = (line: number) => r.body.errors.filter((e: { row: number }) => e.row === line).map((e: { field: string }) => e.field);
    assert.deepEqual(by(4), ['transportDate', 'mileage']);
    assert.deepEqual(by(5), ['origin', 'quantity']);
    assert.deepEqual(by(6), ['driverName', 'quantity']);
    assert.deepEqual(by(7), ['notes']);
    const origin = r.body.errors.find((e: { field: string }) => e.field === 'origin');
    assert.match(origin.message, /NOWHERE/);
    assert.match(r.body.errors.find((e: { row: number }) => e.row === 7).message, /Valemit/);
  });

  test('the real run writes every row in one transaction, each with an import history entry naming the file', async () => {
    const before = await count();
    const r = await post(csv([EN, row(), row({ driver: 'Second Driver' })]), 'text/csv', 'dryRun=false', {
      'content-disposition': 'attachment; filename="trips-2026-11.csv"',
    });
    assert.equal(r.status, 201, r.text);
    assert.equal(r.body.imported, 2);
    assert.equal(r.body.file, 'trips-2026-11.csv');
    assert.equal(await count(), before + 2);
    const w = await s.req('GET', `/api/waybills/${r.body.numbers[1]}/`, { token: user });
    assert.equal(w.body.status, 'draft');
    assert.equal(w.body.driverName, 'Second Driver');
    assert.equal(w.body.quantity, '25.500');
    const h = await s.req('GET', `/api/waybills/${r.body.numbers[0]}/history/`, { token: user });
    assert.equal(h.body.results[0].via, 'import');
    assert.equal(h.body.results[0].action, 'created');
    assert.equal(h.body.results[0].reason, 'trips-2026-11.csv');
    assert.equal(h.body.results[0].actor.email, 'user@timberlog.ee');
  });

  test('a problem in the last row writes nothing', async () => {
    const before = await snapshot(s.ctx);
    const rows = [EN, ...Array.from({ length: 20 }, () => row()), row({ assortment: 'NO-SUCH' })];
    const r = await post(csv(rows), 'text/csv', 'dryRun=false&filename=bad.csv');
    assert.equal(r.status, 400, r.text);
    assert.equal(r.body.invalid, 1);
    assert.equal(r.body.errors[0].row, 22);
    assert.equal(r.body.imported, 0);
    assert.equal(await snapshot(s.ctx), before);
  });

  test('a failure while writing the last row writes nothing either (and is no 500)', async () => {
    await sql
      .raw(`CREATE FUNCTION refuse_boom() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN
      IF NEW.driver_name = 'Boom' THEN RAISE EXCEPTION 'boom' USING ERRCODE = 'check_violation'; END IF; RETURN NEW; END $$;
      CREATE TRIGGER refuse_boom BEFORE INSERT ON waybills FOR EACH ROW EXECUTE FUNCTION refuse_boom();`)
      .execute(s.ctx.db);
    try {
      const before = await snapshot(s.ctx);
      const r = await post(csv([EN, row(), row(), row({ driver: 'Boom' })]), 'text/csv', 'dryRun=false');
      assert.equal(r.status, 400, r.text);
      assert.equal(await snapshot(s.ctx), before);
    } finally {
      await sql.raw('DROP TRIGGER refuse_boom ON waybills; DROP FUNCTION refuse_boom();').execute(s.ctx.db);
    }
  });

  test('XLSX: numbers, dates and text cells; formulas refused; the template reads back', async () => {
    const wb = new ExcelJS.Workbook();
    const sheet = wb.addWorksheet('Trips');
    sheet.addRow(EN);
    sheet.addRow([
      new Date(Date.UTC(2026, 10, 2)),
      input.origin,
      input.destination,
      'Xlsx Driver',
      '1 ABC',
      120,
      input.assortment,
      25.5,
      '',
    ]);
    sheet.addRow([
      '2026-11-03',
      input.origin,
      input.destination,
      'Xlsx Driver',
      '1 ABC',
      { formula: '100+20', result: 120 },
      input.assortment,
      12,
      '',
    ]);
    const body = Buffer.from(await wb.xlsx.writeBuffer());
    const r = await post(body, XLSX, 'dryRun=true');
    assert.equal(r.status, 200, r.text);
    assert.equal(r.body.valid, 1);
    assert.deepEqual(
      r.body.errors.map((e: { row: number; field: string }) => [e.row, e.field]),
      [[3, 'mileage']],
    );
    for (const format of ['csv', 'xlsx']) {
      const t = await fetch(`${s.url}/api/waybills/import/template/?format=${format}`, {
        headers: { authorization: `Bearer ${user}`, 'accept-language': 'et' },
      });
      assert.equal(t.status, 200);
      const file = Buffer.from(await t.arrayBuffer());
      const back = await post(file, format === 'csv' ? 'text/csv' : XLSX, 'dryRun=true');
      // Headings only: an empty file to fill in.
      assert.equal(back.status, 400);
      assert.match(back.body.file[0], /no rows/);
    }
  });

  test('an export imports again (CSV and XLSX, English and Estonian)', async () => {
    for (const [format, locale] of [
      ['csv', 'en'],
      ['csv', 'et'],
      ['xlsx', 'et'],
    ] as const) {
      const e = await s.req('POST', '/api/waybills/waybill_report/?status=draft&origin=' + encodeURIComponent(String(input.origin)), {
        token: user,
        body: { format },
        headers: { 'accept-language': locale },
      });
      assert.equal(e.status, 201, e.text);
      const done = await waitFor(async () => {
        const r = await s.req('GET', `/api/export-requests/${e.body.id}/`, { token: user });
        return r.body.inProgress ? undefined : r.body;
      });
      assert.equal(done.failed, false);
      const file = Buffer.from(await (await fetch(new URL(done.fileUrl, s.url))).arrayBuffer());
      const r = await post(file, format === 'csv' ? 'text/csv' : XLSX, 'dryRun=true');
      assert.equal(r.status, 200, `${format} ${locale}: ${r.text.slice(0, 500)}`);
      assert.equal(r.body.rows, done.rowCount);
      assert.equal(r.body.valid, done.rowCount, JSON.stringify(r.body.errors.slice(0, 3)));
    }
  });

  test(`more than ${IMPORT.inlineMaxRows} rows are written by a background job, all in one transaction`, async () => {
    const before = await count();
    const rows = [EN, ...Array.from({ length: 250 }, (_, i) => row({ driver: `Batch ${i}` }))];
    const r = await post(csv(rows), 'text/csv', 'dryRun=false&filename=big.csv');
    assert.equal(r.status, 202, r.text);
    assert.equal(r.body.kind, 'import');
    const job = await waitFor(
      async () => {
        const j = await s.req('GET', `/api/batch-jobs/${r.body.id}/`, { token: user });
        return j.body.state === 'done' || j.body.state === 'failed' ? j.body : undefined;
      },
      60_000,
      'the import job',
    );
    assert.equal(job.state, 'done', JSON.stringify(job));
    assert.equal(job.result.imported, 250);
    assert.equal(await count(), before + 250);
    const vias = await sql<{ via: string; reason: string }>`SELECT DISTINCT via, reason FROM history WHERE entity = 'waybill'
      AND record_key = ANY(${job.result.numbers})`.execute(s.ctx.db);
    assert.deepEqual(vias.rows, [{ via: 'import', reason: 'big.csv' }]);
  });

  test('columns names the field of each column by position: CSV and XLSX with headings of their own', async () => {
    const OTHER = ['Päev', 'Kust', 'Kuhu', 'Autojuht', 'Auto', 'Km', 'Sort', 'Tm', 'Muu', 'Extra'];
    const columns = 'transportDate,origin,destination,driverName,vehicleNumber,mileage,assortment,quantity,,';
    const before = await snapshot(s.ctx);
    const text = csv([OTHER, [...row(), 'x'], [...row({ quantity: 'lots' }), 'y']]);
    const plain = await post(text, 'text/csv', 'dryRun=true');
    assert.equal(plain.status, 400, plain.text);
    assert.match(plain.body.file[0], /no column "Transport date"/);
    const r = await post(text, 'text/csv', `dryRun=true&columns=${encodeURIComponent(columns)}`);
    assert.equal(r.status, 200, r.text);
    assert.deepEqual([r.body.rows, r.body.valid], [2, 1]);
    assert.deepEqual(
      r.body.errors.map((e: { row: number; field: string }) => [e.row, e.field]),
      [[3, 'quantity']],
    );
    // Headings a known one names are read past too: the fields are the parameter's alone (notes is not read).
    const swapped = await post(
      csv([EN, row()]),
      'text/csv',
      `dryRun=true&columns=${encodeURIComponent(columns.replace('vehicleNumber', 'notes'))}`,
    );
    assert.equal(swapped.status, 400, swapped.text);
    assert.match(swapped.body.file[0], /no column "Vehicle"/);
    assert.equal(await snapshot(s.ctx), before);

    const wb = new ExcelJS.Workbook();
    const sheet = wb.addWorksheet('Trips');
    sheet.addRow(OTHER);
    sheet.addRow([new Date(Date.UTC(2026, 10, 2)), input.origin, input.destination, 'Xlsx Driver', '1 ABC', 120, input.assortment, 25.5]);
    const body = Buffer.from(await wb.xlsx.writeBuffer());
    const x = await post(body, XLSX, `dryRun=false&filename=trips.xlsx&columns=${encodeURIComponent(columns)}`);
    assert.equal(x.status, 201, x.text);
    assert.equal(x.body.imported, 1);
    const created = await s.req('GET', `/api/waybills/${x.body.numbers[0]}/`, { token: user });
    assert.equal(created.body.transportDate, '2026-11-02');
    assert.equal(created.body.driverName, 'Xlsx Driver');
  });

  test('a bad columns parameter is a 400 on columns, translated; a required field left out is the missing column', async () => {
    const before = await snapshot(s.ctx);
    const file = csv([EN, row()]);
    const all = 'transportDate,origin,destination,driverName,vehicleNumber,mileage,assortment,quantity,notes';
    const cases: [string, string, string, RegExp][] = [
      ['an unknown field', all.replace('notes', 'colour'), 'en', /No field is named "colour"/],
      ['an unknown field, in Estonian', all.replace('notes', 'colour'), 'et', /Välja nimega "colour" ei ole/],
      ['a field twice', all.replace('notes', 'origin'), 'en', /"origin" is given to two columns/],
      ['a field past the last column', `${all.replace(',quantity', ',')},,quantity`, 'en', /The file has 9 columns/],
      ['a field past the last column, in Estonian', `${all},origin`.replace(',origin,', ',,'), 'et', /Failis on 9 veergu/],
    ];
    for (const [name, columns, locale, message] of cases) {
      const r = await post(file, 'text/csv', `dryRun=false&columns=${encodeURIComponent(columns)}`, { 'accept-language': locale });
      assert.equal(r.status, 400, `${name}: ${r.text}`);
      assert.match(r.body.columns?.[0] ?? '', message, `${name}: ${r.text}`);
    }
    const extra = await post(file, 'text/csv', `dryRun=true&columns=${encodeURIComponent(`${all},,,`)}`);
    assert.equal(extra.status, 200, extra.text);
    const missing = await post(file, 'text/csv', `dryRun=true&columns=${encodeURIComponent(all.replace('driverName', ''))}`, {
      'accept-language': 'et',
    });
    assert.equal(missing.status, 400, missing.text);
    assert.match(missing.body.file[0], /Failis ei ole veergu "Juht"/);
    for (const columns of ['', ',,,', ' , ', 'x'.repeat(3000), '%00', 'transportDate,'.repeat(100)]) {
      const r = await post(file, 'text/csv', `dryRun=false&columns=${encodeURIComponent(columns)}`);
      assert.equal(r.status, 400, `${JSON.stringify(columns.slice(0, 40))}: ${r.text}`);
    }
    const twice = await post(file, 'text/csv', 'dryRun=true&columns=origin&columns=destination');
    assert.equal(twice.status, 400, twice.text);
    assert.equal(await snapshot(s.ctx), before);
  });

  test('fuzz: nothing is a 500 and nothing is written', async () => {
    const before = await snapshot(s.ctx);
    const big = `${EN.join(',')}\n${'a\n'.repeat(1_000_000)}`;
    const cases: [string, Buffer | string | undefined, string, number, string?][] = [
      ['empty', '', 'text/csv', 400, 'file'],
      ['no body', undefined, 'text/csv', 400, 'file'],
      ['only headings', `${EN.join(',')}\r\n`, 'text/csv', 400, 'file'],
      ['blank lines', '\n\n\n', 'text/csv', 400, 'file'],
      ['binary garbage', randomBytes(4096), 'application/octet-stream', 400, 'file'],
      ['garbage that starts as a zip', Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), randomBytes(2000)]), XLSX, 400, 'file'],
      ['not UTF-8', Buffer.from([0x4f, 0xff, 0xfe, 0x2c, 0x41]), 'text/csv', 400, 'file'],
      ['headings of another file', 'name,email\nx,y\n', 'text/csv', 400, 'file'],
      ['a million rows', big, 'text/csv', 400, 'file'],
      [`${IMPORT.maxRows + 1} rows`, csv([EN, ...Array.from({ length: IMPORT.maxRows + 1 }, () => row())]), 'text/csv', 400, 'file'],
      ['JSON', '{"rows": []}', 'application/json', 415],
      ['too large', Buffer.alloc(IMPORT.maxBytes + 10, 0x41), 'text/csv', 400, 'file'],
      ['wrong types everywhere', csv([EN, ['x', '1', '2', '3', '4', '-5', '6', 'seven', '']]), 'text/csv', 400],
      ['a quote never closed', `${EN.join(',')}\n"2026-11-02,${row().slice(1).join(',')}`, 'text/csv', 400],
    ];
    for (const [name, body, type, status, field] of cases) {
      const r = await post(body, type, 'dryRun=false');
      assert.equal(r.status, status, `${name}: ${r.status} ${r.text.slice(0, 300)}`);
      if (field) assert.ok(r.body[field]?.[0], `${name}: ${r.text.slice(0, 300)}`);
    }
    const bad = await post(csv([EN, row()]), 'text/csv', 'dryRun=maybe');
    assert.equal(bad.status, 400);
    assert.equal(await snapshot(s.ctx), before);
  });
});
