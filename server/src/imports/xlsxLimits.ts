import { Unzip, UnzipInflate, UnzipPassThrough } from 'fflate';
import { IMPORT } from '@timberlog/contract';

/**
 * What an XLSX upload may unpack to. The 10 MB cap on the upload is on the compressed file, and a
 * few hundred kB of deflate can unpack to gigabytes: these limits are checked while the file is
 * inflated, a small piece at a time, before the spreadsheet reader sees it, so a file over one
 * costs at most one piece's memory and stops there.
 */
export const XLSX_LIMITS = {
  /** Inflated bytes of one part of the file (a sheet, the shared strings). */
  entryBytes: 48 * 1024 * 1024,
  /** Inflated bytes of all parts together. */
  totalBytes: 96 * 1024 * 1024,
  /** Characters of one text (a cell's string): Excel's own limit for a cell. */
  cellChars: 32_767,
  /** Cells of all sheets together: every row of the largest import with 50 columns. */
  cells: (IMPORT.maxRows + 1) * 50,
  /** Rows of all sheets together (the heading row and the largest import's rows, and a margin for empty rows). */
  rows: (IMPORT.maxRows + 1) * 2,
  /** Strings in the shared string table. */
  sharedStrings: (IMPORT.maxRows + 1) * 50,
} as const;

export type XlsxLimit = 'entryBytes' | 'totalBytes' | 'cellChars' | 'cells' | 'rows' | 'sharedStrings';

/** A file over a limit: which, and the limit's value. */
export class XlsxTooLarge extends Error {
  constructor(
    readonly limit: XlsxLimit,
    readonly value: number,
  ) {
    super(`xlsx over its ${limit} limit (${value})`);
  }
}

/** Counts a tag's occurrences across chunks of XML text (a tag may be split between two). */
class TagCounter {
  count = 0;
  private tail = '';
  constructor(private readonly tag: RegExp) {}
  push(text: string): void {
    const joined = this.tail + text;
    this.count += joined.match(this.tag)?.length ?? 0;
    // Keep the end that could be the start of a tag cut in two, but never a whole tag counted above.
    const lastOpen = joined.lastIndexOf('<');
    this.tail = lastOpen >= 0 && joined.length - lastOpen < 8 ? joined.slice(lastOpen) : '';
    if (this.tail && this.tag.test(this.tail)) this.tail = '';
    this.tag.lastIndex = 0;
  }
}

/** Piece of compressed input fed to the inflater at a time: at most ~1,000 times as much comes out. */
const PIECE = 16 * 1024;

/**
 * Inflates every part of an XLSX file, a piece at a time, and throws XlsxTooLarge as soon as the
 * file goes over a limit: inflated size (per part, in all), the longest text, rows, cells and shared
 * strings. A file that is not a ZIP is left to the spreadsheet reader to refuse.
 */
export function checkXlsxLimits(body: Uint8Array): void {
  let total = 0;
  let longest = 0;
  const rows = new TagCounter(/<(?:\w+:)?row[\s>/]/g);
  const cells = new TagCounter(/<(?:\w+:)?c[\s>/]/g);
  const strings = new TagCounter(/<(?:\w+:)?si[\s>/]/g);
  let failure: XlsxTooLarge | null = null;
  const fail = (limit: XlsxLimit, value: number) => {
    failure ??= new XlsxTooLarge(limit, value);
  };

  const unzip = new Unzip();
  unzip.register(UnzipInflate);
  unzip.register(UnzipPassThrough);
  unzip.onfile = (file) => {
    const name = file.name;
    const isSheet = /^xl\/worksheets\/[^/]+\.xml$/.test(name);
    const isStrings = name === 'xl/sharedStrings.xml';
    const decoder = new TextDecoder();
    let size = 0;
    let run = 0;
    file.ondata = (error, data) => {
      if (error || failure) return;
      size += data.length;
      total += data.length;
      if (size > XLSX_LIMITS.entryBytes) return fail('entryBytes', XLSX_LIMITS.entryBytes);
      if (total > XLSX_LIMITS.totalBytes) return fail('totalBytes', XLSX_LIMITS.totalBytes);
      if (!isSheet && !isStrings) return;
      const text = decoder.decode(data, { stream: true });
      // The longest run of characters between two tags bounds the longest text of the part.
      for (let i = 0; i < text.length; i++) {
        if (text.charCodeAt(i) === 60 /* < */) run = 0;
        else if (++run > longest) longest = run;
      }
      if (longest > XLSX_LIMITS.cellChars) return fail('cellChars', XLSX_LIMITS.cellChars);
      if (isSheet) {
        rows.push(text);
        cells.push(text);
        if (rows.count > XLSX_LIMITS.rows) return fail('rows', XLSX_LIMITS.rows);
        if (cells.count > XLSX_LIMITS.cells) return fail('cells', XLSX_LIMITS.cells);
      } else {
        strings.push(text);
        if (strings.count > XLSX_LIMITS.sharedStrings) return fail('sharedStrings', XLSX_LIMITS.sharedStrings);
      }
    };
    file.start();
  };

  try {
    for (let at = 0; at < body.length && !failure; at += PIECE) {
      const end = Math.min(at + PIECE, body.length);
      unzip.push(body.subarray(at, end), end === body.length);
    }
  } catch (error) {
    if (failure) throw failure;
    // Not a ZIP the inflater can read: the spreadsheet reader says so in its own words.
    if (error instanceof XlsxTooLarge) throw error;
    return;
  }
  if (failure) throw failure;
}
