import { http, HttpResponse, type HttpHandler } from 'msw';
import {
  LIMITS,
  QUANTITY_DECIMAL,
  SUMMARY_CHARTS,
  WORKLOG_IMPORT_COLUMNS,
  WORKLOG_LIST,
  decimalProblem,
  checkWorklogFields,
  WORKLOG_REQUIRED_FIELDS,
  type WorklogLookups,
  wallClockInstant,
} from '@timberlog/contract';

import {
  changed,
  created,
  decimalText,
  fieldErrors,
  historyResponse,
  importResponse,
  importTemplateResponse,
  listResponse,
  message,
  createdByCaller,
  mockDb,
  mockReportResponse,
  mockWorklog,
  nextNumber,
  notFound,
  versionConflict,
  type MockImportSpec,
} from '@/shared/mock-db';

import type { Worklog, WorklogCreate, WorklogPatch } from '../worklogApi';

type Fields = { -readonly [K in keyof WorklogCreate]?: WorklogCreate[K] };

/** The reference data the contract's worklog rules ask about, from the mock data (the server's are SQL over the same). */
const mockWorklogLookups: WorklogLookups = {
  warehouseCompany: (id) => mockDb.warehouses.find((item) => item.id === id)?.company,
  hasAssortment: (code) => mockDb.assortments.some((item) => item.code === code),
  hasWaybill: (number) => mockDb.waybills.some((item) => item.number === number),
};

/**
 * The server's checks of a worklog's fields: the schema's (a quantity that is not a decimal it
 * takes), then the contract's rules (checkWorklogFields) over the mock data; a quantity as the
 * database keeps it (three decimals).
 */
async function checkFields(request: Request, body: Fields): Promise<{ fields: Fields; errors: Record<string, string[]> }> {
  const quantityProblem = typeof body.quantity === 'string' ? decimalProblem(body.quantity, QUANTITY_DECIMAL) : undefined;
  if (quantityProblem) return { fields: body, errors: { quantity: [message(request, quantityProblem.key, quantityProblem.params)] } };
  const { fields, problems } = await checkWorklogFields(body, mockWorklogLookups);
  const errors: Record<string, string[]> = {};
  for (const problem of problems) (errors[problem.field] ??= []).push(message(request, problem.key, problem.params));
  if (typeof fields.quantity === 'string') fields.quantity = decimalText(fields.quantity, LIMITS.quantityMaxDecimals);
  return { fields, errors };
}

const withNames = (worklog: Worklog): Worklog => {
  const warehouse = mockDb.warehouses.find((item) => item.id === worklog.warehouse);
  const assortment = mockDb.assortments.find((item) => item.code === worklog.assortment);
  return {
    ...worklog,
    warehouseName: warehouse?.name ?? String(worklog.warehouse),
    warehouseCompany: warehouse?.company ?? worklog.warehouseCompany,
    warehouseCompanyName: warehouse?.companyName ?? worklog.warehouseCompanyName,
    assortmentName: assortment?.name ?? null,
  };
};

/** Keeps the workers (count, last worklog, company of the latest warehouse) in step, as the server does. */
const touchWorker = (request: Request, workerName: string) => {
  const own = mockDb.worklogs.filter((item) => item.workerName === workerName);
  const latest = [...own].sort((a, b) => (a.timestamp < b.timestamp ? 1 : -1))[0];
  const company = latest ? (mockDb.warehouses.find((item) => item.id === latest.warehouse) ?? null) : null;
  const counts = {
    worklogCount: own.length,
    lastWorklogAt: latest?.timestamp ?? null,
    company: company?.company ?? null,
    companyName: company?.companyName ?? null,
  };
  const now = new Date().toISOString();
  const existing = mockDb.workers.find((worker) => worker.workerName === workerName);
  if (!existing) {
    created(request, 'worker', workerName);
    mockDb.workers = [...mockDb.workers, { workerName, ...counts, createdAt: now, lastModifiedAt: now, version: 1 }];
    return;
  }
  // A new company moves the worker's version and is in its history; a count alone does not.
  const touched = { ...existing, ...counts, lastModifiedAt: now };
  const next = touched.company === existing.company ? touched : changed(request, 'worker', workerName, touched);
  mockDb.workers = mockDb.workers.map((worker) => (worker.workerName === workerName ? next : worker));
};

const find = (number: unknown) => mockDb.worklogs.find((item) => item.number === number);

const update = async (request: Request, number: unknown, body: WorklogPatch): Promise<Response> => {
  const current = find(number);
  if (!current) return notFound(request);
  const stale = versionConflict(request, 'worklog', current.number, current);
  if (stale) return stale;
  const { fields, errors } = await checkFields(request, body);
  if (Object.keys(errors).length > 0) return fieldErrors(errors);
  const next = changed(request, 'worklog', current.number, withNames({ ...current, ...fields, lastModifiedAt: new Date().toISOString() }));
  mockDb.worklogs = mockDb.worklogs.map((item) => (item.number === current.number ? next : item));
  touchWorker(request, current.workerName);
  touchWorker(request, next.workerName);
  return HttpResponse.json(next);
};

/** A worklog as created, its names filled in. */
const createWorklog = (request: Request, fields: Fields, via?: { file: string | null }): Worklog => {
  const now = new Date().toISOString();
  const worklog = withNames(
    mockWorklog({
      assortment: null,
      quantity: null,
      waybill: null,
      ...fields,
      number: nextNumber('worklog'),
      notes: fields.notes ?? '',
      ...createdByCaller(request),
      createdAt: now,
      lastModifiedAt: now,
    }),
  );
  created(request, 'worklog', worklog.number, via ? { reason: via.file ?? undefined, via: 'import' } : undefined);
  mockDb.worklogs = [worklog, ...mockDb.worklogs];
  touchWorker(request, worklog.workerName);
  return worklog;
};

/**
 * A worklog row of an import (server/src/worklogs/import.ts): its time in the office's time zone
 * unless it names one, its warehouse by name (one warehouse of the name) or id, then the create
 * rules.
 */
const worklogImport: MockImportSpec<Fields> = {
  columns: WORKLOG_IMPORT_COLUMNS,
  check: async (request, row) => {
    const { warehouse, timestamp, ...rest } = row;
    const body = { ...rest } as Fields;
    const nameErrors: Record<string, string[]> = {};
    if (typeof timestamp === 'string') body.timestamp = wallClockInstant(timestamp, SUMMARY_CHARTS.timeZone);
    if (typeof warehouse === 'string') {
      const named = mockDb.warehouses.filter((item) => item.name === warehouse);
      if (named.length === 1) body.warehouse = named[0]!.id;
      else if (named.length > 1) nameErrors.warehouse = [message(request, 'import.ambiguousWarehouseName', { value: warehouse })];
      else if (/^\d{1,9}$/.test(warehouse) && mockDb.warehouses.some((item) => item.id === Number(warehouse)))
        body.warehouse = Number(warehouse);
      else nameErrors.warehouse = [message(request, 'import.unknownWarehouseName', { value: warehouse })];
    }
    const { fields, errors } = await checkFields(request, body);
    return { record: fields, errors: { ...nameErrors, ...errors } };
  },
  write: (request, rows, file) => rows.map((fields) => createWorklog(request, fields, { file }).number),
};

export const worklogHandlers: readonly HttpHandler[] = [
  http.get('*/api/worklogs/', ({ request }) => listResponse(request, WORKLOG_LIST, mockDb.worklogs)),
  http.post('*/api/worklogs/worklog_report/', ({ request }) => mockReportResponse(request, 'worklog_report')),
  http.post('*/api/worklogs/', async ({ request }) => {
    const body = (await request.json()) as Fields;
    const missing = WORKLOG_REQUIRED_FIELDS.filter((name) => body[name] === undefined);
    if (missing.length > 0) return fieldErrors(Object.fromEntries(missing.map((name) => [name, [message(request, 'field.required')]])));
    const { fields, errors } = await checkFields(request, body);
    if (Object.keys(errors).length > 0) return fieldErrors(errors);
    const worklog = createWorklog(request, fields);
    return HttpResponse.json(worklog, { status: 201, headers: { ETag: `"${worklog.version}"` } });
  }),
  http.post('*/api/worklogs/import/', ({ request }) => importResponse(request, worklogImport)),
  http.get('*/api/worklogs/import/template/', ({ request }) => importTemplateResponse(request, WORKLOG_IMPORT_COLUMNS)),
  http.get('*/api/worklogs/:number/history/', ({ params, request }) => historyResponse(request, 'worklog', String(params.number))),
  http.get('*/api/worklogs/:number/', ({ params, request }) => {
    const worklog = find(params.number);
    return worklog ? HttpResponse.json(worklog, { headers: { ETag: `"${worklog.version}"` } }) : notFound(request);
  }),
  http.put('*/api/worklogs/:number/', async ({ params, request }) =>
    update(request, params.number, (await request.json()) as WorklogPatch),
  ),
  http.patch('*/api/worklogs/:number/', async ({ params, request }) =>
    update(request, params.number, (await request.json()) as WorklogPatch),
  ),
];
