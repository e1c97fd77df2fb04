import { before, after, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import ExcelJS from 'exceljs';
import { strToU8, unzipSync, zipSync } from 'fflate';
import { IMPORT } from '@timberlog/contract';
import { XLSX_LIMITS } from '../src/imports/xlsxLimits.js';
import { startServer, snapshot, type TestServer } from './helpers.js';

// Its own scope: the servers its hooks start are closed when its tests end, whatever else shares the process (test/run.ts).
describe('import-limits', () => {
  // An XLSX file is a ZIP: a small upload can unpack to gigabytes. These files are refused while they
  // are unpacked, with the limit named, and the server goes on answering everyone else meanwhile.
  let s: TestServer;
  let user: string;
  before(async () => {
    s = await startServer({}, { workers: false });
    user = await s.user();
  });
  after(async () => {
    await s.close();
  });

  /** A real workbook's parts (as exceljs writes them), to swap one part for a hostile one. */
  async function workbookParts(): Promise<Record<string, Uint8Array>> {
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('Waybills');
    sheet.addRow(['Transport date', 'Origin', 'Destination', 'Driver', 'Vehicle', 'Mileage (km)', 'Assortment', 'Quantity', 'Notes']);
    for (let i = 0; i < 5; i++) sheet.addRow(['2026-11-02', 'x', 'y', 'Mati Maa', '555 XYZ', 10, 'z', 1, 'same text']);
    return unzipSync(new Uint8Array(await workbook.xlsx.writeBuffer()));
  }

  const zip = (parts: Record<string, Uint8Array>) => Buffer.from(zipSync(parts, { level: 9 }));

  const sheetXml = (rows: string) =>
    `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>${rows}</sheetData></worksheet>`;

  const upload = (body: Buffer) =>
    fetch(`${s.url}/api/waybills/import/?dryRun=true`, {
      method: 'POST',
      headers: { authorization: `Bearer ${user}`, 'content-type': IMPORT.xlsxType, 'accept-language': 'en' },
      body: new Uint8Array(body),
    });

  /** Uploads `body` while another user's request is asked; both answers, and the data unchanged. */
  async function refused(body: Buffer): Promise<{ status: number; message: string }> {
    const staff = await s.staff();
    const before = await snapshot(s.ctx);
    const [answer, other] = await Promise.all([upload(body), s.req('GET', '/api/waybills/?page_size=5', { token: staff })]);
    assert.equal(other.status, 200, 'another request is answered while the upload is checked');
    const json = (await answer.json()) as { file?: string[] };
    assert.equal(await snapshot(s.ctx), before, 'a refused file changes nothing');
    const message = json.file?.[0];
    assert.ok(message, `a message on the file field: ${JSON.stringify(json)}`);
    return { status: answer.status, message };
  }

  describe('XLSX files that unpack beyond the limits', () => {
    test('one shared string of 200,000,000 characters (about 200 kB uploaded) is refused on its length, before it is unpacked whole', async () => {
      const parts = await workbookParts();
      const head =
        '<?xml version="1.0" encoding="UTF-8" standalone="yes"?><sst xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" count="1" uniqueCount="1"><si><t>';
      const huge = new Uint8Array(200_000_000 + head.length + 20);
      huge.set(strToU8(head));
      huge.fill(65 /* A */, head.length, head.length + 200_000_000);
      huge.set(strToU8('</t></si></sst>'), head.length + 200_000_000);
      parts['xl/sharedStrings.xml'] = huge.subarray(0, head.length + 200_000_000 + 15);
      const body = zip(parts);
      assert.ok(body.length < 400 * 1024, `the upload is small: ${body.length} bytes`);
      const r = await refused(body);
      assert.equal(r.status, 400);
      assert.match(r.message, /more than 32,767 characters/);
      const health = await s.req('GET', '/api/waybills/?page_size=1', { token: user });
      assert.equal(health.status, 200, 'the server is still up');
    });

    test(`a sheet of 330,000 rows is refused on its row count (${XLSX_LIMITS.rows.toLocaleString('en')}), not after reading them all`, async () => {
      const parts = await workbookParts();
      const rows: string[] = [];
      for (let r = 1; r <= 330_000; r++) rows.push(`<row r="${r}"><c r="A${r}"><v>${r}</v></c></row>`);
      parts['xl/worksheets/sheet1.xml'] = strToU8(sheetXml(rows.join('')));
      const r = await refused(zip(parts));
      assert.equal(r.status, 400);
      assert.match(
        r.message,
        new RegExp(`more than ${XLSX_LIMITS.rows.toLocaleString('en')} rows; one import takes ${IMPORT.maxRows.toLocaleString('en')}`),
      );
    });

    test('a row of a million cells is refused on its cell count', async () => {
      const parts = await workbookParts();
      const cells = '<c><v>1</v></c>'.repeat(1_000_000);
      parts['xl/worksheets/sheet1.xml'] = strToU8(sheetXml(`<row r="1">${cells}</row>`));
      const r = await refused(zip(parts));
      assert.equal(r.status, 400);
      assert.match(r.message, new RegExp(`more than ${XLSX_LIMITS.cells.toLocaleString('en')} cells`));
    });

    test('a part that unpacks past its size limit is refused, in Estonian too', async () => {
      const parts = await workbookParts();
      // Elements no reader looks at: no long text, few rows and cells, but bytes past the limit once unpacked.
      parts['xl/worksheets/sheet1.xml'] = strToU8(
        sheetXml(`<row r="1"><c><v>1</v></c></row>${'<x/>'.repeat(XLSX_LIMITS.entryBytes / 16)}`.repeat(5)),
      );
      const answer = await fetch(`${s.url}/api/waybills/import/?dryRun=true`, {
        method: 'POST',
        headers: { authorization: `Bearer ${user}`, 'content-type': IMPORT.xlsxType, 'accept-language': 'et' },
        body: new Uint8Array(zip(parts)),
      });
      assert.equal(answer.status, 400);
      const json = (await answer.json()) as { file: string[] };
      assert.match(json.file[0]!, new RegExp(`lahtipakituna suurem kui ${XLSX_LIMITS.entryBytes / (1024 * 1024)} MB`));
    });

    test('an ordinary XLSX file still imports (the limits leave real files alone)', async () => {
      const r = await upload(zip(await workbookParts()));
      const json = (await r.json()) as { rows?: number };
      assert.equal(r.status, 200, JSON.stringify(json));
      assert.equal(json.rows, 5);
    });
  });
});
