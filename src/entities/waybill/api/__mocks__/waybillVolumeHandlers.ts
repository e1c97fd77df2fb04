import {
  BULK,
  BULK_ACTION_STATUS,
  BULK_ACTIONS,
  IMPORT,
  LIMITS,
  LOAD_LIMITS,
  LOCALES,
  MESSAGES,
  QUANTITY_PATTERN,
  UNIT_SYMBOLS,
  WAYBILL_IMPORT_COLUMNS,
  WAYBILL_LIST,
  canTransition,
  checkListQuery,
  exceedsLoadLimit,
  importFileName,
  integerProblem,
  isValidDate,
  isWaybillCorrection,
  isWaybillDeletable,
  type BulkAction,
  type WaybillStatus,
} from '@timberlog/contract';
import { http, HttpResponse, type HttpHandler } from 'msw';

import {
  changed,
  created,
  deleted,
  fieldErrors,
  listResponse,
  message,
  mockCaller,
  mockDb,
  mockWaybill,
  nextNumber,
  notFound,
  onMockReset,
  type MessageKey,
} from '@/shared/mock-db';

import type { BatchJob, BulkResult, BulkRow, ImportResult } from '../waybillVolumeApi';

/**
 * The server's bulk actions and imports (server/src/waybills/bulk.ts, import.ts) over the mock
 * data: each row by the contract's transitions, edit and delete rules and roles, answered in the
 * server's words. Past the rows the server answers at once, a batch job is answered (202) and is
 * done when first polled. Imports read CSV (an XLSX file is answered as unreadable here).
 */

type Params = Record<string, string | number>;
const jobs = new Map<string, { job: BatchJob; result: unknown }>();
let jobSequence = 0;
onMockReset(() => {
  jobs.clear();
  jobSequence = 0;
});

/** A batch job for stories: polled as it is given. */
export function mockBatchJob(job: Partial<BatchJob> = {}): BatchJob {
  jobSequence += 1;
  const stored: BatchJob = {
    id: `00000000-0000-4000-8000-${String(jobSequence).padStart(12, '0')}`,
    kind: 'bulk',
    state: 'running',
    progress: 40,
    total: 250,
    result: null,
    error: null,
    createdAt: new Date().toISOString(),
    finishedAt: null,
    ...job,
  };
  jobs.set(stored.id, { job: stored, result: stored.result });
  return stored;
}

const queue = (kind: BatchJob['kind'], total: number, result: unknown): Response => {
  const job = mockBatchJob({ kind, state: 'queued', progress: 0, total, result: null });
  jobs.set(job.id, { job, result });
  return HttpResponse.json(job, { status: 202 });
};

interface BulkBody {
  action?: unknown;
  numbers?: unknown;
  filters?: unknown;
  dryRun?: unknown;
  reason?: unknown;
  format?: unknown;
}

/** Every waybill the list would show for a query, in its order (the list's own answer, page by page). */
async function byFilters(request: Request, query: string): Promise<string[]> {
  const numbers: string[] = [];
  for (let page = 1; ; page++) {
    const url = new URL(`http://mocks.test/api/waybills/?${query}`);
    url.searchParams.set('pageSize', String(LIMITS.pageSizeMax));
    url.searchParams.set('pageNumber', String(page));
    const answer = (await listResponse(new Request(url, { headers: request.headers }), WAYBILL_LIST, mockDb.waybills).json()) as {
      results: { number: string }[];
      next: string | null;
    };
    numbers.push(...answer.results.map((row) => row.number));
    if (!answer.next || numbers.length > BULK.maxRows) return numbers;
  }
}

/** One row by the single-record rules (PATCH of the status, DELETE, roles), written unless `dryRun`. */
function bulkRow(request: Request, action: BulkAction, number: string, dryRun: boolean, reason: string | undefined): BulkRow {
  const waybill = mockDb.waybills.find((item) => item.number === number);
  if (!waybill) return { number, outcome: 'missing', from: null, to: null, message: message(request, 'notFound') };
  const from = waybill.status;
  const refused = (key: MessageKey, params?: Params): BulkRow => ({
    number,
    outcome: 'refused',
    from: null,
    to: null,
    message: message(request, key, params),
  });
  if (action === 'export') return { number, outcome: 'done', from, to: null, message: null };
  if (action === 'delete') {
    if (!isWaybillDeletable(from)) return refused('waybill.notDeletable', { status: from });
    if (!dryRun) {
      deleted(request, 'waybill', number, { via: 'bulk' });
      mockDb.waybills = mockDb.waybills.filter((item) => item.number !== number);
    }
    return { number, outcome: 'done', from, to: null, message: null };
  }
  const to: WaybillStatus = BULK_ACTION_STATUS[action]!;
  if (from === to) return { number, outcome: 'unchanged', from: to, to, message: null };
  const correction = isWaybillCorrection(from, to);
  if (!canTransition(from, to) && !correction) return refused('waybill.transition', { from, to });
  if (correction) {
    if (!mockCaller(request).isStaff) return refused('auth.permissionDenied');
    if (!reason?.trim()) return refused('waybill.reasonRequired', { to });
  }
  if (!dryRun) {
    const next = changed(
      request,
      'waybill',
      number,
      { ...waybill, status: to, lastModifiedAt: new Date().toISOString() },
      { reason: reason?.trim() || undefined, via: 'bulk' },
    );
    mockDb.waybills = mockDb.waybills.map((item) => (item.number === number ? next : item));
  }
  return { number, outcome: 'done', from, to, message: null };
}

async function bulk(request: Request): Promise<Response> {
  const body = (await request.json()) as BulkBody;
  const errors: Record<string, string[]> = {};
  const add = (field: string, key: MessageKey, params?: Params) => (errors[field] ??= []).push(message(request, key, params));
  if (body.action === undefined) add('action', 'field.required');
  else if (!(BULK_ACTIONS as readonly unknown[]).includes(body.action))
    add('action', 'field.enum', {
      value: (typeof body.action === 'string' ? body.action : JSON.stringify(body.action)).slice(0, 100),
      choices: BULK_ACTIONS.join(', '),
    });
  if (body.dryRun === undefined) add('dryRun', 'field.required');
  else if (typeof body.dryRun !== 'boolean') add('dryRun', 'field.type.boolean');
  if (body.numbers !== undefined) {
    if (!Array.isArray(body.numbers)) add('numbers', 'field.type.array');
    else if (body.numbers.length === 0) add('numbers', 'field.minItems', { limit: 1 });
    else if (body.numbers.length > BULK.maxRows) add('numbers', 'field.maxItems', { limit: BULK.maxRows });
  }
  if (Object.keys(errors).length > 0) return fieldErrors(errors);
  const action = body.action as BulkAction;
  const dryRun = body.dryRun as boolean;
  const reason = typeof body.reason === 'string' ? body.reason : undefined;
  if (body.numbers !== undefined && body.filters !== undefined)
    return fieldErrors({ nonFieldErrors: [message(request, 'bulk.numbersOrFilters')] });
  let numbers: string[];
  if (Array.isArray(body.numbers)) numbers = [...new Set((body.numbers as string[]).map((number) => String(number).trim()))];
  else if (typeof body.filters === 'string') {
    const checked = checkListQuery('waybills', body.filters);
    if ('problem' in checked) return fieldErrors({ filters: [message(request, checked.problem.key, checked.problem.params)] });
    numbers = await byFilters(request, checked.query);
    if (numbers.length > BULK.maxRows)
      return fieldErrors({
        filters: [
          message(request, 'bulk.tooMany', { limit: BULK.maxRows.toLocaleString('en'), count: numbers.length.toLocaleString('en') }),
        ],
      });
  } else return fieldErrors({ nonFieldErrors: [message(request, 'bulk.noRows')] });
  const run = (): BulkResult => {
    const rows = numbers.map((number) => bulkRow(request, action, number, dryRun || action === 'export', reason));
    const count = (outcome: BulkRow['outcome']) => rows.filter((row) => row.outcome === outcome).length;
    return {
      action,
      dryRun,
      total: rows.length,
      done: count('done'),
      unchanged: count('unchanged'),
      refused: count('refused'),
      missing: count('missing'),
      rows,
      exportRequest: null,
    };
  };
  if (numbers.length > BULK.inlineMaxRows && action !== 'export') return queue('bulk', numbers.length, run());
  return HttpResponse.json(run());
}

/** RFC 4180 records of CSV text, as the server splits them. */
function csvRecords(text: string, sep: string): string[][] {
  const records: string[][] = [];
  let record: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        field += '"';
        i++;
      } else if (c === '"') quoted = false;
      else field += c;
    } else if (c === '"' && field === '') quoted = true;
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
  }
  if (field !== '' || record.length > 0) records.push([...record, field]);
  return records;
}

const headingKey = (text: string) => text.trim().replace(/\s+/g, ' ').toLowerCase();
const HEADINGS = new Map<string, string>(
  WAYBILL_IMPORT_COLUMNS.flatMap((col) => [
    ...LOCALES.map((locale) => [headingKey(MESSAGES[locale][col.header]), col.field] as const),
    [headingKey(col.field), col.field] as const,
  ]),
);
const QUANTITY = new RegExp(QUANTITY_PATTERN);
const MAX_LENGTH: Record<string, number> = {
  origin: LIMITS.codeMaxLength,
  destination: LIMITS.codeMaxLength,
  assortment: LIMITS.codeMaxLength,
  destinationCompany: LIMITS.registryCodeLength,
  driverName: LIMITS.nameMaxLength,
  vehicleNumber: LIMITS.vehicleNumberMaxLength,
  notes: LIMITS.notesMaxLength,
};

function parseDate(text: string): string | undefined {
  const iso = /^(\d{4})-(\d{1,2})-(\d{1,2})$/.exec(text.slice(0, 10).trim());
  const dmy = /^(\d{1,2})[./](\d{1,2})[./](\d{4})$/.exec(text);
  const parts = iso ? [iso[1]!, iso[2]!, iso[3]!] : dmy ? [dmy[3]!, dmy[2]!, dmy[1]!] : undefined;
  if (!parts) return undefined;
  const date = `${parts[0]}-${parts[1]!.padStart(2, '0')}-${parts[2]!.padStart(2, '0')}`;
  return isValidDate(date) ? date : undefined;
}

async function importFile(request: Request): Promise<Response> {
  const url = new URL(request.url);
  const dryRunText = url.searchParams.get('dryRun');
  if (dryRunText === null) return fieldErrors({ dryRun: [message(request, 'field.required')] });
  if (dryRunText !== 'true' && dryRunText !== 'false') return fieldErrors({ dryRun: [message(request, 'field.type.boolean')] });
  const dryRun = dryRunText === 'true';
  const type = request.headers.get('content-type') ?? '';
  if (type.startsWith('application/json') || type.startsWith('multipart/'))
    return HttpResponse.json({ detail: message(request, 'media.unsupported', { type }) }, { status: 415 });
  const file = importFileName(url.searchParams.get('filename') ?? undefined) || null;
  const bytes = new Uint8Array(await request.arrayBuffer());
  const fileError = (key: MessageKey, params?: Params) => fieldErrors({ file: [message(request, key, params)] });
  if (bytes.length === 0) return fileError('import.empty');
  if (bytes.length > IMPORT.maxBytes) return fileError('import.tooLarge', { limit: IMPORT.maxBytes / 1024 / 1024 });
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return fileError('import.unreadable');
  }
  if (text.startsWith('\ufeff')) text = text.slice(1);
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code < 32 && code !== 9 && code !== 10 && code !== 13) return fileError('import.unreadable');
  }
  const firstLine = text.split(/\r|\n/)[0]!.replace(/"[^"]*"/g, '');
  const sep = (firstLine.match(/;/g)?.length ?? 0) > (firstLine.match(/,/g)?.length ?? 0) ? ';' : ',';
  const records = csvRecords(text, sep)
    .map((cells, index) => ({ cells, line: index + 1 }))
    .filter(({ cells }) => cells.some((cell) => cell.trim() !== ''));
  const header = records[0];
  if (!header) return fileError('import.empty');
  const columns = new Map<string, number>();
  header.cells.forEach((cell, index) => {
    const field = HEADINGS.get(headingKey(cell));
    if (field && !columns.has(field)) columns.set(field, index);
  });
  const missing = WAYBILL_IMPORT_COLUMNS.find((col) => col.required && !columns.has(col.field));
  if (missing) return fileError('import.missingColumn', { column: message(request, missing.header) });
  const data = records.slice(1);
  if (data.length === 0) return fileError('import.empty');
  if (data.length > IMPORT.maxRows)
    return fileError('import.tooManyRows', { count: data.length.toLocaleString('en'), limit: IMPORT.maxRows.toLocaleString('en') });

  const errors: ImportResult['errors'][number][] = [];
  const good: Record<string, string | number>[] = [];
  let invalid = 0;
  for (const { cells, line } of data) {
    const rowErrors: [string, MessageKey, Params?][] = [];
    const fields: Record<string, string | number> = {};
    for (const col of WAYBILL_IMPORT_COLUMNS) {
      const index = columns.get(col.field);
      const raw = index === undefined ? '' : (cells[index] ?? '');
      if (/^[=+@]/.test(raw) || /^-[A-Za-z(]/.test(raw)) {
        rowErrors.push([col.field, 'import.formula']);
        continue;
      }
      const value = raw.replace(/^'(?=[=+\-@\t\r])/, '').trim();
      if (value === '') {
        if (col.required) rowErrors.push([col.field, 'field.required']);
        continue;
      }
      if ([...value].length > (MAX_LENGTH[col.field] ?? Infinity)) {
        rowErrors.push([col.field, 'field.maxLength', { limit: MAX_LENGTH[col.field]! }]);
        continue;
      }
      if (col.field === 'transportDate') {
        const date = parseDate(value);
        if (date) fields.transportDate = date;
        else rowErrors.push([col.field, 'field.format.date']);
      } else if (col.field === 'mileage') {
        const problem = integerProblem(value.replace(/\s/g, ''), LIMITS.mileageMin, LIMITS.mileageMax);
        if (problem) rowErrors.push([col.field, problem.key, problem.params]);
        else fields.mileage = Number(value.replace(/\s/g, ''));
      } else if (col.field === 'quantity') {
        const decimal = value.replace(/\s/g, '').replace(',', '.');
        if (QUANTITY.test(decimal)) fields.quantity = decimal;
        else rowErrors.push([col.field, 'field.pattern.decimal', { decimals: LIMITS.quantityMaxDecimals }]);
      } else fields[col.field] = value;
    }
    // The create rules' references (the server's checkFields).
    const origin = fields.origin as string | undefined;
    if (origin && !mockDb.warehouses.some((item) => item.originCode === origin))
      rowErrors.push(['origin', 'ref.unknownOrigin', { value: origin }]);
    const destination = fields.destination as string | undefined;
    if (destination) {
      const warehouse = mockDb.warehouses.find((item) => item.destinationCode === destination);
      if (!warehouse) rowErrors.push(['destination', 'ref.unknownDestination', { value: destination }]);
      else if (!fields.destinationCompany) fields.destinationCompany = warehouse.company;
    }
    const company = fields.destinationCompany as string | undefined;
    if (company && !mockDb.companies.some((item) => item.registryCode === company))
      rowErrors.push(['destinationCompany', 'ref.unknownCompany', { value: company }]);
    const code = fields.assortment as string | undefined;
    const assortment = code ? mockDb.assortments.find((item) => item.code === code) : undefined;
    if (code && !assortment) rowErrors.push(['assortment', 'ref.unknownAssortment', { value: code }]);
    else if (assortment && !assortment.isActive) rowErrors.push(['assortment', 'ref.inactiveAssortment', { value: code! }]);
    const quantity = fields.quantity as string | undefined;
    if (quantity !== undefined && !(Number(quantity) > 0)) rowErrors.push(['quantity', 'field.positive']);
    else if (quantity !== undefined && assortment && exceedsLoadLimit(quantity, assortment.unit))
      rowErrors.push([
        'quantity',
        'waybill.quantityOverLoad',
        { limit: LOAD_LIMITS[assortment.unit], unit: UNIT_SYMBOLS[assortment.unit] },
      ]);
    if (rowErrors.length > 0) {
      invalid += 1;
      // In the server's order: field by field as first met.
      const order = [...new Set(rowErrors.map(([field]) => field))];
      for (const field of order)
        for (const [f, key, params] of rowErrors)
          if (f === field && errors.length < IMPORT.maxErrors) errors.push({ row: line, field, message: message(request, key, params) });
    } else good.push(fields);
  }
  const base = { dryRun, file, rows: data.length, valid: data.length - invalid, invalid, errors };
  if (dryRun) return HttpResponse.json({ ...base, imported: 0, numbers: [] });
  if (invalid > 0) return HttpResponse.json({ ...base, imported: 0, numbers: [] }, { status: 400 });
  const write = (): ImportResult => {
    const numbers: string[] = [];
    const now = new Date().toISOString();
    for (const fields of good) {
      const number = nextNumber('waybill');
      numbers.push(number);
      created(request, 'waybill', number, { reason: file ?? undefined, via: 'import' });
      mockDb.waybills = [
        mockWaybill({
          ...fields,
          number,
          status: 'draft',
          invoice: null,
          notes: String(fields.notes ?? ''),
          createdBy: mockCaller(request).email,
          createdAt: now,
          lastModifiedAt: now,
        }),
        ...mockDb.waybills,
      ];
    }
    return { ...base, imported: numbers.length, numbers };
  };
  if (good.length > IMPORT.inlineMaxRows) return queue('import', good.length, write());
  return HttpResponse.json(write(), { status: 201 });
}

export const waybillVolumeHandlers: readonly HttpHandler[] = [
  http.post('*/api/waybills/bulk/', ({ request }) => bulk(request)),
  http.post('*/api/waybills/import/', ({ request }) => importFile(request)),
  http.get('*/api/waybills/import/template/', ({ request }) => {
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
    const headings = WAYBILL_IMPORT_COLUMNS.map((col) => message(request, col.header));
    const sep = request.headers.get('accept-language')?.startsWith('et') ? ';' : ',';
    // The mocks write no workbook: an XLSX template is an empty file of its type.
    if (format === 'xlsx') return new HttpResponse(new Uint8Array(), { headers: { 'Content-Type': IMPORT.xlsxType } });
    return new HttpResponse(`\ufeff${headings.join(sep)}\r\n`, { headers: { 'Content-Type': 'text/csv; charset=utf-8' } });
  }),
  http.get('*/api/batch-jobs/:id/', ({ params, request }) => {
    const stored = jobs.get(String(params.id));
    if (!stored) return notFound(request);
    // A queued job is done when it is first polled.
    if (stored.job.state === 'queued') {
      stored.job = { ...stored.job, state: 'done', progress: 100, result: stored.result, finishedAt: new Date().toISOString() };
    }
    return HttpResponse.json(stored.job);
  }),
];
