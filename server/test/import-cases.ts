/**
 * The rules every spreadsheet import keeps (imports/importer.ts), as tests registered for one kind
 * of record: `importCases(record)` inside the record's `describe`, with the record described by an
 * ImportRecordCase. The record's own rules stay in its test file.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import ExcelJS from 'exceljs';
import { sql } from 'kysely';
import { IMPORT } from '@timberlog/contract';
import { snapshot, waitFor, type TestServer } from './helpers.js';

export const XLSX = IMPORT.xlsxType;

/** The server of the test file and its signed-in user's token (known once its `before` has run). */
export interface ImportServer {
  s: TestServer;
  user: string;
}

/** A row's cells by name (each record's own names; every record has `assortment` and `notes`). */
export type RowOver = Partial<Record<string, string>>;

export type ImportPost = (
  body: Buffer | string | undefined,
  type: string,
  query: string,
  headers?: Record<string, string>,
  token?: string,
) => Promise<{ status: number; body: any; text: string }>;

/** Posts a file to `${path}/import/` as the user (or as `token`; '' for nobody). */
export function importPoster(server: () => ImportServer, path: string): ImportPost {
  return async (body, type, query, headers = {}, token = server().user) => {
    const res = await fetch(`${server().s.url}${path}/import/?${query}`, {
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
  };
}

/** An import's answer as the client ends up with it: a background job's (202) result once the job is done. */
export async function settled(server: ImportServer, answer: { status: number; body: any; text: string }) {
  if (answer.status !== 202) return answer;
  const job = await waitFor(
    async () => {
      const j = await server.s.req('GET', `/api/batch-jobs/${answer.body.id}/`, { token: server.user });
      return j.body.state === 'done' || j.body.state === 'failed' ? j.body : undefined;
    },
    60_000,
    'the import job',
  );
  assert.equal(job.state, 'done', JSON.stringify(job));
  const status = job.result.dryRun ? 200 : job.result.invalid > 0 ? 400 : 201;
  return { status, body: job.result, text: JSON.stringify(job.result) };
}

export const csv = (rows: string[][], sep = ',') =>
  rows
    .map((r) => r.map((c) => (c.includes(sep) || c.includes('"') || c.includes('\n') ? `"${c.replace(/"/g, '""')}"` : c)).join(sep))
    .join('\r\n');

export type FuzzCase = [name: string, body: Buffer | string | undefined, type: string, status: number, field?: string];

/** One kind of record's import, as the shared tests need it. */
export interface ImportRecordCase {
  /** The record's name: the history entity, and the trigger's name. */
  name: 'waybill' | 'worklog';
  /** The records' API path, e.g. '/api/waybills'. */
  path: string;
  /** The records' table. */
  table: string;
  server: () => ImportServer;
  /** The headings in English and in Estonian. */
  EN: string[];
  ET: string[];
  /** A valid row, with cells by name changed. */
  row: (over?: RowOver) => string[];
  /** The pattern of a record's number. */
  number: RegExp;
  /** The dry run with a BOM: the second row's changes besides its note (what a file may spell its own way). */
  lenient?: RowOver;
  /** Semicolons and decimal commas: what else the test title names, and the rows (below the Estonian headings). */
  dialect: { title: string; rows: () => string[][] };
  /** Problems by row: rows 4 to 7 (row 7 a formula in a note), each row's fields with a problem, and one problem's message. */
  problems: { rows: () => string[][]; fields: Record<4 | 5 | 6 | 7, string[]>; message: { field: string; match: RegExp } };
  /** The real run: the file's name, its two rows, and the checks of the second row's record as read back. */
  realRun: { file: string; rows: () => string[][]; check: (created: any) => Promise<void> | void };
  /** A failure while writing: the column the trigger refuses 'Boom' in, and the row's change that puts it there. */
  boom: { column: string; over: RowOver };
  /** XLSX: what else the title names, the sheet's name, its two rows (the second with a formula), the formula's field, and the templates read back. */
  xlsx: {
    title: string;
    sheet: string;
    rows: () => unknown[][];
    formula: string;
    templates: (readonly ['csv' | 'xlsx', 'en' | 'et'])[];
    fileStem: { en: string; et: string };
    /** The Estonian CSV template's headings (every column, the optional ones too). */
    templateEt: string[];
  };
  /** The export whose file imports again (the path and query of its report). */
  exportUrl: () => string;
  /** A row of the background job's rows by its index. */
  batchRow: (i: number) => string[];
  /** The columns parameter. */
  columns: {
    /** Headings none of the known ones, and the parameter that names their fields. */
    headings: string[];
    param: string;
    /** Two rows under the headings, the second with a problem on `invalid`. */
    rows: () => string[][];
    invalid: string;
    /** Without the parameter, the file's problem (when checked). */
    unmapped?: RegExp;
    /** A known heading read past when the parameter names another field for its column (when checked). */
    swapped?: { param: string; message: RegExp };
    /** An XLSX row under the headings, imported, and the checks of its record as read back. */
    xlsxRow: () => unknown[];
    xlsxFile: string;
    check: (created: any) => void;
  };
  /** A bad columns parameter: every field by position, the bad ones with their language and message, and a required one left out. */
  badColumns: {
    all: string;
    cases: [name: string, columns: string, locale: string, message: RegExp][];
    missing: { field: string; locale: string; message: RegExp };
  };
  /** Fuzz: the record's own cases besides the common ones, the first cell of a row whose quote never closes, and checks after. */
  fuzz: { cases: () => FuzzCase[]; unclosedFirstCell: string; after?: (post: ImportPost) => Promise<void> };
}

/** Registers the tests every import keeps (call it inside the record's `describe`). */
export function importCases(record: ImportRecordCase): void {
  const { EN, ET, row } = record;
  const post = importPoster(record.server, record.path);
  const s = () => record.server().s;
  const user = () => record.server().user;
  const count = async () =>
    (await sql<{ n: number }>`SELECT count(*)::int AS n FROM ${sql.table(record.table)}`.execute(s().ctx.db)).rows[0]!.n;

  test('CSV with commas, a decimal point and a byte-order mark: a dry run checks and writes nothing', async () => {
    const before = await snapshot(s().ctx);
    const r = await post(
      `\ufeff${csv([EN, row(), row({ notes: 'A note, with a comma\nand a line', ...record.lenient })])}`,
      'text/csv',
      'dryRun=true',
    );
    assert.equal(r.status, 200, r.text);
    assert.deepEqual(r.body, { dryRun: true, file: null, rows: 2, valid: 2, invalid: 0, errors: [], imported: 0, numbers: [] });
    assert.equal(await snapshot(s().ctx), before);
  });

  test(`CSV with semicolons, decimal commas, ${record.dialect.title}`, async () => {
    const r = await post(csv([ET, ...record.dialect.rows()], ';'), 'text/csv', 'dryRun=true');
    assert.equal(r.status, 200, r.text);
    assert.equal(r.body.valid, 2, JSON.stringify(r.body.errors));
  });

  test('problems by the row number the spreadsheet shows, on the field, translated', async () => {
    const rows = [EN, row(), [], ...record.problems.rows()];
    const r = await post(csv(rows), 'text/csv', 'dryRun=true', { 'accept-language': 'et' });
    assert.equal(r.status, 200, r.text);
    assert.equal(r.body.rows, 5);
    assert.equal(r.body.valid, 1);
    const by = (line: number) => r.body.errors.filter((e: { row: number }) => e.row === line).map((e: { field: string }) => e.field);
    for (const line of [4, 5, 6, 7] as const) assert.deepEqual(by(line), record.problems.fields[line], `row ${line}`);
    const { field, match } = record.problems.message;
    assert.match(r.body.errors.find((e: { field: string }) => e.field === field).message, match);
    assert.match(r.body.errors.find((e: { row: number }) => e.row === 7).message, /Valemit/);
  });

  test('the real run writes every row in one transaction, each with an import history entry naming the file', async () => {
    const before = await count();
    const { file } = record.realRun;
    const r = await post(csv([EN, ...record.realRun.rows()]), 'text/csv', 'dryRun=false', {
      'content-disposition': `attachment; filename="${file}"`,
    });
    assert.equal(r.status, 201, r.text);
    assert.equal(r.body.imported, 2);
    assert.equal(r.body.file, file);
    assert.equal(await count(), before + 2);
    const w = await s().req('GET', `${record.path}/${r.body.numbers[1]}/`, { token: user() });
    assert.equal(w.status, 200, w.text);
    assert.match(w.body.number, record.number);
    await record.realRun.check(w.body);
    const h = await s().req('GET', `${record.path}/${r.body.numbers[0]}/history/`, { token: user() });
    assert.equal(h.status, 200, h.text);
    assert.equal(h.body.results[0].via, 'import');
    assert.equal(h.body.results[0].action, 'created');
    assert.equal(h.body.results[0].reason, file);
    assert.equal(h.body.results[0].actor.email, 'user@timberlog.ee');
  });

  test('a problem in the last row writes nothing', async () => {
    const before = await snapshot(s().ctx);
    const rows = [EN, ...Array.from({ length: 20 }, () => row()), row({ assortment: 'NO-SUCH' })];
    const r = await post(csv(rows), 'text/csv', 'dryRun=false&filename=bad.csv');
    assert.equal(r.status, 400, r.text);
    assert.equal(r.body.invalid, 1);
    assert.equal(r.body.errors[0].row, 22);
    assert.equal(r.body.imported, 0);
    assert.equal(await snapshot(s().ctx), before);
  });

  test('a failure while writing the last row writes nothing either (and is no 500)', async () => {
    const fn = `refuse_boom_${record.name}`;
    await sql
      .raw(`CREATE FUNCTION ${fn}() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN
      IF NEW.${record.boom.column} = 'Boom' THEN RAISE EXCEPTION 'boom' USING ERRCODE = 'check_violation'; END IF; RETURN NEW; END $$;
      CREATE TRIGGER ${fn} BEFORE INSERT ON ${record.table} FOR EACH ROW EXECUTE FUNCTION ${fn}();`)
      .execute(s().ctx.db);
    try {
      const before = await snapshot(s().ctx);
      const r = await post(csv([EN, row(), row(), row(record.boom.over)]), 'text/csv', 'dryRun=false');
      assert.equal(r.status, 400, r.text);
      assert.equal(await snapshot(s().ctx), before);
    } finally {
      await sql.raw(`DROP TRIGGER ${fn} ON ${record.table}; DROP FUNCTION ${fn}();`).execute(s().ctx.db);
    }
  });

  test(`XLSX: ${record.xlsx.title}; formulas refused; the template reads back`, async () => {
    const wb = new ExcelJS.Workbook();
    const sheet = wb.addWorksheet(record.xlsx.sheet);
    sheet.addRow(EN);
    for (const cells of record.xlsx.rows()) sheet.addRow(cells);
    const r = await post(Buffer.from(await wb.xlsx.writeBuffer()), XLSX, 'dryRun=true');
    assert.equal(r.status, 200, r.text);
    assert.equal(r.body.valid, 1);
    assert.deepEqual(
      r.body.errors.map((e: { row: number; field: string }) => [e.row, e.field]),
      [[3, record.xlsx.formula]],
    );
    for (const [format, locale] of record.xlsx.templates) {
      const t = await fetch(`${s().url}${record.path}/import/template/?format=${format}`, {
        headers: { authorization: `Bearer ${user()}`, 'accept-language': locale },
      });
      assert.equal(t.status, 200);
      assert.equal(t.headers.get('content-disposition'), `attachment; filename="${record.xlsx.fileStem[locale]}.${format}"`);
      const file = Buffer.from(await t.arrayBuffer());
      if (format === 'csv' && locale === 'et') assert.equal(file.toString('utf8'), `\ufeff${record.xlsx.templateEt.join(';')}\r\n`);
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
      const e = await s().req('POST', record.exportUrl(), {
        token: user(),
        body: { format },
        headers: { 'accept-language': locale },
      });
      assert.equal(e.status, 201, e.text);
      const done = await waitFor(async () => {
        const r = await s().req('GET', `/api/export-requests/${e.body.id}/`, { token: user() });
        return r.body.inProgress ? undefined : r.body;
      });
      assert.equal(done.failed, false);
      assert.ok(done.rowCount > 0);
      const file = Buffer.from(await (await fetch(new URL(done.fileUrl, s().url))).arrayBuffer());
      const r = await settled(record.server(), await post(file, format === 'csv' ? 'text/csv' : XLSX, 'dryRun=true'));
      assert.equal(r.status, 200, `${format} ${locale}: ${r.text.slice(0, 500)}`);
      assert.equal(r.body.rows, done.rowCount);
      assert.equal(r.body.valid, done.rowCount, JSON.stringify(r.body.errors.slice(0, 3)));
    }
  });

  test(`a check of more than ${IMPORT.inlineMaxRows} rows is a background job too: no request holds a connection for the whole file`, async () => {
    const before = await snapshot(s().ctx);
    const rows = [EN, ...Array.from({ length: 250 }, (_, i) => record.batchRow(i)), row({ assortment: 'NOPE' })];
    const r = await post(csv(rows), 'text/csv', 'dryRun=true&filename=big.csv');
    assert.equal(r.status, 202, r.text);
    assert.equal(r.body.kind, 'import');
    const checked = await settled(record.server(), r);
    assert.deepEqual([checked.body.dryRun, checked.body.rows, checked.body.valid, checked.body.invalid], [true, 251, 250, 1]);
    assert.deepEqual(
      checked.body.errors.map((e: { row: number; field: string }) => [e.row, e.field]),
      [[252, 'assortment']],
    );
    // A real run with a bad row: the job writes nothing and answers the problems.
    const real = await settled(record.server(), await post(csv(rows), 'text/csv', 'dryRun=false&filename=big.csv'));
    assert.equal(real.status, 400);
    assert.deepEqual([real.body.imported, real.body.invalid], [0, 1]);
    assert.equal(await snapshot(s().ctx), before);
  });

  test(`more than ${IMPORT.inlineMaxRows} rows are written by a background job, all in one transaction`, async () => {
    const before = await count();
    const rows = [EN, ...Array.from({ length: 250 }, (_, i) => record.batchRow(i))];
    const r = await post(csv(rows), 'text/csv', 'dryRun=false&filename=big.csv');
    assert.equal(r.status, 202, r.text);
    assert.equal(r.body.kind, 'import');
    const job = await waitFor(
      async () => {
        const j = await s().req('GET', `/api/batch-jobs/${r.body.id}/`, { token: user() });
        return j.body.state === 'done' || j.body.state === 'failed' ? j.body : undefined;
      },
      60_000,
      'the import job',
    );
    assert.equal(job.state, 'done', JSON.stringify(job));
    assert.equal(job.result.imported, 250);
    assert.match(job.result.numbers[0], record.number);
    assert.equal(await count(), before + 250);
    const vias = await sql<{ via: string; reason: string }>`SELECT DISTINCT via, reason FROM history WHERE entity = ${record.name}
      AND record_key = ANY(${job.result.numbers})`.execute(s().ctx.db);
    assert.deepEqual(vias.rows, [{ via: 'import', reason: 'big.csv' }]);
  });

  test('columns names the field of each column by position: CSV and XLSX with headings of their own', async () => {
    const c = record.columns;
    const before = await snapshot(s().ctx);
    const text = csv([c.headings, ...c.rows()]);
    if (c.unmapped) {
      const plain = await post(text, 'text/csv', 'dryRun=true');
      assert.equal(plain.status, 400, plain.text);
      assert.match(plain.body.file[0], c.unmapped);
    }
    const r = await post(text, 'text/csv', `dryRun=true&columns=${encodeURIComponent(c.param)}`);
    assert.equal(r.status, 200, r.text);
    assert.deepEqual([r.body.rows, r.body.valid], [2, 1]);
    assert.deepEqual(
      r.body.errors.map((e: { row: number; field: string }) => [e.row, e.field]),
      [[3, c.invalid]],
    );
    if (c.swapped) {
      // Headings a known one names are read past too: the fields are the parameter's alone.
      const swapped = await post(csv([EN, row()]), 'text/csv', `dryRun=true&columns=${encodeURIComponent(c.swapped.param)}`);
      assert.equal(swapped.status, 400, swapped.text);
      assert.match(swapped.body.file[0], c.swapped.message);
    }
    assert.equal(await snapshot(s().ctx), before);

    const wb = new ExcelJS.Workbook();
    const sheet = wb.addWorksheet(record.xlsx.sheet);
    sheet.addRow(c.headings);
    sheet.addRow(c.xlsxRow());
    const body = Buffer.from(await wb.xlsx.writeBuffer());
    const x = await post(body, XLSX, `dryRun=false&filename=${c.xlsxFile}&columns=${encodeURIComponent(c.param)}`);
    assert.equal(x.status, 201, x.text);
    assert.equal(x.body.imported, 1);
    const created = await s().req('GET', `${record.path}/${x.body.numbers[0]}/`, { token: user() });
    c.check(created.body);
  });

  test('a bad columns parameter is a 400 on columns, translated; a required field left out is the missing column', async () => {
    const { all, cases, missing: left } = record.badColumns;
    const before = await snapshot(s().ctx);
    const file = csv([EN, row()]);
    for (const [name, columns, locale, message] of cases) {
      const r = await post(file, 'text/csv', `dryRun=false&columns=${encodeURIComponent(columns)}`, { 'accept-language': locale });
      assert.equal(r.status, 400, `${name}: ${r.text}`);
      assert.match(r.body.columns?.[0] ?? '', message, `${name}: ${r.text}`);
    }
    const extra = await post(file, 'text/csv', `dryRun=true&columns=${encodeURIComponent(`${all},,,`)}`);
    assert.equal(extra.status, 200, extra.text);
    const missing = await post(file, 'text/csv', `dryRun=true&columns=${encodeURIComponent(all.replace(left.field, ''))}`, {
      'accept-language': left.locale,
    });
    assert.equal(missing.status, 400, missing.text);
    assert.match(missing.body.file[0], left.message);
    for (const columns of ['', ',,,', ' , ', 'x'.repeat(3000), '%00', 'transportDate,'.repeat(100)]) {
      const r = await post(file, 'text/csv', `dryRun=false&columns=${encodeURIComponent(columns)}`);
      assert.equal(r.status, 400, `${JSON.stringify(columns.slice(0, 40))}: ${r.text}`);
    }
    const twice = await post(file, 'text/csv', 'dryRun=true&columns=origin&columns=destination');
    assert.equal(twice.status, 400, twice.text);
    assert.equal(await snapshot(s().ctx), before);
  });

  test('fuzz: nothing is a 500 and nothing is written', async () => {
    const before = await snapshot(s().ctx);
    const cases: FuzzCase[] = [
      ['empty', '', 'text/csv', 400, 'file'],
      ['no body', undefined, 'text/csv', 400, 'file'],
      ['only headings', `${EN.join(',')}\r\n`, 'text/csv', 400, 'file'],
      ['blank lines', '\n\n\n', 'text/csv', 400, 'file'],
      ['binary garbage', randomBytes(4096), 'application/octet-stream', 400, 'file'],
      ['garbage that starts as a zip', Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), randomBytes(2000)]), XLSX, 400, 'file'],
      ['not UTF-8', Buffer.from([0x4f, 0xff, 0xfe, 0x2c, 0x41]), 'text/csv', 400, 'file'],
      ...record.fuzz.cases(),
      ['JSON', '{"rows": []}', 'application/json', 415],
      ['too large', Buffer.alloc(IMPORT.maxBytes + 10, 0x41), 'text/csv', 400, 'file'],
      ['wrong types everywhere', csv([EN, ['x', '1', '2', '3', '4', '-5', '6', 'seven', '']]), 'text/csv', 400],
      ['a quote never closed', `${EN.join(',')}\n"${record.fuzz.unclosedFirstCell},${row().slice(1).join(',')}`, 'text/csv', 400],
    ];
    for (const [name, body, type, status, field] of cases) {
      const r = await post(body, type, 'dryRun=false');
      assert.equal(r.status, status, `${name}: ${r.status} ${r.text.slice(0, 300)}`);
      if (field) assert.ok(r.body[field]?.[0], `${name}: ${r.text.slice(0, 300)}`);
    }
    await record.fuzz.after?.(post);
    const bad = await post(csv([EN, row()]), 'text/csv', 'dryRun=maybe');
    assert.equal(bad.status, 400);
    assert.equal(await snapshot(s().ctx), before);
  });
}
