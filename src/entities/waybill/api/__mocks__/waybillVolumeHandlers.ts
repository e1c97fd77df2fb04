import {
  BULK,
  BULK_ACTION_STATUS,
  BULK_ACTIONS,
  LIMITS,
  WAYBILL_IMPORT_COLUMNS,
  SUMMARY_CHARTS,
  wallClockInstant,
  WAYBILL_LIST,
  WAYBILL_STATUSES,
  evrNotReadyErrors,
  checkListQuery,
  isWaybillCorrection,
  resolveWaybillImportNames,
  waybillChangeRefusal,
  waybillEvrProblems,
  isWaybillDeletable,
  type BulkAction,
  type WaybillStatus,
} from '@timberlog/contract';
import { http, HttpResponse, type HttpHandler } from 'msw';

import {
  batchJobResponse,
  changed,
  created,
  deleted,
  fieldErrors,
  importResponse,
  importTemplateResponse,
  listResponse,
  message,
  mockCaller,
  mockDb,
  nextNumber,
  queueBatchJob,
  staleDetail,
  stillHolds,
  type MessageKey,
  type MockImportSpec,
} from '@/shared/mock-db';

import type { BulkResult, BulkRow } from '../waybillVolumeApi';

import { checkFields, newWaybill, type Fields } from './waybillHandlers';

/** A batch job for stories (kept in the shared mock data, as the server keeps them apart from waybills). */
export { mockBatchJob } from '@/shared/mock-db';

/**
 * The server's bulk actions and waybill imports (server/src/waybills/bulk.ts, import.ts) over the
 * mock data: each row by the contract's transitions, edit and delete rules and roles, answered in
 * the server's words. Past the rows the server answers at once, a batch job is answered (202) and
 * is done when first polled. Imports are read as the server reads them (shared/mock-db/imports.ts).
 */

type Params = Record<string, string | number>;

interface BulkBody {
  action?: unknown;
  rows?: unknown;
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

/** A picked row: the version read, and (an undo's) the status it goes back to. */
interface Picked {
  readonly version: number;
  readonly status?: WaybillStatus;
}

/**
 * One row by the single-record rules (PATCH of the status, DELETE, roles), written unless `dryRun`;
 * a row changed since the version given is stale first, as its single write's 412 is. A dry run
 * takes a correction given no reason as one that needs it (`needsReason`), the other rules checked.
 */
function bulkRow(
  request: Request,
  action: BulkAction,
  number: string,
  picked: Picked | undefined,
  dryRun: boolean,
  reason: string | undefined,
): BulkRow {
  const row = { number, from: null, to: null, version: null, needsReason: false, message: null };
  const waybill = mockDb.waybills.find((item) => item.number === number);
  if (!waybill) return { ...row, outcome: 'missing', message: message(request, 'notFound') };
  const from = waybill.status;
  // An export writes nothing: it takes the waybill as it is now.
  if (action !== 'export' && picked !== undefined && !stillHolds('waybill', number, picked.version, waybill.version))
    return { ...row, outcome: 'stale', message: staleDetail(request, 'waybill', number, waybill) };
  const refused = (key: MessageKey, params?: Params): BulkRow => ({ ...row, outcome: 'refused', message: message(request, key, params) });
  if (action === 'export') return { ...row, outcome: 'done', from, version: waybill.version };
  if (action === 'delete') {
    if (!isWaybillDeletable(from)) return refused('waybill.notDeletable', { status: from });
    if (!dryRun) {
      deleted(request, 'waybill', number, { via: 'bulk' });
      mockDb.waybills = mockDb.waybills.filter((item) => item.number !== number);
    }
    return { ...row, outcome: 'done', from };
  }
  const to: WaybillStatus = action === 'undo' ? picked!.status! : BULK_ACTION_STATUS[action]!;
  if (from === to) return { ...row, outcome: 'unchanged', from: to, to, version: waybill.version };
  // A dry run checks a correction given no reason as if one were given (the server's PREVIEW_REASON); the row says it needs one.
  const needsReason = dryRun && !reason?.trim() && isWaybillCorrection(from, to);
  const refusal = waybillChangeRefusal(from, {
    to,
    reason: needsReason ? 'preview' : reason,
    edits: [],
    isStaff: mockCaller(request).isStaff,
  });
  if (refusal?.kind === 'forbidden') return refused('auth.permissionDenied');
  if (refusal?.kind === 'field') return refused(refusal.problem.key, refusal.problem.params);
  if (refusal?.kind === 'waybill') return refused(refusal.key, refusal.params);
  const problems = waybillEvrProblems(from, to, waybill, waybill, []);
  if (problems.length > 0) {
    const summary = evrNotReadyErrors(problems).nonFieldErrors![0]!;
    return refused(summary.key, summary.params);
  }
  if (dryRun) return { ...row, outcome: 'done', from, to, version: waybill.version, needsReason };
  const next = changed(
    request,
    'waybill',
    number,
    { ...waybill, status: to, lastModifiedAt: new Date().toISOString() },
    { reason: reason?.trim() || undefined, via: 'bulk' },
  );
  mockDb.waybills = mockDb.waybills.map((item) => (item.number === number ? next : item));
  return { ...row, outcome: 'done', from, to, version: next.version };
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
  if (body.rows !== undefined) {
    if (!Array.isArray(body.rows)) add('rows', 'field.type.array');
    else if (body.rows.length === 0) add('rows', 'field.minItems', { limit: 1 });
    else if (body.rows.length > BULK.maxRows) add('rows', 'field.maxItems', { limit: BULK.maxRows });
    else {
      const status = (body.rows as { status?: unknown }[]).find(
        (row) => row.status !== undefined && !(WAYBILL_STATUSES as readonly unknown[]).includes(row.status),
      )?.status;
      if (status !== undefined)
        add('rows', 'field.enum', {
          value: (typeof status === 'string' ? status : JSON.stringify(status)).slice(0, 100),
          choices: WAYBILL_STATUSES.join(', '),
        });
    }
  }
  if (Object.keys(errors).length > 0) return fieldErrors(errors);
  // Numbers without the versions read: the server refuses them as a write without If-Match.
  if (body.numbers !== undefined) return HttpResponse.json({ detail: message(request, 'bulk.versionsRequired') }, { status: 428 });
  const action = body.action as BulkAction;
  const dryRun = body.dryRun as boolean;
  const reason = typeof body.reason === 'string' ? body.reason : undefined;
  if (body.rows !== undefined && body.filters !== undefined)
    return fieldErrors({ nonFieldErrors: [message(request, 'bulk.numbersOrFilters')] });
  // An undo names each waybill and where it goes back to; no other action takes a status per row.
  const undo = action === 'undo';
  const rows = Array.isArray(body.rows) ? (body.rows as { number: string; version: number; status?: WaybillStatus }[]) : undefined;
  if (undo && body.filters !== undefined) return fieldErrors({ filters: [message(request, 'bulk.undoRows')] });
  if (rows?.some((row) => (row.status === undefined) === undo))
    return fieldErrors({ rows: [message(request, undo ? 'bulk.undoRows' : 'bulk.rowStatusUndoOnly')] });
  let numbers: string[];
  const picked = new Map<string, Picked>();
  if (rows) {
    for (const row of rows) if (!picked.has(String(row.number).trim())) picked.set(String(row.number).trim(), row);
    numbers = [...picked.keys()];
  } else if (typeof body.filters === 'string') {
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
    const answered = numbers.map((number) => bulkRow(request, action, number, picked.get(number), dryRun || action === 'export', reason));
    const count = (outcome: BulkRow['outcome']) => answered.filter((row) => row.outcome === outcome).length;
    return {
      action,
      dryRun,
      total: answered.length,
      done: count('done'),
      unchanged: count('unchanged'),
      refused: count('refused'),
      stale: count('stale'),
      missing: count('missing'),
      rows: answered,
      exportRequest: null,
    };
  };
  if (numbers.length > BULK.inlineMaxRows && action !== 'export') return queueBatchJob('bulk', numbers.length, run());
  return HttpResponse.json(run());
}

/** A waybill row's create rules (the server's changes.ts: checkFields, as the create call's mock checks them); the row becomes a draft. */
const waybillImport: MockImportSpec<Fields> = {
  columns: WAYBILL_IMPORT_COLUMNS,
  check: async (request, row) => {
    // A place, company or assortment by its name as well as its code (the server's import).
    const named = resolveWaybillImportNames(row, {
      origins: mockDb.warehouses.flatMap((w) => (w.originCode ? [{ code: w.originCode, name: w.name }] : [])),
      destinations: mockDb.warehouses.flatMap((w) => (w.destinationCode ? [{ code: w.destinationCode, name: w.name }] : [])),
      companies: mockDb.companies.map((c) => ({ code: c.registryCode, name: c.name })),
      assortments: mockDb.assortments.map((a) => ({ code: a.code, name: a.name })),
    });
    // A departure without a zone is the office's wall-clock time (the server's import).
    const body =
      typeof named.fields.departureTime === 'string'
        ? { ...named.fields, departureTime: wallClockInstant(named.fields.departureTime, SUMMARY_CHARTS.timeZone) }
        : named.fields;
    const checked = await checkFields(request, body);
    // The names' problems first, as the server adds them before the row's checks.
    const errors: Record<string, string[]> = {};
    for (const problem of named.problems) (errors[problem.field] ??= []).push(message(request, problem.key, problem.params));
    for (const [field, texts] of Object.entries(checked.errors)) (errors[field] ??= []).push(...texts);
    return { record: checked.fields, errors };
  },
  write: (request, rows, file) =>
    rows.map((fields) => {
      const number = nextNumber('waybill');
      created(request, 'waybill', number, { reason: file ?? undefined, via: 'import' });
      mockDb.waybills = [newWaybill(request, fields, number), ...mockDb.waybills];
      return number;
    }),
};

export const waybillVolumeHandlers: readonly HttpHandler[] = [
  http.post('*/api/waybills/bulk/', ({ request }) => bulk(request)),
  http.post('*/api/waybills/import/', ({ request }) => importResponse(request, waybillImport)),
  http.get('*/api/waybills/import/template/', ({ request }) => importTemplateResponse(request, WAYBILL_IMPORT_COLUMNS)),
  http.get('*/api/batch-jobs/:id/', ({ params, request }) => batchJobResponse(request, String(params.id))),
];
