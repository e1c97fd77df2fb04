import ExcelJS from 'exceljs';
import { sql, type Transaction } from 'kysely';
import {
  DOCUMENT_NUMBER,
  IMPORT,
  LIMITS,
  LOCALES,
  MESSAGES,
  QUANTITY_PATTERN,
  WAYBILL_IMPORT_COLUMNS,
  documentNumber,
  importFileName,
  integerProblem,
  isValidDate,
  type Locale,
  type WaybillImportField,
} from '@timberlog/contract';
import type { App, AppContext } from '../shared/context.js';
import type { Database } from '../shared/db.js';
import { ApiError, FieldErrors, type Msg } from '../shared/errors.js';
import { errors, FieldErrorsSchema, Nullable, ref, StrEnum, Type, type Static } from '../shared/schema.js';
import { t } from '../shared/i18n.js';
import { transaction } from '../shared/transaction.js';
import { currentUser } from '../auth/guards.js';
import { BatchJob, createBatchJob, type BatchAsker } from '../batch/service.js';
import { checkFields, loadedRefs, type WaybillFields } from './changes.js';

/**
 * Waybills from a spreadsheet: CSV (`,` or `;`, decimal point or comma, UTF-8 with or without a
 * byte-order mark) or XLSX (read with exceljs). Columns are found by their heading, in English or
 * Estonian: the headings the waybill export writes, so an exported file imports again (its other
 * columns are read past). Every row is checked with the rules of creating a waybill (changes.ts:
 * checkFields) against the reference data; the real run writes every row in one transaction or
 * none, each created waybill's history saying `import` with the file's name as its reason.
 */

export const ImportError = Type.Object(
  {
    row: Type.Integer({ description: 'The row as the spreadsheet numbers it (the heading row is 1).' }),
    field: Type.String({ description: 'The waybill field (`quantity`), or `row` for the row as a whole.' }),
    message: Type.String({ description: "In the caller's language." }),
  },
  { $id: 'ImportError', title: 'ImportError' },
);
export const ImportResult = Type.Object(
  {
    dryRun: Type.Boolean(),
    file: Nullable(Type.String({ description: "The file's name, as the history keeps it." })),
    rows: Type.Integer({ description: 'Data rows in the file (empty rows not counted).' }),
    valid: Type.Integer({ description: 'Rows with no error.' }),
    invalid: Type.Integer(),
    errors: Type.Array(Type.Ref('ImportError'), { description: `Each problem of each row, in order (at most ${IMPORT.maxErrors}).` }),
    imported: Type.Integer({ description: 'Waybills created: every row, or none.' }),
    numbers: Type.Array(Type.String(), { description: "The numbers of the waybills created, in the rows' order." }),
  },
  { $id: 'ImportResult', title: 'ImportResult' },
);
export const importSchemas = [ImportError, ImportResult];
type Result = Static<typeof ImportResult>;

const ImportQuery = Type.Object({
  dryRun: Type.Boolean({ description: 'true: check every row and write nothing.' }),
  filename: Type.Optional(
    Type.String({ maxLength: 255, description: "The file's name, for the history (or a Content-Disposition header's filename)." }),
  ),
});
const TemplateQuery = Type.Object({ format: StrEnum(IMPORT.formats, { description: 'csv or xlsx.' }) });

/** A cell as read: its text, and whether the spreadsheet held a formula there. */
interface Cell {
  text: string;
  formula?: boolean;
}

const fileError = (key: string, params?: Record<string, string | number>): ApiError =>
  new ApiError(400, undefined, { file: [{ key, params }] });

/** RFC 4180 records of `text`, split on `sep`: quoted fields may hold the separator, quotes ("") and line breaks. */
function csvRecords(text: string, sep: string): string[][] {
  const records: string[][] = [];
  let record: string[] = [];
  let field = '';
  let quoted = false;
  let i = 0;
  const n = text.length;
  while (i < n) {
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
  if (field !== '' || record.length > 0) {
    record.push(field);
    records.push(record);
  }
  return records;
}

/** The separator of a CSV file: `;` when its first line has more of them (outside quotes) than commas. */
function csvSeparator(text: string): string {
  const end = text.search(/\r|\n/);
  const first = (end === -1 ? text : text.slice(0, end)).replace(/"[^"]*"/g, '');
  return (first.match(/;/g)?.length ?? 0) > (first.match(/,/g)?.length ?? 0) ? ';' : ',';
}

function readCsv(body: Buffer): { cells: Cell[][]; numbers: number[] } {
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(body);
  } catch {
    throw fileError('import.unreadable');
  }
  if (text.startsWith('\ufeff')) text = text.slice(1);
  // Text with control characters other than tab and line breaks is not a spreadsheet's.
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code < 32 && code !== 9 && code !== 10 && code !== 13) throw fileError('import.unreadable');
  }
  const records = csvRecords(text, csvSeparator(text));
  return {
    cells: records.map((record) => record.map((value) => ({ text: value, formula: /^[=+@]/.test(value) || /^-[A-Za-z(]/.test(value) }))),
    numbers: records.map((_, i) => i + 1),
  };
}

const pad = (n: number) => String(n).padStart(2, '0');

async function readXlsx(body: Buffer): Promise<{ cells: Cell[][]; numbers: number[] }> {
  const workbook = new ExcelJS.Workbook();
  try {
    await workbook.xlsx.load(body as unknown as ArrayBuffer);
  } catch {
    throw fileError('import.unreadable');
  }
  const sheet = workbook.worksheets[0];
  if (!sheet) throw fileError('import.empty');
  const cells: Cell[][] = [];
  const numbers: number[] = [];
  sheet.eachRow({ includeEmpty: false }, (row, number) => {
    const values: Cell[] = [];
    for (let c = 1; c <= row.cellCount; c++) {
      const cell = row.getCell(c);
      const v = cell.value;
      let out: Cell;
      if (v === null || v === undefined) out = { text: '' };
      else if (cell.type === ExcelJS.ValueType.Formula || (typeof v === 'object' && ('formula' in v || 'sharedFormula' in v)))
        out = { text: '', formula: true };
      else if (v instanceof Date)
        out = { text: Number.isNaN(v.getTime()) ? '' : `${v.getUTCFullYear()}-${pad(v.getUTCMonth() + 1)}-${pad(v.getUTCDate())}` };
      else if (typeof v === 'number') out = { text: Number.isInteger(v) ? String(v) : String(Number(v.toFixed(6))) };
      else if (typeof v === 'boolean') out = { text: String(v) };
      else if (typeof v === 'string') out = { text: v };
      else if (typeof v === 'object' && 'richText' in v) out = { text: v.richText.map((r) => r.text).join('') };
      else if (typeof v === 'object' && 'text' in v) out = { text: String(v.text) };
      else out = { text: String(cell.text ?? '') };
      values.push(out);
    }
    cells.push(values);
    numbers.push(number);
  });
  return { cells, numbers };
}

/** How a heading is compared: trimmed, spaces folded, lower case. */
const headingKey = (text: string) => text.trim().replace(/\s+/g, ' ').toLowerCase();

/** Each field's column by its heading (the export's in either language, or the field's API name). */
const HEADINGS: ReadonlyMap<string, WaybillImportField> = new Map(
  WAYBILL_IMPORT_COLUMNS.flatMap((col) => [
    ...LOCALES.map((locale) => [headingKey(MESSAGES[locale][col.header]), col.field] as const),
    [headingKey(col.field), col.field] as const,
  ]),
);

/** A date as a spreadsheet holds it: 2026-11-23, 23.11.2026 or 23/11/2026. */
function parseDate(text: string): string | undefined {
  const v = text.trim().slice(0, 10).trim();
  const iso = /^(\d{4})-(\d{1,2})-(\d{1,2})$/.exec(v);
  const dmy = /^(\d{1,2})[./](\d{1,2})[./](\d{4})$/.exec(text.trim());
  const parts = iso ? [iso[1]!, iso[2]!, iso[3]!] : dmy ? [dmy[3]!, dmy[2]!, dmy[1]!] : undefined;
  if (!parts) return undefined;
  const date = `${parts[0]}-${parts[1]!.padStart(2, '0')}-${parts[2]!.padStart(2, '0')}`;
  return isValidDate(date) ? date : undefined;
}

const QUANTITY = new RegExp(QUANTITY_PATTERN);
const MAX_LENGTH: Partial<Record<WaybillImportField, number>> = {
  origin: LIMITS.codeMaxLength,
  destination: LIMITS.codeMaxLength,
  assortment: LIMITS.codeMaxLength,
  destinationCompany: LIMITS.registryCodeLength,
  driverName: LIMITS.nameMaxLength,
  vehicleNumber: LIMITS.vehicleNumberMaxLength,
  notes: LIMITS.notesMaxLength,
};

/** One row's fields as the create call takes them, and the problems of their values. */
function parseRow(cells: Cell[], columns: ReadonlyMap<WaybillImportField, number>): { fields: WaybillFields; problems: [string, Msg][] } {
  const fields: Record<string, unknown> = {};
  const problems: [string, Msg][] = [];
  for (const col of WAYBILL_IMPORT_COLUMNS) {
    const index = columns.get(col.field);
    const cell = index === undefined ? undefined : cells[index];
    if (cell?.formula) {
      problems.push([col.field, { key: 'import.formula' }]);
      continue;
    }
    // The export writes a leading ' before text a spreadsheet would take for a formula.
    const text = (cell?.text ?? '').replace(/^'(?=[=+\-@\t\r])/, '').trim();
    if (text === '') {
      if (col.required) problems.push([col.field, { key: 'field.required' }]);
      continue;
    }
    if ([...text].length > (MAX_LENGTH[col.field] ?? Infinity)) {
      problems.push([col.field, { key: 'field.maxLength', params: { limit: MAX_LENGTH[col.field]! } }]);
      continue;
    }
    if (text.includes('\u0000')) {
      problems.push([col.field, { key: 'field.nullChar' }]);
      continue;
    }
    switch (col.field) {
      case 'transportDate': {
        const date = parseDate(text);
        if (date) fields.transportDate = date;
        else problems.push([col.field, { key: 'field.format.date' }]);
        break;
      }
      case 'mileage': {
        const problem = integerProblem(text.replace(/\s/g, ''), LIMITS.mileageMin, LIMITS.mileageMax);
        if (problem) problems.push([col.field, problem]);
        else fields.mileage = Number(text.replace(/\s/g, ''));
        break;
      }
      case 'quantity': {
        const value = text.replace(/\s/g, '').replace(',', '.');
        if (QUANTITY.test(value)) fields.quantity = value;
        else problems.push([col.field, { key: 'field.pattern.decimal', params: { decimals: LIMITS.quantityMaxDecimals } }]);
        break;
      }
      default:
        fields[col.field] = text;
    }
  }
  return { fields: fields as WaybillFields, problems };
}

/** A file's data rows: the heading row found, each row's fields or problems. */
export interface ParsedFile {
  rows: { line: number; fields: WaybillFields; problems: [string, Msg][] }[];
}

/** Reads a file into rows (file-level problems are a 400 on `file`). */
export async function parseFile(body: Buffer | undefined): Promise<ParsedFile> {
  if (!body || body.length === 0) throw fileError('import.empty');
  if (body.length > IMPORT.maxBytes) throw fileError('import.tooLarge', { limit: IMPORT.maxBytes / 1024 / 1024 });
  const isZip = body.length >= 4 && body.readUInt32LE(0) === 0x04034b50;
  const { cells, numbers } = isZip ? await readXlsx(body) : readCsv(body);
  const nonEmpty = cells
    .map((row, i) => ({ row, line: numbers[i]! }))
    .filter(({ row }) => row.some((c) => c.text.trim() !== '' || c.formula));
  const header = nonEmpty[0];
  if (!header) throw fileError('import.empty');
  const columns = new Map<WaybillImportField, number>();
  header.row.forEach((cell, index) => {
    const field = HEADINGS.get(headingKey(cell.text));
    if (field && !columns.has(field)) columns.set(field, index);
  });
  const missing = WAYBILL_IMPORT_COLUMNS.find((col) => col.required && !columns.has(col.field));
  if (missing) throw new MissingColumn(missing.header);
  const data = nonEmpty.slice(1);
  if (data.length === 0) throw fileError('import.empty');
  if (data.length > IMPORT.maxRows)
    throw fileError('import.tooManyRows', { count: data.length.toLocaleString('en'), limit: IMPORT.maxRows.toLocaleString('en') });
  return { rows: data.map(({ row, line }) => ({ line, ...parseRow(row, columns) })) };
}

/** A required column the heading row does not name: its heading, said in the caller's language. */
class MissingColumn extends Error {
  constructor(readonly header: (typeof WAYBILL_IMPORT_COLUMNS)[number]['header']) {
    super('missing column');
  }
}

/**
 * Checks every row with the create rules against the reference data as the transaction sees it,
 * and writes them all when none has an error and `write` is set. Answers the result and the
 * created numbers.
 */
async function checkAndWrite(
  trx: Transaction<Database>,
  parsed: ParsedFile,
  locale: Locale,
  write: boolean,
  progress?: (share: number) => Promise<void>,
) {
  const refs = await loadedRefs(trx);
  const errorsOut: Result['errors'] = [];
  let invalid = 0;
  const good: WaybillFields[] = [];
  for (const [i, row] of parsed.rows.entries()) {
    const errs = new FieldErrors();
    for (const [field, msg] of row.problems) errs.add(field, msg.key, msg.params);
    const fields = await checkFields(trx, row.fields, errs, undefined, refs);
    let fieldErrors: Record<string, Msg[]> = {};
    try {
      errs.throwIfAny();
    } catch (err) {
      fieldErrors = (err as ApiError).fields ?? {};
    }
    const entries = Object.entries(fieldErrors);
    if (entries.length > 0) {
      invalid += 1;
      for (const [field, msgs] of entries)
        for (const msg of msgs)
          if (errorsOut.length < IMPORT.maxErrors) errorsOut.push({ row: row.line, field, message: t(locale, msg.key, msg.params) });
    } else good.push(fields);
    if (progress && i % 500 === 0) await progress((i / parsed.rows.length) * (write ? 40 : 100));
  }
  const numbers: string[] = [];
  if (write && invalid === 0) {
    const seq = await sql<{
      seq: string;
      year: number;
    }>`SELECT nextval('waybill_number_seq')::text AS seq, extract(year FROM now())::int AS year
      FROM generate_series(1, ${good.length})`.execute(trx);
    for (const r of seq.rows) numbers.push(documentNumber(DOCUMENT_NUMBER.waybillPrefix, r.year, Number(r.seq)));
    const asker =
      (await sql<{ actor: string }>`SELECT current_setting('timberlog.actor', true) AS actor`.execute(trx)).rows[0]?.actor || null;
    const CHUNK = 1000;
    for (let start = 0; start < good.length; start += CHUNK) {
      await trx
        .insertInto('waybills')
        .values(
          good.slice(start, start + CHUNK).map((f, k) => ({
            number: numbers[start + k]!,
            status: 'draft',
            transportDate: f.transportDate!,
            origin: f.origin!,
            destination: f.destination!,
            destinationCompany: f.destinationCompany!,
            driverName: f.driverName!,
            vehicleNumber: f.vehicleNumber!,
            mileage: f.mileage!,
            assortment: f.assortment!,
            quantity: f.quantity!,
            notes: f.notes ?? '',
            createdBy: asker,
          })),
        )
        .execute();
      if (progress) await progress(40 + ((start + CHUNK) / good.length) * 59);
    }
  }
  return {
    rows: parsed.rows.length,
    valid: parsed.rows.length - invalid,
    invalid,
    errors: errorsOut,
    imported: numbers.length,
    numbers,
  };
}

interface ImportJobInput {
  parsed: ParsedFile;
  file: string | null;
}

/** The background form of an import (the batch handler of kind `import`): all rows in one transaction, or none. */
export async function runImportJob(ctx: AppContext, asker: BatchAsker, input: ImportJobInput, progress: (share: number) => Promise<void>) {
  const result = await transaction(ctx.db, (trx) => checkAndWrite(trx, input.parsed, asker.locale, true, progress), {
    actor: asker.email,
    via: 'import',
    reason: input.file ?? undefined,
  });
  return { dryRun: false, file: input.file, ...result };
}

/** The file's name: the query's, or a Content-Disposition header's. */
function fileNameOf(query: string | undefined, disposition: string | undefined): string | null {
  const fromHeader = disposition
    ? (/filename\*=UTF-8''([^;]+)/i.exec(disposition)?.[1] ?? /filename="?([^";]+)"?/i.exec(disposition)?.[1])
    : undefined;
  let name = query ?? fromHeader;
  if (name && name === /filename\*=UTF-8''([^;]+)/i.exec(disposition ?? '')?.[1]) {
    try {
      name = decodeURIComponent(name);
    } catch {
      // Kept as sent.
    }
  }
  return importFileName(name) || null;
}

/**
 * The uploaded file as the route gets it: its bytes held where the app's request hooks (which walk
 * a body's properties looking for NUL characters) do not walk them one by one.
 */
export class UploadedFile {
  readonly #data: Buffer;
  constructor(data: Buffer) {
    this.#data = data;
  }
  get data(): Buffer {
    return this.#data;
  }
}

export async function importRoutes(app: App) {
  const { db } = app.ctx;
  // The file comes as the body, as it is: CSV text or an XLSX workbook (or any bytes, read by their first ones).
  app.addContentTypeParser(
    ['text/csv', 'text/plain', IMPORT.xlsxType, 'application/octet-stream'],
    { parseAs: 'buffer', bodyLimit: 2 * IMPORT.maxBytes },
    (_req, body, done) => done(null, new UploadedFile(body as Buffer)),
  );

  app.post(
    '/api/waybills/import/',
    {
      schema: {
        operationId: 'importWaybills',
        summary: 'Import waybills from a CSV or XLSX file',
        description: `Any signed-in user. The body is the file itself (\`text/csv\` or \`${IMPORT.xlsxType}\`), at most ${IMPORT.maxBytes / 1024 / 1024} MB and ${IMPORT.maxRows.toLocaleString('en')} rows. The first row names the columns, in English or Estonian (the headings the waybill export writes; its other columns are read past): ${WAYBILL_IMPORT_COLUMNS.map((c) => `${MESSAGES.en[c.header]}${c.required ? '' : ' (optional)'}`).join(', ')}. CSV with \`,\` or \`;\`, a decimal point or comma, dates as 2026-11-23, 23.11.2026 or 23/11/2026, UTF-8 with or without a byte-order mark; formulas are refused. \`dryRun=true\` checks every row with the rules of creating a waybill and the reference data and writes nothing; the answer lists each problem by the row number the spreadsheet shows. \`dryRun=false\` creates every row as a draft in one transaction, or none when any row has a problem (400 with the same answer); each waybill's history says \`import\`, with the file's name as its reason. More than ${IMPORT.inlineMaxRows} rows are written by a background job (202 and the job to poll, whose result is this answer). File problems (empty, unreadable, a missing column, too many rows) are a 400 on \`file\`.`,
        tags: ['waybills'],
        querystring: ImportQuery,
        response: {
          200: ref(ImportResult),
          201: ref(ImportResult),
          202: ref(BatchJob),
          ...errors(400, 401, 413, 415),
          // A real run refused for its rows' problems answers them as a dry run does; a file problem is a field error on `file`.
          400: Type.Union([ref(ImportResult), ref(FieldErrorsSchema)]),
        },
      },
    },
    async (request, reply) => {
      const user = currentUser(request);
      if (!(request.body instanceof UploadedFile) && request.body !== undefined && request.body !== null)
        throw new ApiError(415, { key: 'media.unsupported', params: { type: String(request.headers['content-type'] ?? '') } });
      const file = fileNameOf(request.query.filename, request.headers['content-disposition']);
      let parsed: ParsedFile;
      try {
        parsed = await parseFile(request.body instanceof UploadedFile ? request.body.data : undefined);
      } catch (err) {
        if (err instanceof MissingColumn) throw fileError('import.missingColumn', { column: t(request.locale, err.header) });
        throw err;
      }
      const asker: BatchAsker = { email: user.email, isStaff: user.isStaff, locale: request.locale };
      if (request.query.dryRun) {
        const result = await db.transaction().execute((trx) => checkAndWrite(trx, parsed, request.locale, false));
        return { dryRun: true, file, ...result };
      }
      if (parsed.rows.length > IMPORT.inlineMaxRows) {
        // Checked now (a file with errors is answered at once), written by the job, which checks again in its transaction.
        const checked = await db.transaction().execute((trx) => checkAndWrite(trx, parsed, request.locale, false));
        if (checked.invalid > 0) return reply.status(400).send({ dryRun: false, file, ...checked });
        reply.status(202);
        return createBatchJob(app.ctx, 'import', asker, { parsed, file } satisfies ImportJobInput, parsed.rows.length);
      }
      const result = await transaction(db, (trx) => checkAndWrite(trx, parsed, request.locale, true), {
        actor: user.email,
        via: 'import',
        reason: file ?? undefined,
      });
      if (result.invalid > 0) return reply.status(400).send({ dryRun: false, file, ...result });
      reply.status(201);
      return { dryRun: false, file, ...result };
    },
  );

  app.get(
    '/api/waybills/import/template/',
    {
      schema: {
        operationId: 'waybillImportTemplate',
        summary: 'A file to fill in for an import',
        description: "Any signed-in user. The heading row of an import, in the caller's language, as CSV or XLSX.",
        tags: ['waybills'],
        querystring: TemplateQuery,
        response: {
          200: {
            description: 'The heading row to fill in under.',
            content: {
              [IMPORT.xlsxType]: { schema: { type: 'string', format: 'binary' } },
              'text/csv': { schema: { type: 'string', format: 'binary' } },
            },
          },
          ...errors(400, 401),
        },
      },
    },
    async (request, reply) => {
      const headings = WAYBILL_IMPORT_COLUMNS.map((c) => t(request.locale, c.header));
      const stem = request.locale === 'et' ? 'veoselehed-import' : 'waybills-import';
      if (request.query.format === 'csv') {
        const sep = request.locale === 'et' ? ';' : ',';
        reply.header('Content-Type', 'text/csv; charset=utf-8').header('Content-Disposition', `attachment; filename="${stem}.csv"`);
        return reply.send(Buffer.from(`\ufeff${headings.map((h) => (h.includes(sep) ? `"${h}"` : h)).join(sep)}\r\n`));
      }
      const workbook = new ExcelJS.Workbook();
      const sheet = workbook.addWorksheet(t(request.locale, 'report.waybills.sheet'));
      sheet.addRow(headings);
      sheet.getRow(1).font = { bold: true };
      sheet.columns.forEach((column) => (column.width = 18));
      const buffer = Buffer.from(await workbook.xlsx.writeBuffer());
      reply.header('Content-Type', IMPORT.xlsxType).header('Content-Disposition', `attachment; filename="${stem}.xlsx"`);
      return reply.send(buffer);
    },
  );
}
