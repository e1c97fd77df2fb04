import { test, before, after, describe } from 'node:test';
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import ExcelJS from 'exceljs';
import { sql } from 'kysely';
import { IMPORT } from '@timberlog/contract';
import { snapshot, startServer, waitFor, type TestServer } from './helpers.js';

let s: TestServer;
let user: string;
let warehouse: { id: number; name: string };
let assortment: string;
before(async () => {
  s = await startServer();
  user = await s.user();
  warehouse = (
    await sql<{
      id: number;
      name: string;
    }>`SELECT min(id) AS id, name FROM warehouses GROUP BY name HAVING count(*) = 1 ORDER BY name LIMIT 1`.execute(s.ctx.db)
  ).rows[0]!;
  assortment = (await sql<{ code: string }>`SELECT code FROM assortments ORDER BY code LIMIT 1`.execute(s.ctx.db)).rows[0]!.code;
});
after(async () => {
  await s.close();
});

const XLSX = IMPORT.xlsxType;

async function post(body: Buffer | string | undefined, type: string, query: string, headers: Record<string, string> = {}, token = user) {
  const res = await fetch(`${s.url}/api/worklogs/import/?${query}`, {
    method: 'POST',
    headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), 'content-type': type, ...headers },
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

const EN = ['Time', 'Action', 'Warehouse', 'Worker', 'Assortment', 'Quantity', 'Waybill', 'Duration (min)', 'Notes'];
const ET = ['Aeg', 'Toiming', 'Ladu', 'Töötaja', 'Sortiment', 'Kogus', 'Veoseleht', 'Kestus (min)', 'Märkused'];
const row = (over: Partial<Record<string, string>> = {}) => {
  const v = {
    time: '2026-11-02 08:15:00',
    action: 'Loading',
    warehouse: warehouse.name,
    worker: 'Imported Worker',
    assortment,
    quantity: '12.5',
    waybill: '',
    duration: '30',
    notes: 'From the sheet',
    ...over,
  };
  return [v.time, v.action, v.warehouse, v.worker, v.assortment, v.quantity, v.waybill, v.duration, v.notes];
};
const csv = (rows: string[][], sep = ',') =>
  rows
    .map((r) => r.map((c) => (c.includes(sep) || c.includes('"') || c.includes('\n') ? `"${c.replace(/"/g, '""')}"` : c)).join(sep))
    .join('\r\n');

const count = async () => (await sql<{ n: number }>`SELECT count(*)::int AS n FROM worklogs`.execute(s.ctx.db)).rows[0]!.n;

describe('worklog import', () => {
  test('CSV with commas, a decimal point and a byte-order mark: a dry run checks and writes nothing', async () => {
    const before = await snapshot(s.ctx);
    const r = await post(
      `\ufeff${csv([EN, row(), row({ notes: 'A note, with a comma\nand a line', action: 'arrival' })])}`,
      'text/csv',
      'dryRun=true',
    );
    assert.equal(r.status, 200, r.text);
    assert.deepEqual(r.body, { dryRun: true, file: null, rows: 2, valid: 2, invalid: 0, errors: [], imported: 0, numbers: [] });
    assert.equal(await snapshot(s.ctx), before);
  });

  test('CSV with semicolons, decimal commas, day-first times, Estonian headings and actions, no BOM', async () => {
    const r = await post(
      csv(
        [
          ET,
          row({ time: '02.11.2026 08:15', quantity: '12,500', action: 'Laadimine' }),
          row({ time: '3/11/2026 17:00:05', quantity: '1,5' }),
        ],
        ';',
      ),
      'text/csv',
      'dryRun=true',
    );
    assert.equal(r.status, 200, r.text);
    assert.equal(r.body.valid, 2, JSON.stringify(r.body.errors));
  });

  test('problems by the row number the spreadsheet shows, on the field, translated', async () => {
    const rows = [
      EN,
      row(),
      [],
      row({ time: '2026-02-30 08:00', duration: 'long' }),
      row({ warehouse: 'Nowhere Yard', quantity: '0' }),
      row({ worker: '', action: 'napping', waybill: 'W-1999-000001' }),
      row({ notes: '=HYPERLINK("http://x")', assortment: 'NO-SUCH' }),
    ];
    const r = await post(csv(rows), 'text/csv', 'dryRun=true', { 'accept-language': 'et' });
    assert.equal(r.status, 200, r.text);
    assert.equal(r.body.rows, 5);
    assert.equal(r.body.valid, 1);
    const by = (line: number) => r.body.errors.filter((e: { row: number }) => e.row === line).map((e: { field: string }) => e.field);
    assert.deepEqual(by(4), ['timestamp', 'durationMinutes']);
    assert.deepEqual(by(5), ['warehouse', 'quantity']);
    assert.deepEqual(by(6), ['action', 'workerName', 'waybill']);
    assert.deepEqual(by(7), ['notes', 'assortment']);
    assert.match(r.body.errors.find((e: { field: string }) => e.field === 'warehouse').message, /Ladu nimega "Nowhere Yard"/);
    assert.match(r.body.errors.find((e: { row: number }) => e.row === 7).message, /Valemit/);
  });

  test('the real run writes every row in one transaction, each with an import history entry naming the file', async () => {
    const before = await count();
    const r = await post(
      csv([EN, row({ worker: 'Sheet Worker One' }), row({ worker: 'Sheet Worker One', time: '2026-07-01 08:15', action: 'Departure' })]),
      'text/csv',
      'dryRun=false',
      { 'content-disposition': 'attachment; filename="shifts-2026-11.csv"' },
    );
    assert.equal(r.status, 201, r.text);
    assert.equal(r.body.imported, 2);
    assert.equal(r.body.file, 'shifts-2026-11.csv');
    assert.equal(await count(), before + 2);
    const w = await s.req('GET', `/api/worklogs/${r.body.numbers[1]}/`, { token: user });
    assert.match(w.body.number, /^L-\d{4}-\d{6}$/);
    assert.equal(w.body.action, 'departure');
    assert.equal(w.body.warehouse, warehouse.id);
    assert.equal(w.body.quantity, '12.500');
    // The export's wall-clock time, in its time zone (Europe/Tallinn: summer time).
    assert.equal(w.body.timestamp, '2026-07-01T05:15:00.000Z');
    assert.equal(w.body.createdBy, 'user@timberlog.ee');
    const worker = await s.req('GET', `/api/workers/detail/${encodeURIComponent('Sheet Worker One')}/`, { token: user });
    assert.equal(worker.body.worklogCount, 2);
    const h = await s.req('GET', `/api/worklogs/${r.body.numbers[0]}/history/`, { token: user });
    assert.equal(h.status, 200, h.text);
    assert.equal(h.body.results[0].via, 'import');
    assert.equal(h.body.results[0].action, 'created');
    assert.equal(h.body.results[0].reason, 'shifts-2026-11.csv');
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
      .raw(`CREATE FUNCTION refuse_boom_worklog() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN
      IF NEW.notes = 'Boom' THEN RAISE EXCEPTION 'boom' USING ERRCODE = 'check_violation'; END IF; RETURN NEW; END $$;
      CREATE TRIGGER refuse_boom_worklog BEFORE INSERT ON worklogs FOR EACH ROW EXECUTE FUNCTION refuse_boom_worklog();`)
      .execute(s.ctx.db);
    try {
      const before = await snapshot(s.ctx);
      const r = await post(csv([EN, row(), row(), row({ notes: 'Boom' })]), 'text/csv', 'dryRun=false');
      assert.equal(r.status, 400, r.text);
      assert.equal(await snapshot(s.ctx), before);
    } finally {
      await sql.raw('DROP TRIGGER refuse_boom_worklog ON worklogs; DROP FUNCTION refuse_boom_worklog();').execute(s.ctx.db);
    }
  });

  test('XLSX: dates with times, numbers and text cells; formulas refused; the template reads back', async () => {
    const wb = new ExcelJS.Workbook();
    const sheet = wb.addWorksheet('Shifts');
    sheet.addRow(EN);
    sheet.addRow([new Date(Date.UTC(2026, 10, 2, 8, 15)), 'Sorting', warehouse.name, 'Xlsx Worker', assortment, 25.5, '', 45, '']);
    sheet.addRow(['2026-11-03 09:00', 'sorting', String(warehouse.id), 'Xlsx Worker', '', '', '', { formula: '20+25', result: 45 }, '']);
    const r = await post(Buffer.from(await wb.xlsx.writeBuffer()), XLSX, 'dryRun=true');
    assert.equal(r.status, 200, r.text);
    assert.equal(r.body.valid, 1);
    assert.deepEqual(
      r.body.errors.map((e: { row: number; field: string }) => [e.row, e.field]),
      [[3, 'durationMinutes']],
    );
    for (const [format, locale] of [
      ['csv', 'et'],
      ['xlsx', 'en'],
    ] as const) {
      const t = await fetch(`${s.url}/api/worklogs/import/template/?format=${format}`, {
        headers: { authorization: `Bearer ${user}`, 'accept-language': locale },
      });
      assert.equal(t.status, 200);
      assert.match(t.headers.get('content-disposition') ?? '', locale === 'et' ? /tookanded-import\.csv/ : /worklogs-import\.xlsx/);
      const file = Buffer.from(await t.arrayBuffer());
      if (format === 'csv') assert.equal(file.toString('utf8'), `\ufeff${ET.join(';')}\r\n`);
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
      const e = await s.req('POST', `/api/worklogs/worklog_report/?warehouse=${warehouse.id}`, {
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
      assert.ok(done.rowCount > 0);
      const file = Buffer.from(await (await fetch(new URL(done.fileUrl, s.url))).arrayBuffer());
      const r = await post(file, format === 'csv' ? 'text/csv' : XLSX, 'dryRun=true');
      assert.equal(r.status, 200, `${format} ${locale}: ${r.text.slice(0, 500)}`);
      assert.equal(r.body.rows, done.rowCount);
      assert.equal(r.body.valid, done.rowCount, JSON.stringify(r.body.errors.slice(0, 3)));
    }
  });

  test(`more than ${IMPORT.inlineMaxRows} rows are written by a background job, all in one transaction`, async () => {
    const before = await count();
    const rows = [EN, ...Array.from({ length: 250 }, (_, i) => row({ worker: `Batch Worker ${i % 7}` }))];
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
    assert.match(job.result.numbers[0], /^L-/);
    assert.equal(await count(), before + 250);
    const vias = await sql<{ via: string; reason: string }>`SELECT DISTINCT via, reason FROM history WHERE entity = 'worklog'
      AND record_key = ANY(${job.result.numbers})`.execute(s.ctx.db);
    assert.deepEqual(vias.rows, [{ via: 'import', reason: 'big.csv' }]);
  });

  test('columns names the field of each column by position: CSV and XLSX with headings of their own', async () => {
    const OTHER = ['When', 'Did', 'Where', 'Who', 'Sort', 'Tm', 'Trip', 'Minutes', 'Else'];
    const columns = 'timestamp,action,warehouse,workerName,assortment,quantity,waybill,durationMinutes';
    const before = await snapshot(s.ctx);
    const text = csv([OTHER, row(), row({ duration: 'long' })]);
    const r = await post(text, 'text/csv', `dryRun=true&columns=${encodeURIComponent(columns)}`);
    assert.equal(r.status, 200, r.text);
    assert.deepEqual([r.body.rows, r.body.valid], [2, 1]);
    assert.deepEqual(
      r.body.errors.map((e: { row: number; field: string }) => [e.row, e.field]),
      [[3, 'durationMinutes']],
    );
    assert.equal(await snapshot(s.ctx), before);

    const wb = new ExcelJS.Workbook();
    const sheet = wb.addWorksheet('Shifts');
    sheet.addRow(OTHER);
    sheet.addRow([new Date(Date.UTC(2026, 10, 2, 8, 15)), 'Loading', warehouse.name, 'Xlsx Worker', assortment, 12.5, '', 30, 'skipped']);
    const body = Buffer.from(await wb.xlsx.writeBuffer());
    const x = await post(body, XLSX, `dryRun=false&filename=shifts.xlsx&columns=${encodeURIComponent(columns)}`);
    assert.equal(x.status, 201, x.text);
    const created = await s.req('GET', `/api/worklogs/${x.body.numbers[0]}/`, { token: user });
    assert.equal(created.body.workerName, 'Xlsx Worker');
    assert.equal(created.body.notes ?? '', '');
  });

  test('a bad columns parameter is a 400 on columns, translated; a required field left out is the missing column', async () => {
    const before = await snapshot(s.ctx);
    const file = csv([EN, row()]);
    const all = 'timestamp,action,warehouse,workerName,assortment,quantity,waybill,durationMinutes,notes';
    const cases: [string, string, string, RegExp][] = [
      ['an unknown field', all.replace('notes', 'origin'), 'en', /No field is named "origin"/],
      ['a field twice', all.replace('notes', 'action'), 'et', /Väli "action" on antud kahele veerule/],
      ['a field past the last column', `${all},,,notes`.replace(',notes,', ',,'), 'en', /The file has 9 columns/],
    ];
    for (const [name, columns, locale, message] of cases) {
      const r = await post(file, 'text/csv', `dryRun=false&columns=${encodeURIComponent(columns)}`, { 'accept-language': locale });
      assert.equal(r.status, 400, `${name}: ${r.text}`);
      assert.match(r.body.columns?.[0] ?? '', message, `${name}: ${r.text}`);
    }
    const missing = await post(file, 'text/csv', `dryRun=true&columns=${encodeURIComponent(all.replace('workerName', ''))}`);
    assert.equal(missing.status, 400, missing.text);
    assert.match(missing.body.file[0], /no column "Worker"/);
    assert.equal(await snapshot(s.ctx), before);
  });

  test('roles: as creating a worklog, any signed-in user (staff too); nobody anonymous', async () => {
    const staff = await s.staff();
    const asStaff = await post(csv([EN, row()]), 'text/csv', 'dryRun=true', {}, staff);
    assert.equal(asStaff.status, 200, asStaff.text);
    const anonymous = await post(csv([EN, row()]), 'text/csv', 'dryRun=true', {}, '');
    assert.equal(anonymous.status, 401);
    const template = await fetch(`${s.url}/api/worklogs/import/template/?format=csv`);
    assert.equal(template.status, 401);
  });

  test('fuzz: nothing is a 500 and nothing is written', async () => {
    const before = await snapshot(s.ctx);
    const cases: [string, Buffer | string | undefined, string, number, string?][] = [
      ['empty', '', 'text/csv', 400, 'file'],
      ['no body', undefined, 'text/csv', 400, 'file'],
      ['only headings', `${EN.join(',')}\r\n`, 'text/csv', 400, 'file'],
      ['blank lines', '\n\n\n', 'text/csv', 400, 'file'],
      ['binary garbage', randomBytes(4096), 'application/octet-stream', 400, 'file'],
      ['garbage that starts as a zip', Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), randomBytes(2000)]), XLSX, 400, 'file'],
      ['not UTF-8', Buffer.from([0x4f, 0xff, 0xfe, 0x2c, 0x41]), 'text/csv', 400, 'file'],
      ['a waybill file', 'Transport date,Origin,Destination\n2026-11-02,A,B\n', 'text/csv', 400, 'file'],
      ['no worker column', csv([EN.filter((h) => h !== 'Worker'), row().slice(0, 3)]), 'text/csv', 400, 'file'],
      ['JSON', '{"rows": []}', 'application/json', 415],
      ['too large', Buffer.alloc(IMPORT.maxBytes + 10, 0x41), 'text/csv', 400, 'file'],
      ['wrong types everywhere', csv([EN, ['x', '1', '2', '3', '4', '-5', '6', 'seven', '']]), 'text/csv', 400],
      ['a quote never closed', `${EN.join(',')}\n"2026-11-02 08:00,${row().slice(1).join(',')}`, 'text/csv', 400],
    ];
    for (const [name, body, type, status, field] of cases) {
      const r = await post(body, type, 'dryRun=false');
      assert.equal(r.status, status, `${name}: ${r.status} ${r.text.slice(0, 300)}`);
      if (field) assert.ok(r.body[field]?.[0], `${name}: ${r.text.slice(0, 300)}`);
    }
    const missing = await post(csv([EN.filter((h) => h !== 'Worker'), row().slice(0, 3)]), 'text/csv', 'dryRun=true', {
      'accept-language': 'et',
    });
    assert.match(missing.body.file[0], /Failis ei ole veergu "Töötaja"/);
    const bad = await post(csv([EN, row()]), 'text/csv', 'dryRun=maybe');
    assert.equal(bad.status, 400);
    assert.equal(await snapshot(s.ctx), before);
  });
});
