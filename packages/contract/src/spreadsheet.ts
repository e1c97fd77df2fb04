/**
 * Spreadsheets read for imports: the one CSV reader (RFC 4180) and the one way a sheet's heading
 * row and cells become a record's fields, shared by the server (which also reads XLSX into the same
 * cells), the web app (which reads a CSV file's heading row for its mapping step) and the mocks, so
 * all three split, name and refuse exactly alike.
 */
import { LOCALES } from './limits.ts';
import { MESSAGES, type MessageKey, type MessageParams } from './messages.ts';
import type { ValueLabelPrefix } from './value-labels.ts';
import { DECIMAL_RULES, dateProblem, decimalProblem, integerProblem, isValidDate, isValidDateTime } from './values.ts';

/** The WHATWG decoder every runtime of the contract has (Node, browsers); the ES library the contract is typed with lacks it. */
declare const TextDecoder: new (label: 'utf-8', options: { fatal: boolean }) => { decode(input: Uint8Array): string };

export type CsvSeparator = ',' | ';';

/** The separator of CSV text: `;` when its first line has more of them (outside quotes) than commas. */
export function csvSeparator(text: string): CsvSeparator {
  const end = text.search(/\r|\n/);
  const first = (end === -1 ? text : text.slice(0, end)).replace(/"[^"]*"/g, '');
  return (first.match(/;/g)?.length ?? 0) > (first.match(/,/g)?.length ?? 0) ? ';' : ',';
}

export interface CsvRead {
  readonly separator: CsvSeparator;
  readonly records: string[][];
  /** Where the last record read ends in the text, its line break included. */
  readonly end: number;
}

/**
 * RFC 4180 records of `text`: quoted fields may hold the separator, quotes (`""`) and line breaks;
 * lines end with CR, LF or CRLF. The separator is found by csvSeparator unless given; `maxRecords`
 * stops after that many (a heading row is read without the rest).
 */
export function readCsv(text: string, options: { separator?: CsvSeparator; maxRecords?: number } = {}): CsvRead {
  const sep = options.separator ?? csvSeparator(text);
  const max = options.maxRecords ?? Infinity;
  const records: string[][] = [];
  let record: string[] = [];
  let field = '';
  let quoted = false;
  let i = 0;
  const n = text.length;
  while (i < n && records.length < max) {
    const c = text[i]!;
    if (quoted) {
      if (c === '"') {
        if (text[i + 1] === '"') {
          field += '"';
          i += 2;
          continue;
        }
        quoted = false;
      } else field += c;
      i++;
      continue;
    }
    if (c === '"' && field === '') quoted = true;
    else if (c === sep) {
      record.push(field);
      field = '';
    } else if (c === '\n' || c === '\r') {
      record.push(field);
      records.push(record);
      record = [];
      field = '';
      if (c === '\r' && text[i + 1] === '\n') i++;
    } else field += c;
    i++;
  }
  if (records.length < max && (field !== '' || record.length > 0)) {
    record.push(field);
    records.push(record);
  }
  return { separator: sep, records, end: i };
}

/** A field written for CSV: quoted when it holds the separator, a quote or a line break. */
export const csvField = (text: string, separator: CsvSeparator): string =>
  /["\r\n]/.test(text) || text.includes(separator) ? `"${text.replaceAll('"', '""')}"` : text;

/**
 * The text of a CSV file's bytes as an import reads it: UTF-8 (a byte-order mark dropped), with no
 * control characters but tab and line breaks; null when it is no spreadsheet's text.
 */
export function csvText(bytes: Uint8Array): string | null {
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return null;
  }
  if (text.startsWith('\ufeff')) text = text.slice(1);
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code < 32 && code !== 9 && code !== 10 && code !== 13) return null;
  }
  return text;
}

/** A cell as an import reads it: its text, and whether the spreadsheet held a formula there. */
export interface SheetCell {
  readonly text: string;
  readonly formula?: boolean;
}

/** A CSV field as a cell: text a spreadsheet would run as a formula (`=`, `+`, `@`, `-A`, `-(`) counts as one. */
export const csvCell = (text: string): SheetCell => ({ text, formula: /^[=+@]/.test(text) || /^-[A-Za-z(]/.test(text) });

/** What a column holds and how its text is read. */
export type ImportColumnKind =
  /** Text, trimmed, at most `maxLength` characters. */
  | { readonly kind: 'text'; readonly maxLength: number }
  /** A date: 2026-11-23, 23.11.2026 or 23/11/2026 (a time after it is read past); read as YYYY-MM-DD. */
  | { readonly kind: 'date' }
  /**
   * A date and time: 2026-11-23 08:15[:00], 23.11.2026 08:15, 23/11/2026 08:15, or ISO 8601 with a
   * zone. Read as ISO text: with its zone when it names one, else as a wall-clock time
   * (`2026-11-23T08:15:00`) the record's rules place in a time zone (wallClockInstant).
   */
  | { readonly kind: 'timestamp' }
  /** A whole number from `min` to `max` (spaces read past). */
  | { readonly kind: 'integer'; readonly min: number; readonly max: number }
  /** A decimal matching `pattern` (a decimal comma read as a point, spaces read past). */
  | { readonly kind: 'decimal'; readonly pattern: string; readonly decimals: number }
  /** One of `values`, given as itself or as its label in any language (case and spaces aside). */
  | { readonly kind: 'choice'; readonly values: readonly string[]; readonly labels: ValueLabelPrefix };

/** A column an import reads: the record field it gives, the report column heading that names it, whether a row must have it. */
export type ImportColumn = {
  readonly field: string;
  readonly header: MessageKey;
  readonly required: boolean;
} & ImportColumnKind;

/** Why a cell or a file is refused: a message key and its values. */
export interface ImportProblem {
  readonly key: MessageKey;
  readonly params?: MessageParams;
}

/** How a heading (or a choice's label) is compared: trimmed, spaces folded, lower case. */
export const headingKey = (text: string): string => text.trim().replace(/\s+/g, ' ').toLowerCase();

/** Each field of `columns` by the headings that name it: its report heading in each language, and its API name. */
export function importHeadings<C extends ImportColumn>(columns: readonly C[]): ReadonlyMap<string, C['field']> {
  return new Map(
    columns.flatMap((col) => [
      ...LOCALES.map((locale) => [headingKey(MESSAGES[locale][col.header]), col.field] as const),
      [headingKey(col.field), col.field] as const,
    ]),
  );
}

const pad = (text: string) => text.padStart(2, '0');

/** A date as a spreadsheet holds it, as YYYY-MM-DD, or undefined. */
function readDate(text: string): string | undefined {
  const iso = /^(\d{4})-(\d{1,2})-(\d{1,2})$/.exec(text.slice(0, 10).trim());
  const dmy = /^(\d{1,2})[./](\d{1,2})[./](\d{4})$/.exec(text);
  const parts = iso ? [iso[1]!, iso[2]!, iso[3]!] : dmy ? [dmy[3]!, dmy[2]!, dmy[1]!] : undefined;
  if (!parts) return undefined;
  const date = `${parts[0]}-${pad(parts[1]!)}-${pad(parts[2]!)}`;
  return isValidDate(date) ? date : undefined;
}

/** Why a cell's text is not a date: a date that does not exist says so, in the shape it was written. */
function dateTextProblem(text: string): ImportProblem {
  const iso = /^(\d{4})-(\d{1,2})-(\d{1,2})$/.exec(text);
  const dmy = /^(\d{1,2})[./](\d{1,2})[./](\d{4})$/.exec(text);
  const parts = iso ? [iso[1]!, iso[2]!, iso[3]!] : dmy ? [dmy[3]!, dmy[2]!, dmy[1]!] : undefined;
  if (!parts) return { key: 'import.date' };
  const problem = dateProblem(`${parts[0]}-${pad(parts[1]!)}-${pad(parts[2]!)}`);
  return problem.key === 'field.dateRange' ? problem : { key: 'import.noSuchDate', params: { value: text.slice(0, 20) } };
}

/** A date and time as a spreadsheet holds it, as ISO text (a wall-clock time unless it names its zone), or undefined. */
function readTimestamp(text: string): string | undefined {
  const m =
    /^(\d{4})-(\d{1,2})-(\d{1,2})(?:[ T](\d{1,2}):(\d{2})(?::(\d{2})(?:\.\d+)?)?\s*(Z|[+-]\d{2}:?\d{2})?)?$/i.exec(text) ??
    /^(\d{1,2})[./](\d{1,2})[./](\d{4})(?:\s+(\d{1,2}):(\d{2})(?::(\d{2}))?)?$/.exec(text);
  if (!m) return undefined;
  const isoFirst = m[1]!.length === 4;
  const date = isoFirst ? `${m[1]}-${pad(m[2]!)}-${pad(m[3]!)}` : `${m[3]}-${pad(m[2]!)}-${pad(m[1]!)}`;
  if (!isValidDate(date)) return undefined;
  const hours = Number(m[4] ?? 0);
  const minutes = Number(m[5] ?? 0);
  const seconds = Number(m[6] ?? 0);
  if (hours > 23 || minutes > 59 || seconds > 59) return undefined;
  const wall = `${date}T${pad(String(hours))}:${pad(String(minutes))}:${pad(String(seconds))}`;
  const zone = isoFirst ? m[7] : undefined;
  if (!zone) return wall;
  const withZone = `${wall}${zone.toUpperCase() === 'Z' ? 'Z' : zone.length === 5 ? `${zone.slice(0, 3)}:${zone.slice(3)}` : zone}`;
  return isValidDateTime(withZone) ? withZone : undefined;
}

/** Whether ISO text names its zone (an instant) rather than being a wall-clock time. */
export const hasZone = (iso: string): boolean => /(Z|[+-]\d{2}:\d{2})$/.test(iso);

/** The instant (ISO 8601, UTC) of a wall-clock time `2026-11-23T08:15:00` in `timeZone`; text that names its zone is kept as it is. */
export function wallClockInstant(wall: string, timeZone: string): string {
  if (hasZone(wall)) return new Date(wall).toISOString();
  const asUtc = Date.parse(`${wall}Z`);
  const format = new Intl.DateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  });
  const offsetAt = (ms: number) => {
    const parts = Object.fromEntries(format.formatToParts(new Date(ms)).map((p) => [p.type, p.value]));
    const local = Date.UTC(
      Number(parts.year),
      Number(parts.month) - 1,
      Number(parts.day),
      Number(parts.hour),
      Number(parts.minute),
      Number(parts.second),
    );
    return local - ms;
  };
  // The zone's offset at the guess, then at the instant that offset gives (daylight saving's changes).
  const first = asUtc - offsetAt(asUtc);
  return new Date(asUtc - offsetAt(first)).toISOString();
}

/** A cell's value for its column, or the problem of its text (`text` is trimmed and not empty). */
function readValue(col: ImportColumn, text: string): { value: string | number } | { problem: ImportProblem } {
  switch (col.kind) {
    case 'text':
      return { value: text };
    case 'date': {
      const date = readDate(text);
      return date ? { value: date } : { problem: dateTextProblem(text) };
    }
    case 'timestamp': {
      const timestamp = readTimestamp(text);
      if (timestamp) return { value: timestamp };
      // A date that does not exist says so; any other slip, what a date and time looks like.
      const day = /^(\d{4}-\d{1,2}-\d{1,2}|\d{1,2}[./]\d{1,2}[./]\d{4})(?=$|[ T])/.exec(text)?.[1];
      const dayProblem = day && !readDate(day) ? dateTextProblem(day) : undefined;
      return { problem: dayProblem ?? { key: 'import.dateTime' } };
    }
    case 'integer': {
      const digits = text.replace(/\s/g, '');
      const problem = integerProblem(digits, col.min, col.max);
      return problem ? { problem } : { value: Number(digits) };
    }
    case 'decimal': {
      const decimal = text.replace(/\s/g, '').replace(',', '.');
      if (new RegExp(col.pattern).test(decimal)) return { value: decimal };
      const rule = DECIMAL_RULES[col.pattern];
      return { problem: (rule && decimalProblem(decimal, rule)) || { key: 'field.pattern.decimal', params: { decimals: col.decimals } } };
    }
    case 'choice': {
      const key = headingKey(text);
      const found = col.values.find(
        (value) =>
          headingKey(value) === key ||
          LOCALES.some((locale) => headingKey(MESSAGES[locale][`${col.labels}.${value}` as MessageKey] ?? '') === key),
      );
      return found
        ? { value: found }
        : { problem: { key: 'field.enum', params: { value: text.slice(0, 50), choices: col.values.join(', ') } } };
    }
  }
}

/** One data row read: its spreadsheet row number, its fields as read and the problems of its cells. */
export interface ImportRow<F extends string = string> {
  readonly line: number;
  readonly fields: Partial<Record<F, string | number>>;
  readonly problems: [F, ImportProblem][];
}

/** A row's cells read by `columns` (each field's cell by `indexes`): the fields a create call takes, and the problems of their text. */
export function readImportRow<C extends ImportColumn>(
  columns: readonly C[],
  indexes: ReadonlyMap<C['field'], number>,
  cells: readonly SheetCell[],
): Omit<ImportRow<C['field']>, 'line'> {
  const fields: Partial<Record<C['field'], string | number>> = {};
  const problems: [C['field'], ImportProblem][] = [];
  for (const col of columns) {
    const index = indexes.get(col.field);
    const cell = index === undefined ? undefined : cells[index];
    if (cell?.formula) {
      problems.push([col.field, { key: 'import.formula' }]);
      continue;
    }
    // An export writes a leading ' before text a spreadsheet would take for a formula.
    const text = (cell?.text ?? '').replace(/^'(?=[=+\-@\t\r])/, '').trim();
    if (text === '') {
      if (col.required) problems.push([col.field, { key: 'field.required' }]);
      continue;
    }
    if (col.kind === 'text' && [...text].length > col.maxLength) {
      problems.push([col.field, { key: 'field.maxLength', params: { limit: col.maxLength } }]);
      continue;
    }
    if (text.includes('\u0000')) {
      problems.push([col.field, { key: 'field.nullChar' }]);
      continue;
    }
    const read = readValue(col, text);
    if ('problem' in read) problems.push([col.field, read.problem]);
    else fields[col.field as C['field']] = read.value;
  }
  return { fields, problems };
}

/** The field each column of a file holds, by position (null: the column is read past). */
export type ImportColumnFields<F extends string = string> = readonly (F | null)[];

/**
 * An import's `columns` parameter read: comma-separated, the field each column holds by position
 * (an entry's spaces read past), an empty entry for a column read past. A name that is no field of
 * `columns`, or a field named twice, is its problem (on `columns`).
 */
export function readImportColumns<C extends ImportColumn>(
  columns: readonly C[],
  text: string,
): { fields: ImportColumnFields<C['field']> } | { problem: ImportProblem } {
  const known = new Map<string, C['field']>(columns.map((col) => [col.field, col.field]));
  const seen = new Set<string>();
  const fields: (C['field'] | null)[] = [];
  for (const entry of text.split(',').map((part) => part.trim())) {
    if (entry === '') {
      fields.push(null);
      continue;
    }
    const field = known.get(entry);
    if (field === undefined)
      return { problem: { key: 'import.columns.unknown', params: { value: entry.slice(0, 50), choices: [...known.keys()].join(', ') } } };
    if (seen.has(entry)) return { problem: { key: 'import.columns.twice', params: { value: entry } } };
    seen.add(entry);
    fields.push(field);
  }
  return { fields };
}

/** The `columns` parameter for `fields` (the last columns read past left out). */
export const importColumnsParam = (fields: ImportColumnFields): string => {
  const entries = fields.map((field) => field ?? '');
  while (entries.length > 0 && entries[entries.length - 1] === '') entries.pop();
  return entries.join(',');
};

/** The most rows and errors an import takes (IMPORT in volume.ts). */
export interface ImportLimits {
  readonly maxRows: number;
}

const filled = (cell: SheetCell) => cell.text.trim() !== '' || cell.formula === true;

/**
 * A sheet's rows as an import reads them: empty rows read past, the first other row names the
 * columns (a required column it does not name is refused with that column's heading key), every
 * later row read by readImportRow. With `fields` (readImportColumns) the columns are those instead
 * and the first row is read past all the same; a field given to a column past the file's last (the
 * last any row fills) is a problem `on` columns. File problems answer `problem` (on the file).
 */
export function readImportSheet<C extends ImportColumn>(
  columns: readonly C[],
  rows: readonly (readonly SheetCell[])[],
  lines: readonly number[],
  limits: ImportLimits,
  fields?: ImportColumnFields<C['field']>,
): { rows: ImportRow<C['field']>[] } | { problem: ImportProblem; missing?: C['header']; on?: 'columns' } {
  const nonEmpty = rows.map((cells, i) => ({ cells, line: lines[i] ?? i + 1 })).filter(({ cells }) => cells.some(filled));
  const header = nonEmpty[0];
  if (!header) return { problem: { key: 'import.empty' } };
  const indexes = new Map<C['field'], number>();
  if (fields) {
    const width = Math.max(...nonEmpty.map(({ cells }) => cells.findLastIndex(filled) + 1));
    if (fields.slice(width).some((field) => field !== null))
      return { problem: { key: 'import.columns.tooMany', params: { count: width } }, on: 'columns' };
    fields.forEach((field, index) => {
      if (field !== null && !indexes.has(field)) indexes.set(field, index);
    });
  } else {
    const headings = importHeadings(columns);
    header.cells.forEach((cell, index) => {
      const field = headings.get(headingKey(cell.text));
      if (field !== undefined && !indexes.has(field)) indexes.set(field, index);
    });
  }
  const missing = columns.find((col) => col.required && !indexes.has(col.field));
  if (missing) return { problem: { key: 'import.missingColumn' }, missing: missing.header };
  const data = nonEmpty.slice(1);
  if (data.length === 0) return { problem: { key: 'import.empty' } };
  if (data.length > limits.maxRows)
    return {
      problem: {
        key: 'import.tooManyRows',
        params: { count: data.length.toLocaleString('en'), limit: limits.maxRows.toLocaleString('en') },
      },
    };
  return { rows: data.map(({ cells, line }) => ({ line, ...readImportRow(columns, indexes, cells) })) };
}
