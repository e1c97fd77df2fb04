import { once } from 'node:events';
import { PassThrough, type Writable } from 'node:stream';
import yazl from 'yazl';

export interface XlsxColumn {
  header: string;
  /** In characters, as spreadsheet programs measure column widths. */
  width: number;
  /**
   * The number format of the column's numeric cells (`0.000`, `dd.mm.yyyy`: a date is a number of
   * days, its format makes it a date cell); none: General.
   */
  numberFormat?: string;
}

/**
 * A number written as the text given (`12.500` as PostgreSQL wrote it, a date serial made from
 * its parts): turning a fractional number into text costs a microsecond, a million times over.
 * The text must be a number in XML Schema's `double` form (digits, a point, a sign).
 */
export class NumberText {
  constructor(readonly text: string) {}
}

/**
 * A cell: a number (or NumberText) is a numeric cell, a string a text cell; null, undefined and ''
 * leave it empty.
 */
export type XlsxCell = string | number | NumberText | null | undefined;

/** The most rows a sheet holds (Excel, LibreOffice): the heading and 1,048,575 data rows. */
export const XLSX_MAX_ROWS = 1_048_576;
/** The most characters a cell holds. */
const MAX_CELL_CHARS = 32_767;
/** Sheet XML is handed to the compressor in pieces of about this many characters. */
const PIECE = 64 * 1024;

const NS = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
const REL = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
const PKG_REL = 'http://schemas.openxmlformats.org/package/2006/relationships';
const HEAD = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n';

/**
 * One-sheet XLSX written as a stream: the fixed parts first, then the sheet's rows as they come
 * (deflated as they go), with a bold, frozen heading row with an autofilter, column widths and
 * each column's number format (dates and times are numbers formatted as such). Text is written as
 * inline strings (`t="inlineStr"`): never a formula, and no shared-string table to hold in memory.
 * Characters XML 1.0 cannot carry (control characters, lone surrogates) are left out.
 *
 * The archive around the sheet is yazl's: entries one after the other, the sheet deflated as it
 * streams with its CRC and sizes in a data descriptor after it, zip64 records once a size or offset
 * passes 4 GiB (a 1,048,575-row sheet of long notes can). Chosen over archiver (2026-11-25, 790 MB
 * of sheet XML at level 1 on this machine, load 4–5: ours 3.0 s CPU, archiver 8 about 4.0 s, yazl
 * about 5.0 s) for two packages instead of 45, plain Node streams (backpressure is `pipe`'s), and
 * a small, long-kept code base. Its CRC-32 is its own, in JavaScript on this thread (about 2.4 ns a
 * byte against zlib's 0.2): about 2.5 s of CPU for the 1,000,000-row export, the price of not
 * patching a dependency of a dependency (docs/decisions/0012-export-file-forms.md).
 */
export class XlsxWriter {
  private row = 0;
  private readonly refs: string[];
  /** `<c r="A`, `<c r="B`, ...: each column's cell up to its row number. */
  private readonly open: string[];
  /** Between a numeric cell's row number and its value: the column's style, if it has a number format. */
  private readonly numeric: string[];
  private failed: Error | undefined;
  private done = false;
  /** Rejects when the archive or the file fails: every wait races it, so a failure never hangs a write. */
  private readonly failure: Promise<never>;

  private constructor(
    private readonly zip: yazl.ZipFile,
    private readonly sheet: PassThrough,
    private readonly out: Writable,
    private readonly opts: XlsxOptions,
    styles: readonly (number | undefined)[],
  ) {
    this.refs = styles.map((_, i) => columnName(i));
    this.open = this.refs.map((ref) => `<c r="${ref}`);
    this.numeric = styles.map((style) => (style === undefined ? '"><v>' : `" s="${style}"><v>`));
    let fail: (err: Error) => void = () => undefined;
    this.failure = new Promise<never>((_, reject) => (fail = reject));
    // Awaited by the next wait; until then a rejection must not count as unhandled.
    this.failure.catch(() => undefined);
    const onError = (err: Error) => {
      this.failed ??= err;
      fail(this.failed);
    };
    // A failing file (a full disk) is unpiped by `pipe` and never drains again: without these the
    // writer would wait for it for ever.
    out.on('error', onError);
    out.once('close', () => {
      if (!this.done) onError(out.errored ?? new Error('xlsx: the output was closed'));
    });
    zip.on('error', onError);
    zip.outputStream.on('error', onError);
    sheet.on('error', onError);
  }

  /** Starts the file on `out` and writes the heading row. */
  static async create(out: Writable, opts: XlsxOptions): Promise<XlsxWriter> {
    const zip = new yazl.ZipFile();
    const file = (name: string, content: string) => zip.addBuffer(Buffer.from(content, 'utf8'), name, entryOptions(opts));
    file(
      '[Content_Types].xml',
      `${HEAD}<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">` +
        '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>' +
        '<Default Extension="xml" ContentType="application/xml"/>' +
        '<Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/>' +
        '<Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/>' +
        '<Override PartName="/xl/styles.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.styles+xml"/>' +
        '</Types>',
    );
    file(
      '_rels/.rels',
      `${HEAD}<Relationships xmlns="${PKG_REL}">` +
        `<Relationship Id="rId1" Type="${REL}/officeDocument" Target="xl/workbook.xml"/></Relationships>`,
    );
    file(
      'xl/_rels/workbook.xml.rels',
      `${HEAD}<Relationships xmlns="${PKG_REL}">` +
        `<Relationship Id="rId1" Type="${REL}/worksheet" Target="worksheets/sheet1.xml"/>` +
        `<Relationship Id="rId2" Type="${REL}/styles" Target="styles.xml"/></Relationships>`,
    );
    // Style 0: the default; style 1: bold (the heading row); then one per number format (ids from
    // 164, where custom formats start).
    const formats = [...new Set(opts.columns.map((c) => c.numberFormat).filter((f): f is string => Boolean(f)))];
    const styles = opts.columns.map((c) => (c.numberFormat ? 2 + formats.indexOf(c.numberFormat) : undefined));
    const numFmts = formats.length
      ? `<numFmts count="${formats.length}">${formats.map((f, i) => `<numFmt numFmtId="${164 + i}" formatCode="${escapeXml(f)}"/>`).join('')}</numFmts>`
      : '';
    const numXfs = formats.map((_, i) => `<xf numFmtId="${164 + i}" fontId="0" fillId="0" borderId="0" xfId="0" applyNumberFormat="1"/>`);
    file(
      'xl/styles.xml',
      `${HEAD}<styleSheet xmlns="${NS}">${numFmts}` +
        '<fonts count="2"><font><sz val="11"/><name val="Calibri"/><family val="2"/></font><font><b/><sz val="11"/><name val="Calibri"/><family val="2"/></font></fonts>' +
        '<fills count="2"><fill><patternFill patternType="none"/></fill><fill><patternFill patternType="gray125"/></fill></fills>' +
        '<borders count="1"><border><left/><right/><top/><bottom/><diagonal/></border></borders>' +
        '<cellStyleXfs count="1"><xf numFmtId="0" fontId="0" fillId="0" borderId="0"/></cellStyleXfs>' +
        `<cellXfs count="${2 + formats.length}"><xf numFmtId="0" fontId="0" fillId="0" borderId="0" xfId="0"/><xf numFmtId="0" fontId="1" fillId="0" borderId="0" xfId="0" applyFont="1"/>${numXfs.join('')}</cellXfs>` +
        '<cellStyles count="1"><cellStyle name="Normal" xfId="0" builtinId="0"/></cellStyles></styleSheet>',
    );
    // The sheet's XML is written into `sheet` and read by yazl when its turn comes; a full buffer
    // waits, so what is held is a few buffers whatever the sheet's size.
    const sheet = new PassThrough({ highWaterMark: 256 * 1024 });
    zip.addReadStream(sheet, 'xl/worksheets/sheet1.xml', entryOptions(opts));
    // The workbook (which names the autofilter's range) and the archive's end follow the sheet.
    // The caller ends `out` after `finish`.
    zip.outputStream.pipe(out, { end: false });
    const writer = new XlsxWriter(zip, sheet, out, opts, styles);
    const cols = opts.columns
      .map((c, i) => `<col min="${i + 1}" max="${i + 1}" width="${Number(c.width) || 10}" customWidth="1"/>`)
      .join('');
    await writer.write(
      `${HEAD}<worksheet xmlns="${NS}" xmlns:r="${REL}">` +
        '<sheetViews><sheetView workbookViewId="0"><pane ySplit="1" topLeftCell="A2" activePane="bottomLeft" state="frozen"/><selection pane="bottomLeft"/></sheetView></sheetViews>' +
        `<sheetFormatPr defaultRowHeight="15"/><cols>${cols}</cols><sheetData>`,
    );
    writer.row = 1;
    await writer.write(
      `<row r="1">${opts.columns.map((c, i) => `<c r="${writer.refs[i]}1" s="1" t="inlineStr"><is>${text(c.header)}</is></c>`).join('')}</row>`,
    );
    return writer;
  }

  /** Rows written so far, the heading included. */
  get rows(): number {
    return this.row;
  }

  /** Appends rows, `cell` giving each column's cell of a row; resolves when the compressor can take more. */
  async addRows<R>(rows: readonly R[], cell: (row: R, column: number) => XlsxCell): Promise<void> {
    if (this.row + rows.length > XLSX_MAX_ROWS) throw new Error(`xlsx: a sheet holds at most ${XLSX_MAX_ROWS} rows`);
    // Each cell opens with its reference: the column's part once, the row's number once per row.
    const open = this.open;
    const numeric = this.numeric;
    const n = open.length;
    let xml = '';
    for (const row of rows) {
      const r = String(++this.row);
      xml += '<row r="' + r + '">';
      for (let i = 0; i < n; i++) {
        const v = cell(row, i);
        if (typeof v === 'number') {
          xml += Number.isFinite(v)
            ? open[i] + r + numeric[i] + v + '</v></c>'
            : open[i] + r + '" t="inlineStr"><is>' + text(String(v)) + '</is></c>';
        } else if (v instanceof NumberText) {
          xml += open[i] + r + numeric[i] + v.text + '</v></c>';
        } else if (v) {
          xml += open[i] + r + '" t="inlineStr"><is>' + text(v) + '</is></c>';
        }
      }
      xml += '</row>';
      if (xml.length >= PIECE) {
        await this.write(xml);
        xml = '';
      }
    }
    if (xml) await this.write(xml);
  }

  /** Hands sheet XML to the compressor; resolves when it can take more. */
  private async write(xml: string): Promise<void> {
    if (this.failed) throw this.failed;
    if (!this.sheet.write(xml)) await this.until(once(this.sheet, 'drain'));
  }

  private async until(event: Promise<unknown>): Promise<void> {
    await Promise.race([event, this.failure]);
  }

  /** Closes the sheet and the zip, resolving once all of it was handed to the file (the caller then ends it). */
  async finish(): Promise<void> {
    const outputDone = once(this.zip.outputStream, 'end');
    // The autofilter over the heading and every row written.
    const range = `A1:${this.refs[this.refs.length - 1] ?? 'A'}${this.row}`;
    await this.write(
      `</sheetData><autoFilter ref="${range}"/><pageMargins left="0.7" right="0.7" top="0.75" bottom="0.75" header="0.3" footer="0.3"/></worksheet>`,
    );
    this.sheet.end();
    const name = sheetName(this.opts.sheetName);
    // Excel names an autofilter's range `_xlnm._FilterDatabase` (it writes one and reads it).
    const absolute = range.replace(/([A-Z]+)(\d+)/g, '$$$1$$$2');
    this.zip.addBuffer(
      Buffer.from(
        `${HEAD}<workbook xmlns="${NS}" xmlns:r="${REL}"><bookViews><workbookView/></bookViews>` +
          `<sheets><sheet name="${escapeXml(name)}" sheetId="1" r:id="rId1"/></sheets>` +
          `<definedNames><definedName name="_xlnm._FilterDatabase" localSheetId="0" hidden="1">${escapeXml(`'${name.replace(/'/g, "''")}'!${absolute}`)}</definedName></definedNames></workbook>`,
        'utf8',
      ),
      'xl/workbook.xml',
      entryOptions(this.opts),
    );
    this.zip.end({ forceZip64Format: Boolean(this.opts.forceZip64), comment: '' });
    await this.until(outputDone);
    this.done = true;
  }

  /** Gives the file up: nothing more goes to it. */
  destroy(): void {
    const output = this.zip.outputStream as PassThrough; // what yazl makes it (its types say only "a readable stream")
    output.unpipe(this.out);
    this.sheet.destroy();
    output.destroy();
  }
}

export interface XlsxOptions {
  sheetName: string;
  columns: readonly XlsxColumn[];
  /** Deflate level, 1 (fast) to 9. */
  level?: number;
  /** Tests: write the zip64 form even for a small file. */
  forceZip64?: boolean;
}

function entryOptions(opts: XlsxOptions) {
  return { compressionLevel: opts.level ?? 1, forceZip64Format: Boolean(opts.forceZip64) };
}

/** A, B, ... Z, AA, AB, ... */
function columnName(index: number): string {
  let name = '';
  for (let n = index + 1; n > 0; n = Math.floor((n - 1) / 26)) name = String.fromCharCode(65 + ((n - 1) % 26)) + name;
  return name;
}

/** Excel's rules for a sheet name: 1–31 characters, none of : \ / ? * [ ]. */
function sheetName(name: string): string {
  return (
    stripInvalid(name)
      .replace(/[:\\/?*[\]]/g, ' ')
      .slice(0, 31)
      .trim() || 'Sheet1'
  );
}

// eslint-disable-next-line no-control-regex
const SPECIAL = /[&<>"\u0000-\u0008\u000b\u000c\u000e-\u001f\ud800-\udfff\ufffe\uffff]/;
const INVALID =
  // eslint-disable-next-line no-control-regex
  /[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;

function stripInvalid(s: string): string {
  return s.replace(INVALID, '');
}

/** Text for element content: escaped, with the characters XML 1.0 cannot carry left out. */
export function escapeXml(s: string): string {
  if (!SPECIAL.test(s)) return s;
  return stripInvalid(s).replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

/** An inline string's `<t>`, keeping leading and trailing spaces and line breaks. */
function text(value: string): string {
  const s = value.length > MAX_CELL_CHARS ? value.slice(0, MAX_CELL_CHARS) : value;
  const first = s.charCodeAt(0);
  const last = s.charCodeAt(s.length - 1);
  return first <= 32 || last <= 32 || s.includes('\n') ? `<t xml:space="preserve">${escapeXml(s)}</t>` : `<t>${escapeXml(s)}</t>`;
}
