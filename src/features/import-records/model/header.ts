import { csvField, headingKey, importHeadings, readCsv, type CsvSeparator, type ImportColumn } from '@timberlog/contract';

/** The field a heading names for the server (its export heading in either language, or its API name), or null when it reads the column past. */
export const fieldOfHeading = (columns: readonly ImportColumn[], heading: string): string | null =>
  importHeadings(columns).get(headingKey(heading)) ?? null;

export interface CsvHeader {
  /** `,` or `;`, as the server decides it (more `;` than `,` outside quotes on the first line). */
  readonly separator: CsvSeparator;
  readonly headings: readonly string[];
  /** Where the heading row ends in the text (its line break included), to put another one in its place. */
  readonly end: number;
  /** The text begins with a byte-order mark. */
  readonly bom: boolean;
}

/** The heading row of CSV text, read by the contract's CSV reader, as the server reads it. */
export function readCsvHeader(raw: string): CsvHeader {
  const bom = raw.startsWith('\ufeff');
  const read = readCsv(bom ? raw.slice(1) : raw, { maxRecords: 1 });
  return { separator: read.separator, headings: read.records[0] ?? [''], end: read.end + (bom ? 1 : 0), bom };
}

/** Each column's field: what the user chose for it, else what its heading names (null: read past). */
export type ColumnMapping = readonly (string | null)[];

/** The columns as the server would read them. */
export const recognisedMapping = (columns: readonly ImportColumn[], headings: readonly string[]): ColumnMapping => {
  const known = importHeadings(columns);
  return headings.map((heading) => known.get(headingKey(heading)) ?? null);
};

/** The required fields no column gives. */
export const missingFields = (columns: readonly ImportColumn[], mapping: ColumnMapping): string[] =>
  columns.filter((col) => col.required && !mapping.includes(col.field)).map((col) => col.field);

/** A field given by two columns: the server reads the first, so the mapping must not. */
export const twiceMapped = (mapping: ColumnMapping): string[] => {
  const seen = new Set<string>();
  const twice = new Set<string>();
  for (const field of mapping) if (field) (seen.has(field) ? twice : seen).add(field);
  return [...twice];
};

/**
 * The CSV text with its heading row written for `mapping`: a mapped column gets its field's API
 * name (a heading the server reads in any language), the others keep theirs (read past); every
 * data row is left as it was, so the row numbers the server answers are the file's own.
 */
export function withMapping(columns: readonly ImportColumn[], raw: string, header: CsvHeader, mapping: ColumnMapping): string {
  const headings = header.headings.map((heading, i) => {
    const field = mapping[i];
    if (field) return field;
    // A heading the server would read as a field the user did not choose: no longer one.
    return fieldOfHeading(columns, heading) ? `(${heading})` : heading;
  });
  const rest = raw.slice(header.end);
  return `${header.bom ? '\ufeff' : ''}${headings.map((h) => csvField(h, header.separator)).join(header.separator)}\r\n${rest}`;
}
