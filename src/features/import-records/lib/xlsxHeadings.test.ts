import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';

import { tinyXlsx } from '../../../../tests/fixtures/tinyXlsx';
import { readXlsxHeadings } from './xlsxHeadings';

describe('the heading row of an XLSX file, read in the browser', () => {
  it('reads a workbook exceljs wrote (deflated, shared strings, rich text, a number): the first filled row, each cell at its column', () => {
    const bytes = readFileSync(resolve(__dirname, '../../../../tests/jest/fixtures/other-headings.xlsx'));
    expect(readXlsxHeadings(new Uint8Array(bytes))).toEqual(['Päev', 'Kust', '', 'Kuhu', 'Autojuht', 'Truck', '2026']);
  });

  it('reads the first worksheet as the workbook lists it, inline strings, past empty rows and trailing empty cells', () => {
    const file = tinyXlsx(
      [[[], ['', '', ''], ['Aeg', '', 'Toiming & <more>', 'Person'], ['23.11.2026 08:15', 'x', 'Laadimine', 'Mari']], [['Not', 'this']]],
      { reversed: true },
    );
    expect(readXlsxHeadings(file.buffer)).toEqual(['Aeg', '', 'Toiming & <more>', 'Person']);
  });

  it('answers null for what is no workbook, and for a sheet with no filled row', () => {
    expect(readXlsxHeadings(new TextEncoder().encode('Origin,Destination\r\na,b'))).toBeNull();
    expect(readXlsxHeadings(new Uint8Array([0x50, 0x4b, 0x03, 0x04, 1, 2, 3]))).toBeNull();
    expect(readXlsxHeadings(tinyXlsx([[[], ['']]]))).toBeNull();
  });
});
