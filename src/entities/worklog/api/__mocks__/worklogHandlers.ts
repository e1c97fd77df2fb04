import { http, HttpResponse, type HttpHandler } from 'msw';

import {
  mockReportResponse,
  dateRange,
  equals,
  fieldErrors,
  listResponse,
  mockDb,
  mockWorklog,
  notFound,
  oneOf,
  type ListSpec,
} from '@/shared/mock-db';

import type { Worklog, WorklogCreate, WorklogPatch } from '../worklogApi';

const REQUIRED = ['timestamp', 'action', 'warehouse', 'workerName', 'durationMinutes'];

export const worklogListSpec: ListSpec<Worklog> = {
  sortable: {
    number: (w) => w.number,
    timestamp: (w) => w.timestamp,
    action: (w) => w.action,
    warehouse: (w) => w.warehouse,
    workerName: (w) => w.workerName,
    durationMinutes: (w) => w.durationMinutes,
    createdAt: (w) => w.createdAt,
    lastModifiedAt: (w) => w.lastModifiedAt,
  },
  defaultSort: '-timestamp,-number',
  searchText: (w) => `${w.number} ${w.workerName} ${w.notes}`,
  createdAt: (w) => w.createdAt,
  lastModifiedAt: (w) => w.lastModifiedAt,
  filters: [
    equals('action', (w) => w.action),
    oneOf('actionIn', (w) => w.action),
    // The server's `timestamp` filter is a day: every worklog of that date.
    equals('timestamp', (w) => w.timestamp.slice(0, 10)),
    dateRange('timestamp', (w) => w.timestamp),
    oneOf('warehouse', (w) => w.warehouse),
    oneOf('warehouseCompany', (w) => w.warehouseCompany),
    oneOf('workerName', (w) => w.workerName),
    equals('waybill', (w) => w.waybill),
  ],
};

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

const countWorker = (workerName: string) => {
  const own = mockDb.worklogs.filter((item) => item.workerName === workerName);
  mockDb.workers = mockDb.workers.map((worker) =>
    worker.workerName === workerName
      ? { ...worker, worklogCount: own.length, lastWorklogAt: own.map((item) => item.timestamp).sort().at(-1) ?? null }
      : worker,
  );
};

const find = (number: unknown) => mockDb.worklogs.find((item) => item.number === number);

const update = (number: unknown, body: WorklogPatch): Response => {
  const current = find(number);
  if (!current) return notFound();
  const next = withNames({ ...current, ...body, lastModifiedAt: new Date().toISOString() });
  mockDb.worklogs = mockDb.worklogs.map((item) => (item.number === current.number ? next : item));
  countWorker(current.workerName);
  countWorker(next.workerName);
  return HttpResponse.json(next);
};

export const worklogHandlers: readonly HttpHandler[] = [
  http.get('*/api/worklogs/', ({ request }) => listResponse(request, mockDb.worklogs, worklogListSpec)),
  http.post('*/api/worklogs/worklog_report/', ({ request }) => mockReportResponse(request, 'worklog_report')),
  http.post('*/api/worklogs/', async ({ request }) => {
    const body = (await request.json()) as Partial<WorklogCreate>;
    const missing = REQUIRED.filter((field) => body[field as keyof WorklogCreate] === undefined);
    if (missing.length > 0) return fieldErrors(Object.fromEntries(missing.map((field) => [field, ['This field is required.']])));
    if (!mockDb.warehouses.some((item) => item.id === body.warehouse)) return fieldErrors({ warehouse: ['Unknown warehouse.'] });
    const now = new Date().toISOString();
    const worklog = withNames(
      mockWorklog({
        ...body,
        number: `WL-2026-${String(mockDb.worklogs.length + 1).padStart(4, '0')}`,
        notes: body.notes ?? '',
        createdAt: now,
        lastModifiedAt: now,
      }),
    );
    mockDb.worklogs = [worklog, ...mockDb.worklogs];
    countWorker(worklog.workerName);
    return HttpResponse.json(worklog, { status: 201 });
  }),
  http.get('*/api/worklogs/:number/', ({ params }) => {
    const worklog = find(params.number);
    return worklog ? HttpResponse.json(worklog) : notFound();
  }),
  http.put('*/api/worklogs/:number/', async ({ params, request }) => update(params.number, (await request.json()) as WorklogPatch)),
  http.patch('*/api/worklogs/:number/', async ({ params, request }) => update(params.number, (await request.json()) as WorklogPatch)),
];
