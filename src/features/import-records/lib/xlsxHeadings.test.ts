import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { DecompressionStream as NodeDecompressionStream } from 'node:stream/web';

import { tinyXlsx } from './tinyXlsx';
import { readXlsxHeadings } from './xlsxHeadings';

// jsdom has no DecompressionStream; browsers and Node have it.
beforeAll(() => {
  globalThis.DecompressionStream ??= NodeDecompressionStream as unknown as typeof DecompressionStream;
});

describe('the heading row of an XLSX file, read in the browser', () => {
  it('reads a workbook exceljs wrote (deflated, shared strings, rich text, a number): the first filled row, each cell at its column', async () => {
    const bytes = readFileSync(resolve(__dirname, '../../../../tests/jest/fixtures/other-headings.xlsx'));
    expect(await readXlsxHeadings(new Uint8Array(bytes))).toEqual(['Päev', 'Kust', '', 'Kuhu', 'Autojuht', 'Truck', '2026']);
  });

  it('reads the first worksheet as the workbook lists it, inline strings, past empty rows and trailing empty cells', async () => {
    const file = tinyXlsx(
      [[[], ['', '', ''], ['Aeg', '', 'Toiming & <more>', 'Person'], ['23.11.2026 08:15', 'x', 'Laadimine', 'Mari']], [['Not', 'this']]],
      { reversed: true },
    );
    expect(await readXlsxHeadings(file.buffer)).toEqual(['Aeg', '', 'Toiming & <more>', 'Person']);
  });

  it('answers null for what is no workbook, and for a sheet with no filled row', async () => {
    expect(await readXlsxHeadings(new TextEncoder().encode('Origin,Destination\r\na,b'))).toBeNull();
    expect(await readXlsxHeadings(new Uint8Array([0x50, 0x4b, 0x03, 0x04, 1, 2, 3]))).toBeNull();
    expect(await readXlsxHeadings(tinyXlsx([[[], ['']]]))).toBeNull();
  });
});
