import ExcelJS from 'exceljs';
import type { Transaction } from 'kysely';
import {
  IMPORT,
  IMPORT_COLUMNS_MAX_LENGTH,
  MESSAGES,
  csvCell,
  csvField,
  csvText,
  importFileName,
  readCsv,
  readImportColumns,
  readImportSheet,
  type ImportColumnFields,
  type ImportColumn,
  type ImportRecord,
  type ImportRow,
  type Locale,
  type MessageKey,
  type SheetCell,
} from '@timberlog/contract';
import type { App, AppContext } from '../infra/context.js';
import type { Database } from '../infra/db.js';
import { ApiError, FieldErrors, type Msg } from '../http/errors.js';
import { errors, FieldErrorsSchema, Nullable, ref, StrEnum, Type, type Static } from '../http/schema.js';
import { t } from '../http/i18n.js';
import { transaction } from '../infra/transaction.js';
import { currentUser } from '../auth/guards.js';
import { BatchJob, createBatchJob, type BatchAsker, type BatchHandler } from '../batch/service.js';
import { checkXlsxLimits, XlsxTooLarge } from './xlsxLimits.js';

/**
 * Records from a spreadsheet, whatever the record: CSV (`,` or `;`, decimal point or comma, UTF-8
 * with or without a byte-order mark; read by the contract's one CSV reader) or XLSX (read with
 * exceljs). Columns are found by their heading, in English or Estonian: the headings the record's
 * export writes, so an exported file imports again (its other columns are read past), and each
 * cell is read by its column's kind (the contract's readImportSheet). A record's ImportSpec says
 * which columns, how a row is checked (the create call's rules) and how the rows are written. The
 * real run writes every row in one transaction or none, each created record's history saying
 * `import` with the file's name as its reason; a large file is checked and written by a background job.
 */

export const ImportError = Type.Object(
  {
    row: Type.Integer({ description: 'The row as the spreadsheet numbers it (the heading row is 1).' }),
    field: Type.String({ description: 'The record field (`quantity`), or `row` for the row as a whole.' }),
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
    imported: Type.Integer({ description: 'Records created (waybills or worklogs): every row, or none.' }),
    numbers: Type.Array(Type.String(), { description: "The numbers of the records created, in the rows' order." }),
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
  columns: Type.Optional(
    Type.String({
      maxLength: IMPORT_COLUMNS_MAX_LENGTH,
      description:
        'The field each column of the file holds, by position, comma-separated; an empty entry reads its column past (`quantity,,notes`: the first column is the quantity, the second read past, the third the notes). Given, it replaces the heading row, which is still read past.',
    }),
  ),
});
const TemplateQuery = Type.Object({ format: StrEnum(IMPORT.formats, { description: 'csv or xlsx.' }) });

/** Checks one row's fields with the record's create rules, adding problems to `errs`; answers what is written. */
export type RowCheck<R> = (fields: ImportRow['fields'], errs: FieldErrors) => Promise<R>;

/** What an import of one kind of record needs besides the file: its columns, its checks and its writing. */
export interface ImportSpec<C extends ImportColumn, R> {
  readonly record: ImportRecord;
  readonly columns: readonly C[];
  /** The check of a row, made once per run (it may load the reference data the transaction sees, and what the file's rows name). */
  readonly checker: (trx: Transaction<Database>, ctx: AppContext, rows: ParsedFile['rows']) => Promise<RowCheck<R>>;
  /** Writes the checked rows in the run's transaction for `actor`, reporting the share written (0 to 1); answers their numbers in order. */
  readonly write: (
    trx: Transaction<Database>,
    rows: R[],
    actor: string | null,
    progress?: (share: number) => Promise<void>,
  ) => Promise<string[]>;
  /** The API paths' stem (`/api/worklogs/import/`), the OpenAPI tag and operation ids. */
  readonly path: string;
  readonly tag: string;
  readonly operationIds: { readonly import: string; readonly template: string };
  /** What a row becomes and its rules, for the OpenAPI description ("creates every row as a draft"). */
  readonly describe: { readonly what: string; readonly creates: string };
  /** The template's sheet name and file name stem, by language. */
  readonly sheet: MessageKey;
  readonly fileStem: Readonly<Record<Locale, string>>;
}

// Specs are kept by their columns' type; the routes and the job see them as one shape.
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the record type varies by spec
type AnySpec = ImportSpec<ImportColumn, any>;

const fileError = (key: string, params?: Record<string, string | number>): ApiError =>
  new ApiError(400, undefined, { file: [{ key, params }] });
const columnsError = (key: string, params?: Record<string, string | number>): ApiError =>
  new ApiError(400, undefined, { columns: [{ key, params }] });

/** The `columns` parameter read by the contract (an unknown field or one named twice is a 400 on `columns`). */
export function importColumnFields(columns: readonly ImportColumn[], text: string | undefined): ImportColumnFields | undefined {
  if (text === undefined) return undefined;
  const read = readImportColumns(columns, text);
  if ('problem' in read) throw columnsError(read.problem.key, read.problem.params);
  return read.fields;
}

/** A sheet's cells and the row number the spreadsheet shows for each. */
interface Sheet {
  cells: SheetCell[][];
  numbers: number[];
}

function readCsvFile(body: Buffer): Sheet {
  const text = csvText(body);
  if (text === null) throw fileError('import.unreadable');
  const { records } = readCsv(text);
  return { cells: records.map((record) => record.map(csvCell)), numbers: records.map((_, i) => i + 1) };
}

const pad = (n: number) => String(n).padStart(2, '0');

/** A date cell's text: the day alone at midnight, else the wall-clock time too (exceljs reads them as UTC). */
function dateText(v: Date): string {
  if (Number.isNaN(v.getTime())) return '';
  const day = `${v.getUTCFullYear()}-${pad(v.getUTCMonth() + 1)}-${pad(v.getUTCDate())}`;
  const seconds = v.getUTCHours() * 3600 + v.getUTCMinutes() * 60 + v.getUTCSeconds();
  return seconds === 0 ? day : `${day} ${pad(v.getUTCHours())}:${pad(v.getUTCMinutes())}:${pad(v.getUTCSeconds())}`;
}

/** The 400 for an XLSX file over one of XLSX_LIMITS, naming the limit. */
function xlsxLimitError(error: XlsxTooLarge): ApiError {
  const mb = (bytes: number) => Math.round(bytes / (1024 * 1024));
  const count = (value: number) => value.toLocaleString('en');
  switch (error.limit) {
    case 'entryBytes':
    case 'totalBytes':
      return fileError('import.xlsxUnpacksTooLarge', { limit: mb(error.value) });
    case 'rows':
      return fileError('import.xlsxTooManyRows', { limit: count(error.value), rows: count(IMPORT.maxRows) });
    case 'cellChars':
      return fileError('import.xlsxCellTooLong', { limit: count(error.value) });
    case 'cells':
    case 'sharedStrings':
      return fileError('import.xlsxTooManyCells', { limit: count(error.value) });
  }
}

async function readXlsxFile(body: Buffer): Promise<Sheet> {
  // What the file unpacks to is bounded before the reader below unpacks and parses all of it.
  try {
    checkXlsxLimits(body);
  } catch (error) {
    if (error instanceof XlsxTooLarge) throw xlsxLimitError(error);
    throw error;
  }
  const workbook = new ExcelJS.Workbook();
  try {
    await workbook.xlsx.load(body as unknown as ArrayBuffer);
  } catch {
    throw fileError('import.unreadable');
  }
  const sheet = workbook.worksheets[0];
  if (!sheet) throw fileError('import.empty');
  const cells: SheetCell[][] = [];
  const numbers: number[] = [];
  sheet.eachRow({ includeEmpty: false }, (row, number) => {
    const values: SheetCell[] = [];
    for (let c = 1; c <= row.cellCount; c++) {
      const cell = row.getCell(c);
      const v = cell.value;
      let out: SheetCell;
      if (v === null || v === undefined) out = { text: '' };
      else if (cell.type === ExcelJS.ValueType.Formula || (typeof v === 'object' && ('formula' in v || 'sharedFormula' in v)))
        out = { text: '', formula: true };
      else if (v instanceof Date) out = { text: dateText(v) };
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

/** A file's data rows, each with its fields as read and the problems of its cells. */
export interface ParsedFile {
  rows: ImportRow[];
}

/** A required column the heading row does not name: its heading, said in the caller's language. */
export class MissingColumn extends Error {
  constructor(readonly header: MessageKey) {
    super('missing column');
  }
}

/**
 * Reads a file into rows by `columns`, each column's field found by its heading or given by
 * `fields` (file-level problems are a 400 on `file`, a field past the file's columns one on
 * `columns`; a missing column is MissingColumn).
 */
export async function parseImportFile(
  columns: readonly ImportColumn[],
  body: Buffer | undefined,
  fields?: ImportColumnFields,
): Promise<ParsedFile> {
  if (!body || body.length === 0) throw fileError('import.empty');
  if (body.length > IMPORT.maxBytes) throw fileError('import.tooLarge', { limit: IMPORT.maxBytes / 1024 / 1024 });
  const isZip = body.length >= 4 && body.readUInt32LE(0) === 0x04034b50;
  const { cells, numbers } = isZip ? await readXlsxFile(body) : readCsvFile(body);
  const read = readImportSheet(columns, cells, numbers, IMPORT, fields);
  if ('problem' in read) {
    if (read.missing) throw new MissingColumn(read.missing);
    if (read.on === 'columns') throw columnsError(read.problem.key, read.problem.params);
    throw fileError(read.problem.key, read.problem.params);
  }
  return { rows: read.rows };
}

/**
 * Checks every row with the record's create rules against the reference data as the transaction
 * sees it, and writes them all when none has an error and `write` is set. Answers the result and
 * the created numbers.
 */
async function checkAndWrite(
  ctx: AppContext,
  spec: AnySpec,
  trx: Transaction<Database>,
  parsed: ParsedFile,
  locale: Locale,
  write: { actor: string | null } | null,
  progress?: (share: number) => Promise<void>,
) {
  const check = await spec.checker(trx, ctx, parsed.rows);
  const errorsOut: Result['errors'] = [];
  let invalid = 0;
  const good: unknown[] = [];
  for (const [i, row] of parsed.rows.entries()) {
    const errs = new FieldErrors();
    for (const [field, msg] of row.problems) errs.add(field, msg.key, msg.params);
    const checked = await check(row.fields, errs);
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
    } else good.push(checked);
    if (progress && i % 500 === 0) await progress((i / parsed.rows.length) * (write ? 40 : 100));
  }
  const numbers =
    write && invalid === 0 ? await spec.write(trx, good, write.actor, progress && ((share) => progress(40 + Math.min(1, share) * 59))) : [];
  return {
    rows: parsed.rows.length,
    valid: parsed.rows.length - invalid,
    invalid,
    errors: errorsOut,
    imported: numbers.length,
    numbers,
  };
}

/** What a background import holds: the record kind (waybills when a job from before worklog imports has none), the rows, the file's name, and whether it is only a check. */
export interface ImportJobInput {
  record?: ImportRecord;
  parsed: ParsedFile;
  file: string | null;
  dryRun?: boolean;
}

/** The background form of an import for `specs` (the batch handler of kind `import`): all rows in one transaction, or none. */
export function importJobHandler(specs: readonly AnySpec[]): BatchHandler {
  const byRecord = new Map(specs.map((spec) => [spec.record, spec]));
  return async (ctx: AppContext, asker: BatchAsker, input: ImportJobInput, progress: (share: number) => Promise<void>) => {
    const spec = byRecord.get(input.record ?? 'waybills');
    if (!spec) throw new Error(`no import of ${input.record}`);
    return runImport(ctx, spec, asker, input, progress);
  };
}

/** Runs an import's writing as its background job does (also the volume benchmark's real run). */
export async function runImport(
  ctx: AppContext,
  spec: AnySpec,
  asker: BatchAsker,
  input: ImportJobInput,
  progress: (share: number) => Promise<void>,
) {
  if (input.dryRun) {
    const checked = await ctx.db.transaction().execute((trx) => checkAndWrite(ctx, spec, trx, input.parsed, asker.locale, null, progress));
    return { dryRun: true, file: input.file, ...checked };
  }
  // Checked again in the writing transaction: every row or none.
  const result = await transaction(
    ctx.db,
    (trx) => checkAndWrite(ctx, spec, trx, input.parsed, asker.locale, { actor: asker.email }, progress),
    { actor: asker.email, via: 'import', reason: input.file ?? undefined },
  );
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

/** The import and template routes of one record kind (registered in a plugin of their own: the file's body parser is theirs). */
export async function importRoutes(app: App, spec: AnySpec) {
  const { db } = app.ctx;
  // The file comes as the body, as it is: CSV text or an XLSX workbook (or any bytes, read by their first ones).
  app.addContentTypeParser(
    ['text/csv', 'text/plain', IMPORT.xlsxType, 'application/octet-stream'],
    { parseAs: 'buffer', bodyLimit: 2 * IMPORT.maxBytes },
    (_req, body, done) => done(null, new UploadedFile(body as Buffer)),
  );
  const { what, creates } = spec.describe;

  app.post(
    spec.path,
    {
      schema: {
        operationId: spec.operationIds.import,
        summary: `Import ${spec.record} from a CSV or XLSX file`,
        description: `Any signed-in user. The body is the file itself (\`text/csv\` or \`${IMPORT.xlsxType}\`), at most ${IMPORT.maxBytes / 1024 / 1024} MB and ${IMPORT.maxRows.toLocaleString('en')} rows. The first row names the columns, in English or Estonian (the headings the ${what} export writes; its other columns are read past): ${spec.columns.map((c) => `${MESSAGES.en[c.header]}${c.required ? '' : ' (optional)'}`).join(', ')}. Or \`columns\` names the field each column holds, by position, comma-separated, an empty entry for a column to read past (\`columns=${spec.columns
          .slice(0, 3)
          .map((c) => c.field)
          .join(
            ',,',
          )}\`; the fields: ${spec.columns.map((c) => `\`${c.field}\``).join(', ')}); the heading row is then read past unread. An unknown field, a field named twice, or one given to a column past the file's last is a 400 on \`columns\`. CSV with \`,\` or \`;\`, a decimal point or comma, dates as 2026-11-23, 23.11.2026 or 23/11/2026, UTF-8 with or without a byte-order mark; formulas are refused. \`dryRun=true\` checks every row with the rules of creating a ${what} and the reference data and writes nothing; the answer lists each problem by the row number the spreadsheet shows. \`dryRun=false\` ${creates} in one transaction, or none when any row has a problem (400 with the same answer); each ${what}'s history says \`import\`, with the file's name as its reason. More than ${IMPORT.inlineMaxRows} rows are checked (a dry run) or checked and written by a background job: 202 and the job to poll, whose result is this answer (a real run with problems writes nothing and its result lists them). File problems (empty, unreadable, a missing column, too many rows) are a 400 on \`file\`.`,
        tags: [spec.tag],
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
      const fields = importColumnFields(spec.columns, request.query.columns);
      let parsed: ParsedFile;
      try {
        parsed = await parseImportFile(spec.columns, request.body instanceof UploadedFile ? request.body.data : undefined, fields);
      } catch (err) {
        if (err instanceof MissingColumn) throw fileError('import.missingColumn', { column: t(request.locale, err.header) });
        throw err;
      }
      const asker: BatchAsker = { email: user.email, isStaff: user.isStaff, locale: request.locale };
      if (parsed.rows.length > IMPORT.inlineMaxRows) {
        // A large file is checked (and written) by a job: no request holds a connection for seconds.
        reply.status(202);
        const input: ImportJobInput = { record: spec.record, parsed, file, dryRun: request.query.dryRun };
        return createBatchJob(app.ctx, 'import', asker, input, parsed.rows.length);
      }
      if (request.query.dryRun)
        return {
          dryRun: true,
          file,
          ...(await db.transaction().execute((trx) => checkAndWrite(app.ctx, spec, trx, parsed, request.locale, null))),
        };
      const result = await transaction(db, (trx) => checkAndWrite(app.ctx, spec, trx, parsed, request.locale, { actor: user.email }), {
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
    `${spec.path}template/`,
    {
      schema: {
        operationId: spec.operationIds.template,
        summary: 'A file to fill in for an import',
        description: "Any signed-in user. The heading row of an import, in the caller's language, as CSV or XLSX.",
        tags: [spec.tag],
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
      const headings = spec.columns.map((c) => t(request.locale, c.header));
      const stem = spec.fileStem[request.locale];
      if (request.query.format === 'csv') {
        const sep = request.locale === 'et' ? ';' : ',';
        reply.header('Content-Type', 'text/csv; charset=utf-8').header('Content-Disposition', `attachment; filename="${stem}.csv"`);
        return reply.send(Buffer.from(`\ufeff${headings.map((h) => csvField(h, sep)).join(sep)}\r\n`));
      }
      const workbook = new ExcelJS.Workbook();
      const sheet = workbook.addWorksheet(t(request.locale, spec.sheet));
      sheet.addRow(headings);
      sheet.getRow(1).font = { bold: true };
      sheet.columns.forEach((column) => (column.width = 18));
      const buffer = Buffer.from(await workbook.xlsx.writeBuffer());
      reply.header('Content-Type', IMPORT.xlsxType).header('Content-Disposition', `attachment; filename="${stem}.xlsx"`);
      return reply.send(buffer);
    },
  );
}
