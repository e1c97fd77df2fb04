import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { finished } from 'node:stream/promises';
import ExcelJS from 'exceljs';
import { XLSX_MAX_ROWS, XlsxWriter, type XlsxCell } from '../src/exports/xlsx.js';

/** The streaming XLSX writer (and its zip) on its own: what a spreadsheet reader makes of its files. */
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'timberlog-xlsx-'));
after(() => fs.rmSync(dir, { recursive: true, force: true }));

async function write(name: string, rows: XlsxCell[][], opts: { sheetName?: string; forceZip64?: boolean } = {}) {
  const file = path.join(dir, name);
  const out = fs.createWriteStream(file);
  const columns = [{ header: 'Number', width: 16 }, { header: 'Quantity <m³>', width: 10 }, { header: 'Notes & remarks', width: 30 }];
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
  assert.deepEqual([1, 2, 3].map((c) => sheet.getColumn(c).width), [16, 10, 30]);
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

test('text survives as written: <&>" kept, line breaks and edge spaces kept, characters XML 1.0 cannot carry dropped', async () => {
  const notes = [
    'a < b && c > d "quoted" \'single\'',
    '  spaces around  ',
    'line one\nline two\r\nline three\ttabbed',
    'bell\u0007 null\u0000 escape\u001b vertical\u000b lone\ud800 surrogate \udc00 end\uffff',
    'õäöü šž 😀 € ≥',
    '</t></is></c><c r="Z9"><v>1</v></c>',
  ];
  const { sheet } = await write('text.xlsx', notes.map((n, i) => [`B-${i}`, i, n]), { sheetName: 'Veo: lehed/[2026]?' });
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
  await assert.rejects(writer.addRows(new Array<XlsxCell[]>(XLSX_MAX_ROWS), () => 1), /at most 1048576 rows/);
  writer.destroy();
  out.destroy();
});
