import { LOCALES, MESSAGES, WAYBILL_IMPORT_COLUMNS, type WaybillImportField } from '@timberlog/contract';

/** How the server compares a heading: trimmed, spaces folded, lower case. */
const headingKey = (text: string) => text.trim().replace(/\s+/g, ' ').toLowerCase();

/** The field each heading the server knows names: the export's heading in either language, or the field's API name. */
const HEADINGS: ReadonlyMap<string, WaybillImportField> = new Map(
  WAYBILL_IMPORT_COLUMNS.flatMap((col) => [
    ...LOCALES.map((locale) => [headingKey(MESSAGES[locale][col.header]), col.field] as const),
    [headingKey(col.field), col.field] as const,
  ]),
);

/** The field a heading names for the server, or null when it reads the column past. */
export const fieldOfHeading = (heading: string): WaybillImportField | null => HEADINGS.get(headingKey(heading)) ?? null;

export interface CsvHeader {
  /** `,` or `;`, as the server decides it (more `;` than `,` outside quotes on the first line). */
  readonly separator: ',' | ';';
  readonly headings: readonly string[];
  /** Where the heading row ends in the text (its line break included), to put another one in its place. */
  readonly end: number;
  /** The text begins with a byte-order mark. */
  readonly bom: boolean;
}

/** The heading row of CSV text, read as the server reads it (RFC 4180 quotes, a BOM, `,` or `;`). */
export function readCsvHeader(raw: string): CsvHeader {
  const bom = raw.startsWith('\ufeff');
  const text = bom ? raw.slice(1) : raw;
  const lineEnd = text.search(/\r|\n/);
  const firstLine = (lineEnd === -1 ? text : text.slice(0, lineEnd)).replace(/"[^"]*"/g, '');
  const separator = (firstLine.match(/;/g)?.length ?? 0) > (firstLine.match(/,/g)?.length ?? 0) ? ';' : ',';
  const headings: string[] = [];
  let field = '';
  let quoted = false;
  let i = 0;
  for (; i < text.length; i++) {
    const c = text[i]!;
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        field += '"';
        i++;
      } else if (c === '"') quoted = false;
      else field += c;
    } else if (c === '"' && field === '') quoted = true;
    else if (c === separator) {
      headings.push(field);
      field = '';
    } else if (c === '\n' || c === '\r') {
      if (c === '\r' && text[i + 1] === '\n') i++;
      i++;
      break;
    } else field += c;
  }
  headings.push(field);
  return { separator, headings, end: i + (bom ? 1 : 0), bom };
}

/** Each column's field: what the user chose for it, else what its heading names (null: read past). */
export type ColumnMapping = readonly (WaybillImportField | null)[];

/** The columns as the server would read them. */
export const recognisedMapping = (headings: readonly string[]): ColumnMapping => headings.map(fieldOfHeading);

/** The required fields no column gives. */
export const missingFields = (mapping: ColumnMapping): WaybillImportField[] =>
  WAYBILL_IMPORT_COLUMNS.filter((col) => col.required && !mapping.includes(col.field)).map((col) => col.field);

/** A field given by two columns: the server reads the first, so the mapping must not. */
export const twiceMapped = (mapping: ColumnMapping): WaybillImportField[] => {
  const seen = new Set<WaybillImportField>();
  const twice = new Set<WaybillImportField>();
  for (const field of mapping) if (field) (seen.has(field) ? twice : seen).add(field);
  return [...twice];
};

const quote = (text: string, separator: string) =>
  /["\r\n]/.test(text) || text.includes(separator) ? `"${text.replaceAll('"', '""')}"` : text;

/**
 * The CSV text with its heading row written for `mapping`: a mapped column gets its field's API
 * name (a heading the server reads in any language), the others keep theirs (read past); every
 * data row is left as it was, so the row numbers the server answers are the file's own.
 */
export function withMapping(raw: string, header: CsvHeader, mapping: ColumnMapping): string {
  const headings = header.headings.map((heading, i) => {
    const field = mapping[i];
    if (field) return field;
    // A heading the server would read as a field the user did not choose: no longer one.
    return fieldOfHeading(heading) ? `(${heading})` : heading;
  });
  const rest = raw.slice(header.end);
  return `${header.bom ? '\ufeff' : ''}${headings.map((h) => quote(h, header.separator)).join(header.separator)}\r\n${rest}`;
}
