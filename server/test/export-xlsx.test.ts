import { test, after, describe } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { execFileSync } from 'node:child_process';
import { Writable } from 'node:stream';
import { finished } from 'node:stream/promises';
import ExcelJS from 'exceljs';
import { XLSX_MAX_ROWS, XlsxWriter, type XlsxCell } from '../src/exports/xlsx.js';

// Its own scope: the servers its hooks start are closed when its tests end, whatever else shares the process (test/run.ts).
describe('export-xlsx', () => {
  /** The streaming XLSX writer (and its zip) on its own: what a spreadsheet reader makes of its files. */
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'timberlog-xlsx-'));
  after(() => fs.rmSync(dir, { recursive: true, force: true }));

  async function write(name: string, rows: XlsxCell[][], opts: { sheetName?: string; forceZip64?: boolean } = {}) {
    const file = path.join(dir, name);
    const out = fs.createWriteStream(file);
    const columns = [
      { header: 'Number', width: 16 },
      { header: 'Quantity <m³>', width: 10 },
      { header: 'Notes & remarks', width: 30 },
    ];
    const writer = await XlsxWriter.create(out, { sheetName: opts.sheetName ?? 'Waybills', columns, forceZip64: opts.forceZip64 });
    // Two calls, as the report writes its batches.
    await writer.addRows(rows.slice(0, 1), (row, i) => row[i]);
    await writer.addRows(rows.slice(1), (row, i) => row[i]);
    await writer.finish();
    out.end();
    await finished(out);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(fs.readFileSync(file) as never);
    return { file, sheet: workbook.worksheets[0]! };
  }

  const ROWS: XlsxCell[][] = [
    ['B-0000001', 25.5, 'Plain'],
    ['B-0000002', 0, null],
    ['=SUM(A1:A2)', -3, ''],
  ];

  test('opens in a spreadsheet reader: the bold, frozen heading, column widths, numbers as numbers, text as text, every row', async () => {
    const { sheet } = await write('plain.xlsx', ROWS);
    assert.equal(sheet.name, 'Waybills');
    assert.equal(sheet.actualRowCount, ROWS.length + 1);
    assert.deepEqual((sheet.getRow(1).values as unknown[]).slice(1), ['Number', 'Quantity <m³>', 'Notes & remarks']);
    assert.equal(sheet.getRow(1).getCell(1).font?.bold, true);
    assert.notEqual(sheet.getRow(2).getCell(1).font?.bold, true);
    assert.equal(sheet.views[0]?.state, 'frozen');
    assert.equal((sheet.views[0] as { ySplit?: number }).ySplit, 1);
    // The autofilter spans the heading and every row.
    assert.equal(sheet.autoFilter, 'A1:C4');
    assert.deepEqual(
      [1, 2, 3].map((c) => sheet.getColumn(c).width),
      [16, 10, 30],
    );
    const b2 = sheet.getRow(2).getCell(2);
    assert.equal(b2.type, ExcelJS.ValueType.Number);
    assert.equal(b2.value, 25.5);
    assert.equal(sheet.getRow(3).getCell(2).value, 0);
    assert.equal(sheet.getRow(2).getCell(1).type, ExcelJS.ValueType.String);
    // Null and '' leave the cell empty.
    assert.equal(sheet.getRow(3).getCell(3).type, ExcelJS.ValueType.Null);
    assert.equal(sheet.getRow(4).getCell(3).type, ExcelJS.ValueType.Null);
    // Text that looks like a formula stays text.
    const a4 = sheet.getRow(4).getCell(1);
    assert.equal(a4.type, ExcelJS.ValueType.String);
    assert.equal(a4.value, '=SUM(A1:A2)');
    assert.equal(sheet.getRow(4).getCell(2).value, -3);
  });

  test("a column's number format: date serials read back as dates, decimals keep their places; text in such a column stays text", async () => {
    const file = path.join(dir, 'formats.xlsx');
    const out = fs.createWriteStream(file);
    const writer = await XlsxWriter.create(out, {
      sheetName: 'Formats',
      columns: [
        { header: 'Date', width: 12, numberFormat: 'dd.mm.yyyy' },
        { header: 'Time', width: 20, numberFormat: 'dd.mm.yyyy hh:mm:ss' },
        { header: 'Quantity', width: 10, numberFormat: '0.000' },
        { header: 'Plain', width: 10 },
      ],
    });
    // 46342 is 2026-11-16; .5 its noon.
    const rows: XlsxCell[][] = [
      [46342, 46342.5, 12.5, 3],
      ['not a date', null, 0.125, 4.5],
    ];
    await writer.addRows(rows, (row, i) => row[i]);
    await writer.finish();
    out.end();
    await finished(out);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(fs.readFileSync(file) as never);
    const sheet = workbook.worksheets[0]!;
    const [date, time, quantity, plain] = [1, 2, 3, 4].map((c) => sheet.getRow(2).getCell(c));
    assert.equal(date!.type, ExcelJS.ValueType.Date);
    assert.equal((date!.value as Date).toISOString(), '2026-11-16T00:00:00.000Z');
    assert.equal(date!.numFmt, 'dd.mm.yyyy');
    assert.equal((time!.value as Date).toISOString(), '2026-11-16T12:00:00.000Z');
    assert.equal(time!.numFmt, 'dd.mm.yyyy hh:mm:ss');
    assert.equal(quantity!.type, ExcelJS.ValueType.Number);
    assert.equal(quantity!.numFmt, '0.000');
    assert.equal(plain!.numFmt, undefined);
    assert.equal(sheet.getRow(3).getCell(1).value, 'not a date');
    assert.equal(sheet.getRow(3).getCell(3).value, 0.125);
    assert.equal(sheet.autoFilter, 'A1:D3');
  });

  test('text survives as written: <&>" kept, line breaks and edge spaces kept, characters XML 1.0 cannot carry dropped', async () => {
    const notes = [
      'a < b && c > d "quoted" \'single\'',
      '  spaces around  ',
      'line one\nline two\r\nline three\ttabbed',
      'bell\u0007 null\u0000 escape\u001b vertical\u000b lone\ud800 surrogate \udc00 end\uffff',
      'õäöü šž 😀 € ≥',
      '</t></is></c><c r="Z9"><v>1</v></c>',
    ];
    const { sheet } = await write(
      'text.xlsx',
      notes.map((n, i) => [`B-${i}`, i, n]),
      { sheetName: 'Veo: lehed/[2026]?' },
    );
    assert.equal(sheet.name, 'Veo  lehed  2026');
    assert.equal(sheet.actualRowCount, notes.length + 1);
    const got = notes.map((_, i) => sheet.getRow(i + 2).getCell(3).value);
    assert.deepEqual(got, [
      notes[0],
      notes[1],
      'line one\nline two\nline three\ttabbed', // an XML reader turns CR LF into LF
      'bell null escape vertical lone surrogate  end',
      notes[4],
      notes[5],
    ]);
    // The injected markup stayed text: no cell Z9.
    assert.equal(sheet.getRow(9).getCell(26).value, null);
  });

  test('the zip64 form (written for sheets past 4 GiB) opens too', async () => {
    const { file, sheet } = await write('zip64.xlsx', ROWS, { forceZip64: true });
    assert.equal(sheet.actualRowCount, ROWS.length + 1);
    assert.equal(sheet.getRow(2).getCell(2).value, 25.5);
    const bytes = fs.readFileSync(file);
    // The zip64 end of central directory record and its locator.
    assert.ok(bytes.includes(Buffer.from([0x50, 0x4b, 0x06, 0x06])));
    assert.ok(bytes.includes(Buffer.from([0x50, 0x4b, 0x06, 0x07])));
  });

  test('a sheet takes at most 1,048,576 rows (the heading and 1,048,575 more)', async () => {
    const out = fs.createWriteStream(path.join(dir, 'full.xlsx'));
    // Destroyed with a write under way, the file stream reports it (as the report's stream does).
    out.on('error', () => undefined);
    const writer = await XlsxWriter.create(out, { sheetName: 'Full', columns: [{ header: 'A', width: 5 }] });
    // Refused before anything is written: the rows are never read.
    await assert.rejects(
      writer.addRows(new Array<XlsxCell[]>(XLSX_MAX_ROWS), () => 1),
      /at most 1048576 rows/,
    );
    writer.destroy();
    out.destroy();
  });

  const unzip = ['/usr/bin/unzip', '/bin/unzip'].find((p) => fs.existsSync(p));

  test("both forms pass a zip tool's test of every entry (CRCs and sizes), the zip64 one with its zip64 records", {
    skip: !unzip && 'no unzip here',
  }, async () => {
    for (const forceZip64 of [false, true]) {
      const { file } = await write(`unzip-${forceZip64}.xlsx`, ROWS, { forceZip64 });
      const out = execFileSync(unzip!, ['-t', file], { encoding: 'utf8' });
      assert.match(out, /No errors detected/);
      assert.match(out, /testing: xl\/worksheets\/sheet1\.xml +OK/);
      const listing = execFileSync('zipinfo', ['-v', file], { encoding: 'utf8' });
      // The zip64 extra field (64-bit sizes and offset) in the central directory, only in that form.
      assert.equal(/PKWARE 64-bit sizes/.test(listing), forceZip64);
    }
  });

  test('deflate level 1 unless told: a level 9 file of the same rows is smaller', async () => {
    const rows: XlsxCell[][] = Array.from({ length: 3000 }, (_, i) => [`B-${i}`, i, `Driver ${i % 97} from ${i % 13} to ${i % 7}`]);
    const sizes: number[] = [];
    for (const level of [undefined, 9]) {
      const file = path.join(dir, `level-${level ?? 'default'}.xlsx`);
      const out = fs.createWriteStream(file);
      const writer = await XlsxWriter.create(out, {
        sheetName: 'L',
        columns: [
          { header: 'A', width: 5 },
          { header: 'B', width: 5 },
          { header: 'C', width: 5 },
        ],
        level,
      });
      await writer.addRows(rows, (row, i) => row[i]);
      await writer.finish();
      out.end();
      await finished(out);
      sizes.push(fs.statSync(file).size);
    }
    assert.ok(sizes[0]! > sizes[1]!, `level 1: ${sizes[0]} bytes, level 9: ${sizes[1]}`);
  });

  test('a file that takes nothing holds the writer back: a few buffers of rows are read, not the sheet; let go, it completes', async () => {
    const held: (() => void)[] = [];
    let holding = true;
    const chunks: Buffer[] = [];
    const out = new Writable({
      highWaterMark: 64 * 1024,
      write(chunk: Buffer, _encoding, callback) {
        chunks.push(chunk);
        if (holding) held.push(() => callback());
        else callback();
      },
    });
    const writer = await XlsxWriter.create(out, {
      sheetName: 'Slow',
      columns: [
        { header: 'N', width: 8 },
        { header: 'Text', width: 40 },
      ],
    });
    const total = 200_000;
    const words = Array.from({ length: 64 }, (_, i) => `word${i * 7919}`);
    let read = 0;
    const rows = Array.from({ length: total }, (_, i) => i);
    let done = false;
    const adding = writer
      .addRows(rows, (i, column) => {
        if (column === 0) {
          read += 1;
          return i;
        }
        return `${words[i % 64]} ${words[(i * 31) % 64]} ${words[(i * 17) % 64]} ${i}`;
      })
      .then(() => {
        done = true;
      });
    // The file stops asking (its buffer is full), then the rows stop being read.
    while (!out.writableNeedDrain) await new Promise((r) => setImmediate(r));
    for (let i = 0; i < 20; i++) await new Promise((r) => setImmediate(r));
    await new Promise((r) => setTimeout(r, 200));
    assert.equal(done, false, 'every row was read while the file took nothing');
    assert.ok(read < total / 10, `${read} of ${total} rows read while the file took nothing`);
    holding = false;
    for (const release of held.splice(0)) release();
    await adding;
    await writer.finish();
    out.end();
    await finished(out);
    const file = path.join(dir, 'slow.xlsx');
    fs.writeFileSync(file, Buffer.concat(chunks));
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(fs.readFileSync(file) as never);
    assert.equal(workbook.worksheets[0]!.actualRowCount, total + 1);
  });

  test('a file that fails (a full disk) fails the writing instead of leaving it waiting', async () => {
    let taken = 0;
    const out = new Writable({
      highWaterMark: 16 * 1024,
      write(chunk: Buffer, _encoding, callback) {
        taken += chunk.length;
        if (taken > 32 * 1024) callback(Object.assign(new Error('ENOSPC: no space left on device, write'), { code: 'ENOSPC' }));
        else callback();
      },
    });
    // As the report's stream: the failure is read from the writer, not from an unhandled event.
    out.on('error', () => undefined);
    const writer = await XlsxWriter.create(out, { sheetName: 'Full', columns: [{ header: 'Text', width: 40 }] });
    const rows = Array.from({ length: 100_000 }, (_, i) => `row ${i} ${(i * 2654435761) % 4294967296}`);
    await assert.rejects(async () => {
      await writer.addRows(rows, (row) => row);
      await writer.finish();
    }, /no space left/);
    writer.destroy();
  });
});
