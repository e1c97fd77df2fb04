import {
  IMPORT,
  IMPORT_COLUMNS_MAX_LENGTH,
  csvCell,
  csvField,
  csvText,
  importFileName,
  readCsv,
  readImportColumns,
  readImportSheet,
  type ImportColumn,
  type ImportRow,
  type MessageKey,
} from '@timberlog/contract';
import { HttpResponse } from 'msw';

import type { Schema } from '@/shared/api';

import { queueBatchJob } from './batch';
import { fieldErrors } from './list';
import { message, type Params } from './messages';

type ImportResult = Schema<'ImportResult'>;

/** What an import of one record kind does besides reading the file, as the server's ImportSpec does. */
export interface MockImportSpec<R> {
  readonly columns: readonly ImportColumn[];
  /** The create rules of a row's fields: the record to write and each field's problems, in the server's words. */
  readonly check: (
    request: Request,
    fields: ImportRow['fields'],
  ) => { record: R; errors: Record<string, string[]> } | Promise<{ record: R; errors: Record<string, string[]> }>;
  /** Writes the checked rows (history `import` with the file's name); answers their numbers in order. */
  readonly write: (request: Request, rows: R[], file: string | null) => string[];
}

/**
 * POST /api/{record}/import/ as the server answers it (server/src/imports/importer.ts), with the
 * contract's CSV and sheet readers and its reading of `columns` (the field of each column, instead
 * of the headings): file problems on `file`, those of `columns` on it, each row's problems by the row the
 * spreadsheet shows, every row written or none, a large file as a batch job. An XLSX file is
 * answered as unreadable here (the mocks read no workbooks).
 */
export async function importResponse<R>(request: Request, spec: MockImportSpec<R>): Promise<Response> {
  const url = new URL(request.url);
  const dryRunText = url.searchParams.get('dryRun');
  if (dryRunText === null) return fieldErrors({ dryRun: [message(request, 'field.required')] });
  if (dryRunText !== 'true' && dryRunText !== 'false') return fieldErrors({ dryRun: [message(request, 'field.type.boolean')] });
  const dryRun = dryRunText === 'true';
  const type = request.headers.get('content-type') ?? '';
  if (type.startsWith('application/json') || type.startsWith('multipart/'))
    return HttpResponse.json({ detail: message(request, 'media.unsupported', { type }) }, { status: 415 });
  const columnsText = url.searchParams.get('columns');
  if (columnsText !== null && columnsText.length > IMPORT_COLUMNS_MAX_LENGTH)
    return fieldErrors({ columns: [message(request, 'field.maxLength', { limit: IMPORT_COLUMNS_MAX_LENGTH })] });
  const fields = columnsText === null ? undefined : readImportColumns(spec.columns, columnsText);
  if (fields && 'problem' in fields) return fieldErrors({ columns: [message(request, fields.problem.key, fields.problem.params)] });
  const file = importFileName(url.searchParams.get('filename') ?? undefined) || null;
  const bytes = new Uint8Array(await request.arrayBuffer());
  const fileError = (key: MessageKey, params?: Params) => fieldErrors({ file: [message(request, key, params)] });
  if (bytes.length === 0) return fileError('import.empty');
  if (bytes.length > IMPORT.maxBytes) return fileError('import.tooLarge', { limit: IMPORT.maxBytes / 1024 / 1024 });
  const text = csvText(bytes);
  if (text === null) return fileError('import.unreadable');
  const records = readCsv(text).records;
  const read = readImportSheet(
    spec.columns,
    records.map((record) => record.map(csvCell)),
    records.map((_, i) => i + 1),
    IMPORT,
    fields?.fields,
  );
  if ('problem' in read) {
    if (read.missing) return fileError('import.missingColumn', { column: message(request, read.missing) });
    if (read.on === 'columns') return fieldErrors({ columns: [message(request, read.problem.key, read.problem.params)] });
    return fileError(read.problem.key, read.problem.params);
  }

  const errors: ImportResult['errors'][number][] = [];
  const good: R[] = [];
  let invalid = 0;
  for (const row of read.rows) {
    // Each field's problems together, fields in the order first met: the cells' first, then the create rules'.
    const byField = new Map<string, string[]>();
    const add = (field: string, text: string) => byField.set(field, [...(byField.get(field) ?? []), text]);
    for (const [field, problem] of row.problems) add(field, message(request, problem.key, problem.params));
    const checked = await spec.check(request, row.fields);
    for (const [field, texts] of Object.entries(checked.errors)) for (const text of texts) add(field, text);
    if (byField.size > 0) {
      invalid += 1;
      for (const [field, texts] of byField)
        for (const text of texts) if (errors.length < IMPORT.maxErrors) errors.push({ row: row.line, field, message: text });
    } else good.push(checked.record);
  }
  const rows = read.rows.length;
  const base = { dryRun, file, rows, valid: rows - invalid, invalid, errors };
  const write = (): ImportResult => {
    if (dryRun || invalid > 0) return { ...base, imported: 0, numbers: [] };
    const numbers = spec.write(request, good, file);
    return { ...base, imported: numbers.length, numbers };
  };
  // As the server: a large file is checked (and written) by a job, whose result is this answer.
  if (rows > IMPORT.inlineMaxRows) return queueBatchJob('import', rows, write());
  if (dryRun) return HttpResponse.json(write());
  if (invalid > 0) return HttpResponse.json(write(), { status: 400 });
  return HttpResponse.json(write(), { status: 201 });
}

/** GET /api/{record}/import/template/: the heading row in the caller's language (an XLSX template is an empty file of its type here). */
export function importTemplateResponse(request: Request, columns: readonly ImportColumn[]): Response {
  const format = new URL(request.url).searchParams.get('format');
  if (format !== 'csv' && format !== 'xlsx')
    return fieldErrors({
      format: [
        message(request, format === null ? 'field.required' : 'field.enum', {
          value: String(format),
          choices: IMPORT.formats.join(', '),
        }),
      ],
    });
  const headings = columns.map((col) => message(request, col.header));
  const sep = request.headers.get('accept-language')?.startsWith('et') ? ';' : ',';
  if (format === 'xlsx') return new HttpResponse(new Uint8Array(), { headers: { 'Content-Type': IMPORT.xlsxType } });
  return new HttpResponse(`\ufeff${headings.map((h) => csvField(h, sep)).join(sep)}\r\n`, {
    headers: { 'Content-Type': 'text/csv; charset=utf-8' },
  });
}
