import { http, HttpResponse, type HttpHandler } from 'msw';
import {
  LIMITS,
  QUANTITY_DECIMAL,
  SUMMARY_CHARTS,
  WORKLOG_IMPORT_COLUMNS,
  WORKLOG_LIST,
  decimalProblem,
  normaliseWorkerName,
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
  mockCaller,
  mockDb,
  mockReportResponse,
  mockWorklog,
  nextNumber,
  notFound,
  versionConflict,
  type MessageKey,
  type MockImportSpec,
} from '@/shared/mock-db';

import type { Worklog, WorklogCreate, WorklogPatch } from '../worklogApi';

const REQUIRED = ['timestamp', 'action', 'warehouse', 'workerName', 'durationMinutes'] as const;
type Fields = { -readonly [K in keyof WorklogCreate]?: WorklogCreate[K] };

/** The server's field checks (server/src/worklogs/routes.ts): a worker name, known references, a positive quantity. */
function checkFields(request: Request, body: Fields): { fields: Fields; errors: Record<string, string[]> } {
  const fields: Fields = { ...body };
  const errors: Record<string, string[]> = {};
  const add = (name: string, key: MessageKey, params?: Record<string, string | number>) =>
    (errors[name] ??= []).push(message(request, key, params));
  if (fields.workerName !== undefined) {
    fields.workerName = normaliseWorkerName(fields.workerName);
    if (!fields.workerName) add('workerName', 'field.blank');
  }
  if (fields.assortment === '') fields.assortment = null;
  if (fields.waybill === '') fields.waybill = null;
  if (fields.warehouse !== undefined && !mockDb.warehouses.some((item) => item.id === fields.warehouse)) {
    add('warehouse', 'ref.unknownWarehouse', { value: fields.warehouse });
  }
  if (fields.assortment && !mockDb.assortments.some((item) => item.code === fields.assortment)) {
    add('assortment', 'ref.unknownAssortment', { value: fields.assortment });
  }
  if (fields.waybill && !mockDb.waybills.some((item) => item.number === fields.waybill))
    add('waybill', 'ref.unknownWaybill', { value: fields.waybill });
  // The server's schema words for a quantity that is not one (a sign, decimals, digits), then its rule.
  const quantityProblem = typeof fields.quantity === 'string' ? decimalProblem(fields.quantity, QUANTITY_DECIMAL) : undefined;
  // Stored as numeric(…, 3): answered with three decimals.
  if (typeof fields.quantity === 'string') fields.quantity = decimalText(fields.quantity, LIMITS.quantityMaxDecimals);
  if (quantityProblem) add('quantity', quantityProblem.key, quantityProblem.params);
  else if (fields.quantity !== undefined && fields.quantity !== null && !(Number(fields.quantity) > 0)) add('quantity', 'field.positive');
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

const update = (request: Request, number: unknown, body: WorklogPatch): Response => {
  const current = find(number);
  if (!current) return notFound(request);
  const stale = versionConflict(request, 'worklog', current.number, current);
  if (stale) return stale;
  const { fields, errors } = checkFields(request, body);
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
      createdBy: mockCaller(request).email,
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
  check: (request, row) => {
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
    const { fields, errors } = checkFields(request, body);
    return { record: fields, errors: { ...nameErrors, ...errors } };
  },
  write: (request, rows, file) => rows.map((fields) => createWorklog(request, fields, { file }).number),
};

export const worklogHandlers: readonly HttpHandler[] = [
  http.get('*/api/worklogs/', ({ request }) => listResponse(request, WORKLOG_LIST, mockDb.worklogs)),
  http.post('*/api/worklogs/worklog_report/', ({ request }) => mockReportResponse(request, 'worklog_report')),
  http.post('*/api/worklogs/', async ({ request }) => {
    const body = (await request.json()) as Fields;
    const missing = REQUIRED.filter((name) => body[name] === undefined);
    if (missing.length > 0) return fieldErrors(Object.fromEntries(missing.map((name) => [name, [message(request, 'field.required')]])));
    const { fields, errors } = checkFields(request, body);
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
