import {
  IMPORT,
  LIMITS,
  WAYBILL_IMPORT_COLUMNS,
  WORKLOG_IMPORT_COLUMNS,
  csvCell,
  csvField,
  csvSeparator,
  csvText,
  importColumnsParam,
  readCsv,
  readImportColumns,
  readImportSheet,
  wallClockInstant,
  type SheetCell,
} from '@timberlog/contract';

/** The WHATWG encoder of the test's runtime (the contract is typed without DOM or Node types). */
declare const TextEncoder: new () => { encode(input: string): Uint8Array };

const cells = (rows: string[][]): SheetCell[][] => rows.map((row) => row.map(csvCell));
const sheet = (columns: Parameters<typeof readImportSheet>[0], rows: string[][]) =>
  readImportSheet(
    columns,
    cells(rows),
    rows.map((_, i) => i + 1),
    IMPORT,
  );

describe('contract: the CSV reader', () => {
  it('splits RFC 4180 records: quoted separators, doubled quotes, line breaks in quotes, CR, LF and CRLF', () => {
    const text = 'a,"b, c","say ""hi"""\r\n"two\nlines",x\ry\n';
    expect(readCsv(text).records).toEqual([['a', 'b, c', 'say "hi"'], ['two\nlines', 'x'], ['y']]);
  });

  it('finds the separator on the first line, outside quotes', () => {
    expect(csvSeparator('a;b;c\n1,2')).toBe(';');
    expect(csvSeparator('"a;b;c",d\n')).toBe(',');
    expect(csvSeparator('')).toBe(',');
    expect(readCsv('Kuupäev;Kogus\n02.11.2026;1,5').records).toEqual([
      ['Kuupäev', 'Kogus'],
      ['02.11.2026', '1,5'],
    ]);
  });

  it('reads a heading row alone and says where it ends', () => {
    const text = 'a,"b\nc"\r\n1,2\n';
    const read = readCsv(text, { maxRecords: 1 });
    expect(read.records).toEqual([['a', 'b\nc']]);
    expect(text.slice(read.end)).toBe('1,2\n');
    expect(readCsv('only,headings', { maxRecords: 1 })).toEqual({ separator: ',', records: [['only', 'headings']], end: 13 });
  });

  it('keeps a quote never closed as the rest of the text, and a final empty field', () => {
    expect(readCsv('a,"b,c\nd').records).toEqual([['a', 'b,c\nd']]);
    expect(readCsv('a,\n').records).toEqual([['a', '']]);
  });

  it('writes a field back as it reads', () => {
    for (const value of ['plain', 'a,b', 'say "hi"', 'two\nlines']) {
      expect(readCsv(csvField(value, ',')).records).toEqual([[value]]);
    }
    expect(csvField('a,b', ';')).toBe('a,b');
  });

  it('reads UTF-8 text with or without a byte-order mark, and refuses other bytes and control characters', () => {
    const bytes = (text: string) => new TextEncoder().encode(text);
    expect(csvText(bytes('\ufeffa,b'))).toBe('a,b');
    expect(csvText(bytes('a\tb\r\n'))).toBe('a\tb\r\n');
    expect(csvText(new Uint8Array([0x4f, 0xff, 0xfe]))).toBeNull();
    expect(csvText(bytes('a\u0001b'))).toBeNull();
  });

  it('takes text a spreadsheet would run for a formula', () => {
    expect(csvCell('=1+2').formula).toBe(true);
    expect(csvCell('-A1').formula).toBe(true);
    expect(csvCell('-5').formula).toBe(false);
  });
});

describe('contract: reading an import sheet', () => {
  const waybillHeadings = WAYBILL_IMPORT_COLUMNS.map((col) => col.field);

  it('finds columns by the export heading in either language or the API name, and reads each kind', () => {
    const result = sheet(WORKLOG_IMPORT_COLUMNS, [
      ['Aeg', 'Toiming', 'Ladu', 'Töötaja', 'Kogus', 'Kestus (min)', 'Other'],
      ['23.11.2026 08:15', 'Laadimine', 'North yard', 'Mari  Maa', '1,5', ' 30 ', 'x'],
      ['2026-11-23 08:15:07+02:00', 'ARRIVAL', 'North yard', 'Mari', '', '0', ''],
    ]);
    expect('rows' in result && result.rows).toEqual([
      {
        line: 2,
        fields: {
          timestamp: '2026-11-23T08:15:00',
          action: 'loading',
          warehouse: 'North yard',
          workerName: 'Mari  Maa',
          quantity: '1.5',
          durationMinutes: 30,
        },
        problems: [],
      },
      {
        line: 3,
        fields: {
          timestamp: '2026-11-23T08:15:07+02:00',
          action: 'arrival',
          warehouse: 'North yard',
          workerName: 'Mari',
          durationMinutes: 0,
        },
        problems: [],
      },
    ]);
  });

  it('answers each cell problem on its field, in the columns’ order', () => {
    const result = sheet(WORKLOG_IMPORT_COLUMNS, [
      ['timestamp', 'action', 'warehouse', 'workerName', 'quantity', 'durationMinutes', 'notes'],
      ['31.02.2026 08:00', 'dancing', '', 'W', '1.2345', '2000', '=HYPERLINK("x")'],
    ]);
    expect('rows' in result && result.rows[0]!.problems.map(([field, problem]) => [field, problem.key])).toEqual([
      ['timestamp', 'import.noSuchDate'],
      ['action', 'field.enum'],
      ['warehouse', 'field.required'],
      ['quantity', 'field.pattern.decimal'],
      ['durationMinutes', 'field.maximum'],
      ['notes', 'import.formula'],
    ]);
  });

  it('says what is wrong with each date and quantity as written, not only what is taken', () => {
    const problemsOf = (transportDate: string, quantity = '1') => {
      const row = waybillHeadings.map((h) => (h === 'transportDate' ? transportDate : h === 'quantity' ? quantity : 'X'));
      const result = sheet(WAYBILL_IMPORT_COLUMNS, [waybillHeadings, row]);
      return 'rows' in result ? result.rows[0]!.problems.filter(([f]) => f === 'transportDate' || f === 'quantity') : result;
    };
    // dd.mm.yyyy is taken, so a day that does not exist is not told "enter YYYY-MM-DD".
    expect(problemsOf('31.02.2026')).toEqual([['transportDate', { key: 'import.noSuchDate', params: { value: '31.02.2026' } }]]);
    expect(problemsOf('2026-02-30')).toEqual([['transportDate', { key: 'import.noSuchDate', params: { value: '2026-02-30' } }]]);
    expect(problemsOf('tomorrow')).toEqual([['transportDate', { key: 'import.date' }]]);
    expect(problemsOf('01.01.1800')).toEqual([
      ['transportDate', { key: 'field.dateRange', params: { min: LIMITS.yearMin, max: LIMITS.yearMax } }],
    ]);
    expect(problemsOf('28.02.2026', '-5')).toEqual([['quantity', { key: 'field.positive' }]]);
    expect(problemsOf('28.02.2026', '1234567')).toEqual([
      ['quantity', { key: 'field.decimal.digits', params: { digits: LIMITS.quantityMaxIntegerDigits } }],
    ]);
    expect(problemsOf('28.02.2026', '1,2345')).toEqual([
      ['quantity', { key: 'field.pattern.decimal', params: { decimals: LIMITS.quantityMaxDecimals } }],
    ]);
    expect(problemsOf('28.02.2026', 'lots')).toEqual([['quantity', { key: 'field.type.number' }]]);
  });

  it('refuses a file with no rows, only headings, a missing required column or too many rows', () => {
    expect(sheet(WAYBILL_IMPORT_COLUMNS, [])).toEqual({ problem: { key: 'import.empty' } });
    expect(sheet(WAYBILL_IMPORT_COLUMNS, [waybillHeadings, ['', '']])).toEqual({ problem: { key: 'import.empty' } });
    expect(sheet(WAYBILL_IMPORT_COLUMNS, [waybillHeadings.filter((h) => h !== 'vehicleNumber'), ['x']])).toEqual({
      problem: { key: 'import.missingColumn' },
      missing: 'report.column.vehicleNumber',
    });
    const many = readImportSheet(WAYBILL_IMPORT_COLUMNS, cells([waybillHeadings, ['a'], ['b'], ['c']]), [1, 2, 3, 4], { maxRows: 2 });
    expect(many).toEqual({ problem: { key: 'import.tooManyRows', params: { count: '3', limit: '2' } } });
  });

  it('reads a date as the waybill import always has', () => {
    const result = sheet(WAYBILL_IMPORT_COLUMNS, [['transportDate', ...waybillHeadings.slice(1)], ['3/11/2026'], ['2026-11-02 00:00:00']]);
    expect('rows' in result && result.rows.map((row) => row.fields.transportDate)).toEqual(['2026-11-03', '2026-11-02']);
  });
});

describe('contract: the columns parameter of an import', () => {
  it('reads the field of each column by position, an empty entry read past; writes it back', () => {
    const read = readImportColumns(WORKLOG_IMPORT_COLUMNS, ' timestamp ,,action,warehouse,workerName,durationMinutes,');
    expect(read).toEqual({ fields: ['timestamp', null, 'action', 'warehouse', 'workerName', 'durationMinutes', null] });
    expect(importColumnsParam(['timestamp', null, 'action', null, null])).toBe('timestamp,,action');
    expect(readImportColumns(WORKLOG_IMPORT_COLUMNS, '')).toEqual({ fields: [null] });
  });

  it('refuses a name that is no field and a field named twice', () => {
    expect(readImportColumns(WAYBILL_IMPORT_COLUMNS, 'origin,colour')).toEqual({
      problem: {
        key: 'import.columns.unknown',
        params: { value: 'colour', choices: WAYBILL_IMPORT_COLUMNS.map((col) => col.field).join(', ') },
      },
    });
    expect(readImportColumns(WAYBILL_IMPORT_COLUMNS, 'origin,,origin')).toEqual({
      problem: { key: 'import.columns.twice', params: { value: 'origin' } },
    });
  });

  it('replaces the headings; the first row is read past; a field past the last filled column is refused on columns', () => {
    const rows = [
      ['When', 'x', 'What', 'Where', 'Who', 'How long'],
      ['2026-11-23 08:15', 'y', 'loading', 'North', 'Mari', '30', ''],
    ];
    const read = (text: string) => {
      const fields = readImportColumns(WORKLOG_IMPORT_COLUMNS, text);
      if (!('fields' in fields)) throw new Error('unread');
      return readImportSheet(WORKLOG_IMPORT_COLUMNS, cells(rows), [1, 2], IMPORT, fields.fields);
    };
    const good = read('timestamp,,action,warehouse,workerName,durationMinutes,,');
    expect('rows' in good && good.rows[0]?.fields).toEqual({
      timestamp: '2026-11-23T08:15:00',
      action: 'loading',
      warehouse: 'North',
      workerName: 'Mari',
      durationMinutes: 30,
    });
    expect(read('timestamp,,action,warehouse,workerName,durationMinutes,notes')).toEqual({
      problem: { key: 'import.columns.tooMany', params: { count: 6 } },
      on: 'columns',
    });
    expect(read('timestamp,,action,warehouse,,durationMinutes')).toEqual({
      problem: { key: 'import.missingColumn' },
      missing: 'report.column.workerName',
    });
  });
});

describe('contract: wall-clock times', () => {
  it('places a wall-clock time in a time zone, summer and winter, and keeps a named zone', () => {
    expect(wallClockInstant('2026-11-23T08:15:00', 'Europe/Tallinn')).toBe('2026-11-23T06:15:00.000Z');
    expect(wallClockInstant('2026-07-01T08:15:00', 'Europe/Tallinn')).toBe('2026-07-01T05:15:00.000Z');
    expect(wallClockInstant('2026-07-01T08:15:00', 'UTC')).toBe('2026-07-01T08:15:00.000Z');
    expect(wallClockInstant('2026-07-01T08:15:00+01:00', 'Europe/Tallinn')).toBe('2026-07-01T07:15:00.000Z');
  });
});
