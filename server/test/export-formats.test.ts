import { test, before, after, describe } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import { randomUUID } from 'node:crypto';
import ExcelJS from 'exceljs';
import { parse } from 'csv-parse/sync';
import { startServer, type TestServer } from './helpers.js';
import { writeReport } from '../src/exports/report.js';
import { LocalTime, parsePgDate, parsePgTimestamp, spreadsheetSerial } from '../src/exports/local-time.js';
import { REPORTS } from '../src/reports.js';
import { t } from '../src/http/i18n.js';
import type { Locale } from '@timberlog/contract';

// Its own scope: the servers its hooks start are closed when its tests end, whatever else shares the process (test/run.ts).
describe('export-formats', () => {
  /**
   * The report files as the spreadsheet programs of their readers open them: read back with real
   * readers (exceljs, csv-parse), checking each cell's type and value.
   */
  let s: TestServer;
  const columns = REPORTS.waybill_report.columns;
  /** A spreadsheet column's letters: 19 → S, 35 → AI. */
  const columnLetters = (n: number): string =>
    (n > 26 ? columnLetters(Math.floor((n - 1) / 26)) : '') + String.fromCharCode(65 + ((n - 1) % 26));
  const col = (key: string) => columns.findIndex((c) => c.key === key);
  /** Two waybills with known values: a winter and a summer timestamp (Tallinn +02 and +03), decimals, text that needs quoting. */
  const ROWS = [
    {
      notes: 'zfmt one; two, "three"',
      createdAt: '2026-11-15T23:42:21.600Z',
      transportDate: '2026-03-29',
      quantity: '12.345',
      mileage: 250,
      // Tallinn: +02 in winter, so the next day.
      local: { et: '16.11.2026 01:42:21', en: '2026-11-16 01:42:21', utc: Date.UTC(2026, 10, 16, 1, 42, 21) },
      date: { et: '29.03.2026', en: '2026-03-29', utc: Date.UTC(2026, 2, 29) },
    },
    {
      notes: 'zfmt second',
      createdAt: '2026-07-01T12:00:00.999Z',
      transportDate: '2026-12-31',
      quantity: '7.000',
      mileage: 0,
      // +03 in summer; the milliseconds are dropped, not rounded.
      local: { et: '01.07.2026 15:00:00', en: '2026-07-01 15:00:00', utc: Date.UTC(2026, 6, 1, 15, 0, 0) },
      date: { et: '31.12.2026', en: '2026-12-31', utc: Date.UTC(2026, 11, 31) },
    },
  ];
  let numbers: string[] = [];

  before(async () => {
    s = await startServer();
    const rows = await s.ctx.db.selectFrom('waybills').select('number').orderBy('number').limit(ROWS.length).execute();
    numbers = rows.map((r) => r.number);
    for (const [i, r] of ROWS.entries()) {
      await s.ctx.db
        .updateTable('waybills')
        .set({ notes: r.notes, createdAt: r.createdAt, transportDate: r.transportDate, quantity: r.quantity, mileage: r.mileage })
        .where('number', '=', numbers[i]!)
        .execute();
    }
  });
  after(async () => {
    await s.close();
  });

  async function report(format: 'xlsx' | 'csv', locale: Locale, timeZone?: string): Promise<Buffer> {
    const result = await writeReport(s.ctx, REPORTS.waybill_report, {
      id: randomUUID(),
      format,
      filters: { search: 'zfmt', sort: ['number'] },
      locale,
      timeZone,
      onProgress: async () => undefined,
    });
    assert.equal(result.rowCount, ROWS.length);
    const bytes = fs.readFileSync(result.file);
    fs.rmSync(result.file);
    return bytes;
  }

  for (const locale of ['et', 'en'] as const) {
    test(`XLSX (${locale}): dates and timestamps are date cells, quantities numbers with their decimals; bold frozen heading with an autofilter; widths fit the headings`, async () => {
      const wb = new ExcelJS.Workbook();
      await wb.xlsx.load((await report('xlsx', locale)) as never);
      const sheet = wb.worksheets[0]!;
      assert.equal(sheet.actualRowCount, ROWS.length + 1);
      // The heading: bold, frozen below, the autofilter over every column and row.
      const heading = sheet.getRow(1);
      assert.deepEqual(
        (heading.values as unknown[]).slice(1),
        columns.map((c) => t(locale, c.header)),
      );
      for (let c = 1; c <= columns.length; c++) assert.equal(heading.getCell(c).font?.bold, true);
      assert.equal(sheet.getRow(2).getCell(1).font?.bold, undefined);
      assert.equal(sheet.views[0]?.state, 'frozen');
      assert.equal((sheet.views[0] as { ySplit?: number }).ySplit, 1);
      assert.equal(sheet.autoFilter, `A1:${columnLetters(columns.length)}${ROWS.length + 1}`);
      for (const [i, c] of columns.entries()) {
        const width = sheet.getColumn(i + 1).width ?? 0;
        assert.ok(width >= t(locale, c.header).length + 2, `${c.key}: width ${width}`);
      }
      const formats = locale === 'et' ? ['dd.mm.yyyy', 'dd.mm.yyyy hh:mm:ss'] : ['dd/mm/yyyy', 'dd/mm/yyyy hh:mm:ss'];
      for (const [i, r] of ROWS.entries()) {
        const row = sheet.getRow(i + 2);
        const cell = (key: string) => row.getCell(col(key) + 1);
        assert.equal(cell('number').value, numbers[i]);
        // exceljs gives a date cell's wall-clock time as a UTC Date.
        assert.equal(cell('transportDate').type, ExcelJS.ValueType.Date);
        assert.equal((cell('transportDate').value as Date).getTime(), r.date.utc);
        assert.equal(cell('transportDate').numFmt, formats[0]);
        assert.equal(cell('createdAt').type, ExcelJS.ValueType.Date);
        assert.equal((cell('createdAt').value as Date).toISOString(), new Date(r.local.utc).toISOString());
        assert.equal(cell('createdAt').numFmt, formats[1]);
        assert.equal(cell('quantity').type, ExcelJS.ValueType.Number);
        assert.equal(cell('quantity').value, Number(r.quantity));
        assert.equal(cell('quantity').numFmt, '0.000');
        assert.equal(cell('mileage').type, ExcelJS.ValueType.Number);
        assert.equal(cell('mileage').value, r.mileage);
        assert.equal(cell('notes').type, ExcelJS.ValueType.String);
        assert.equal(cell('notes').value, r.notes);
      }
    });
  }

  const DIALECTS = { et: ';', en: ',' } as const;

  for (const locale of ['et', 'en'] as const) {
    test(`CSV (${locale}): UTF-8 with a BOM, separated by "${DIALECTS[locale]}", decimals, dates and local times in the language's form`, async () => {
      const bytes = await report('csv', locale);
      assert.deepEqual([...bytes.subarray(0, 3)], [0xef, 0xbb, 0xbf]);
      const records = parse(bytes, { bom: true, delimiter: DIALECTS[locale], relax_column_count: false }) as string[][];
      assert.equal(records.length, ROWS.length + 1);
      assert.deepEqual(
        records[0],
        columns.map((c) => t(locale, c.header)),
      );
      for (const [i, r] of ROWS.entries()) {
        const record = records[i + 1]!;
        assert.equal(record.length, columns.length);
        assert.equal(record[col('number')], numbers[i]);
        assert.equal(record[col('notes')], r.notes);
        assert.equal(record[col('createdAt')], r.local[locale]);
        assert.equal(record[col('transportDate')], r.date[locale]);
        assert.equal(record[col('quantity')], locale === 'et' ? r.quantity.replace('.', ',') : r.quantity);
        assert.equal(record[col('mileage')], String(r.mileage));
        assert.match(record[col('status')]!, /\S/);
      }
      // What a spreadsheet program of that language reads the cells as: numbers and dates.
      const read = parse(bytes, {
        bom: true,
        delimiter: DIALECTS[locale],
        from_line: 2,
        cast: (value, context) => {
          if (context.index === col('quantity')) return Number(locale === 'et' ? value.replace(',', '.') : value);
          if (context.index === col('createdAt')) {
            const m =
              locale === 'et'
                ? /^(\d\d)\.(\d\d)\.(\d{4}) (\d\d):(\d\d):(\d\d)$/.exec(value)
                : /^(\d{4})-(\d\d)-(\d\d) (\d\d):(\d\d):(\d\d)$/.exec(value);
            assert.ok(m, value);
            const [d, mo, y] = locale === 'et' ? [m[1], m[2], m[3]] : [m[3], m[2], m[1]];
            return Date.UTC(Number(y), Number(mo) - 1, Number(d), Number(m[4]), Number(m[5]), Number(m[6]));
          }
          return value;
        },
      }) as unknown[][];
      assert.deepEqual(
        read.map((r) => [r[col('quantity')], r[col('createdAt')]]),
        ROWS.map((r) => [Number(r.quantity), r.local.utc]),
      );
    });
  }

  test("timestamps follow the server's export time zone (EXPORT_TIME_ZONE): UTC writes them as stored, without milliseconds", async () => {
    const records = parse(await report('csv', 'en', 'UTC'), { bom: true, from_line: 2 }) as string[][];
    assert.deepEqual(
      records.map((r) => r[col('createdAt')]),
      ['2026-11-15 23:42:21', '2026-07-01 12:00:00'],
    );
  });

  test('local time: PostgreSQL timestamps read with any offset, Tallinn across its daylight-saving changes, spreadsheet serials', () => {
    assert.equal(parsePgTimestamp('2026-11-20 08:15:00.123456+00'), Date.UTC(2026, 10, 20, 8, 15, 0));
    assert.equal(parsePgTimestamp('2026-11-20 10:15:00+02'), Date.UTC(2026, 10, 20, 8, 15, 0));
    assert.equal(parsePgTimestamp('2026-11-20 13:45:00.5+05:30'), Date.UTC(2026, 10, 20, 8, 15, 0));
    assert.equal(parsePgTimestamp('2026-11-20 05:15:00-03'), Date.UTC(2026, 10, 20, 8, 15, 0));
    assert.ok(Number.isNaN(parsePgTimestamp('infinity')));
    assert.ok(Number.isNaN(parsePgTimestamp('12026-11-20 05:15:00+00')));
    assert.ok(Number.isNaN(parsePgTimestamp('0044-03-15 12:00:00+00 BC')));
    // Digit by digit, as Date reads the same text, over four centuries of days and every offset form.
    for (let day = -60_000; day < 100_000; day += 37) {
      const at = day * 86_400_000 + ((day * 7919) % 86_400) * 1000;
      const iso = new Date(at).toISOString();
      assert.equal(parsePgTimestamp(`${iso.slice(0, 10)} ${iso.slice(11, 19)}.25+00`), at, iso);
      assert.equal(parsePgTimestamp(`${iso.slice(0, 10)} ${iso.slice(11, 19)}+00:00:00`), at, iso);
      assert.equal(
        parsePgDate(iso.slice(0, 10)),
        Date.UTC(Number(iso.slice(0, 4)), Number(iso.slice(5, 7)) - 1, Number(iso.slice(8, 10))),
        iso,
      );
    }
    assert.equal(parsePgDate('2026-11-20'), Date.UTC(2026, 10, 20));
    assert.ok(Number.isNaN(parsePgDate('-infinity')));
    const tallinn = new LocalTime('Europe/Tallinn');
    const wall = (iso: string) => new Date(tallinn.wallClock(Date.parse(iso))).toISOString().slice(0, 19);
    // Summer time starts 2026-03-29 at 01:00 UTC (03:00 local becomes 04:00) and ends 2026-10-25 at 01:00 UTC.
    assert.equal(wall('2026-03-29T00:59:59Z'), '2026-03-29T02:59:59');
    assert.equal(wall('2026-03-29T01:00:00Z'), '2026-03-29T04:00:00');
    assert.equal(wall('2026-10-25T00:59:59Z'), '2026-10-25T03:59:59');
    assert.equal(wall('2026-10-25T01:00:00Z'), '2026-10-25T03:00:00');
    assert.equal(spreadsheetSerial(Date.UTC(1970, 0, 1)), 25569);
    assert.equal(spreadsheetSerial(Date.UTC(2026, 10, 16, 12)), 46342.5);
  });
});
