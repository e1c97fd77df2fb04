import { headingKey, importHeadings, readCsv, type ImportColumn } from '@timberlog/contract';

/** The field a heading names for the server (its export heading in either language, or its API name), or null when it reads the column past. */
export const fieldOfHeading = (columns: readonly ImportColumn[], heading: string): string | null =>
  importHeadings(columns).get(headingKey(heading)) ?? null;

/** The heading row of CSV text (past a byte-order mark), read by the contract's CSV reader as the server reads it. */
export function readCsvHeadings(raw: string): string[] {
  const text = raw.startsWith('\ufeff') ? raw.slice(1) : raw;
  const first = readCsv(text, { maxRecords: 100 }).records.find((record) => record.some((field) => field.trim() !== ''));
  return first ?? [''];
}

/** Each column's field: what the user chose for it, else what its heading names (null: read past). Sent as the import's `columns`. */
export type ColumnMapping = readonly (string | null)[];

/** The columns as the server would read them by their headings: a field two headings name is the first's. */
export const recognisedMapping = (columns: readonly ImportColumn[], headings: readonly string[]): ColumnMapping => {
  const known = importHeadings(columns);
  const seen = new Set<string>();
  return headings.map((heading) => {
    const field = known.get(headingKey(heading));
    if (field === undefined || seen.has(field)) return null;
    seen.add(field);
    return field;
  });
};

/** The required fields no column gives. */
export const missingFields = (columns: readonly ImportColumn[], mapping: ColumnMapping): string[] =>
  columns.filter((col) => col.required && !mapping.includes(col.field)).map((col) => col.field);

/** A field given by two columns: the server refuses such a mapping. */
export const twiceMapped = (mapping: ColumnMapping): string[] => {
  const seen = new Set<string>();
  const twice = new Set<string>();
  for (const field of mapping) if (field) (seen.has(field) ? twice : seen).add(field);
  return [...twice];
};
