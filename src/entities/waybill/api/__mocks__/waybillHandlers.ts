import { http, HttpResponse, type HttpHandler } from 'msw';

import {
  mockReportResponse,
  dateRange,
  equals,
  fieldErrors,
  listResponse,
  mockDb,
  mockWaybill,
  nonFieldError,
  notFound,
  numberRange,
  oneOf,
  type ListSpec,
} from '@/shared/mock-db';

import type { Waybill, WaybillCreate, WaybillPatch, WaybillStatus } from '../waybillApi';

// The server's rules (server/src/shared/limits.ts), repeated for the mocks.
const TRANSITIONS: Readonly<Record<WaybillStatus, readonly WaybillStatus[]>> = {
  draft: ['confirmed', 'cancelled'],
  confirmed: ['delivered', 'cancelled'],
  delivered: [],
  invoiced: [],
  cancelled: [],
};
const EDITABLE: readonly WaybillStatus[] = ['draft', 'confirmed'];
const DELETABLE: readonly WaybillStatus[] = ['draft'];
const REQUIRED = ['transportDate', 'origin', 'destination', 'driverName', 'vehicleNumber', 'mileage', 'assortment', 'quantity'];

export const waybillListSpec: ListSpec<Waybill> = {
  sortable: {
    number: (w) => w.number,
    status: (w) => w.status,
    transportDate: (w) => w.transportDate,
    origin: (w) => w.origin,
    destination: (w) => w.destination,
    destinationCompany: (w) => w.destinationCompany,
    driverName: (w) => w.driverName,
    mileage: (w) => w.mileage,
    assortment: (w) => w.assortment,
    quantity: (w) => Number(w.quantity),
    createdAt: (w) => w.createdAt,
    lastModifiedAt: (w) => w.lastModifiedAt,
  },
  defaultSort: '-transportDate,-number',
  searchText: (w) => `${w.number} ${w.driverName} ${w.vehicleNumber} ${w.notes}`,
  createdAt: (w) => w.createdAt,
  lastModifiedAt: (w) => w.lastModifiedAt,
  filters: [
    oneOf('assortment', (w) => w.assortment),
    oneOf('destination', (w) => w.destination),
    oneOf('destinationCompany', (w) => w.destinationCompany),
    equals('driverName', (w) => w.driverName),
    equals('mileage', (w) => w.mileage),
    numberRange('mileage', (w) => w.mileage),
    oneOf('origin', (w) => w.origin),
    equals('status', (w) => w.status),
    oneOf('statusIn', (w) => w.status),
    equals('transportDate', (w) => w.transportDate),
    dateRange('transportDate', (w) => w.transportDate),
    equals('invoice', (w) => w.invoice),
  ],
};

/** Fills the names the server joins in from the reference data. */
const withNames = (waybill: Waybill): Waybill => {
  const origin = mockDb.warehouses.find((item) => item.originCode === waybill.origin);
  const destination = mockDb.warehouses.find((item) => item.destinationCode === waybill.destination);
  const destinationCompany = waybill.destinationCompany || destination?.company || '';
  const company = mockDb.companies.find((item) => item.registryCode === destinationCompany);
  const assortment = mockDb.assortments.find((item) => item.code === waybill.assortment);
  return {
    ...waybill,
    originName: origin?.name ?? waybill.origin,
    destinationName: destination?.name ?? waybill.destination,
    destinationCompany,
    destinationCompanyName: company?.name ?? destinationCompany,
    assortmentName: assortment?.name ?? waybill.assortment,
    unit: assortment?.unit ?? waybill.unit,
  };
};

const find = (number: unknown) => mockDb.waybills.find((item) => item.number === number);

const update = (number: unknown, body: WaybillPatch): Response => {
  const current = find(number);
  if (!current) return notFound();
  const { status, ...edits } = body;
  if (status !== undefined && status !== current.status && !TRANSITIONS[current.status].includes(status)) {
    return fieldErrors({ status: [`A ${current.status} waybill cannot become ${status}.`] });
  }
  if (Object.keys(edits).length > 0 && !EDITABLE.includes(current.status)) {
    return nonFieldError(`A ${current.status} waybill cannot be changed.`);
  }
  const next = withNames({ ...current, ...edits, status: status ?? current.status, lastModifiedAt: new Date().toISOString() });
  mockDb.waybills = mockDb.waybills.map((item) => (item.number === current.number ? next : item));
  return HttpResponse.json(next);
};

export const waybillHandlers: readonly HttpHandler[] = [
  http.get('*/api/waybills/', ({ request }) => listResponse(request, mockDb.waybills, waybillListSpec)),
  http.post('*/api/waybills/waybill_report/', ({ request }) => mockReportResponse(request, 'waybill_report')),
  http.post('*/api/waybills/', async ({ request }) => {
    const body = (await request.json()) as Partial<WaybillCreate>;
    const missing = REQUIRED.filter((field) => body[field as keyof WaybillCreate] === undefined);
    if (missing.length > 0) return fieldErrors(Object.fromEntries(missing.map((field) => [field, ['This field is required.']])));
    const number = body.number ?? `WB-2026-${String(mockDb.waybills.length + 1).padStart(4, '0')}`;
    if (find(number)) return fieldErrors({ number: ['A waybill with this number already exists.'] });
    const now = new Date().toISOString();
    const waybill = withNames(
      mockWaybill({ ...body, number, status: 'draft', invoice: null, notes: body.notes ?? '', createdAt: now, lastModifiedAt: now }),
    );
    mockDb.waybills = [waybill, ...mockDb.waybills];
    return HttpResponse.json(waybill, { status: 201 });
  }),
  http.get('*/api/waybills/:number/', ({ params }) => {
    const waybill = find(params.number);
    return waybill ? HttpResponse.json(waybill) : notFound();
  }),
  http.put('*/api/waybills/:number/', async ({ params, request }) => update(params.number, (await request.json()) as WaybillPatch)),
  http.patch('*/api/waybills/:number/', async ({ params, request }) => update(params.number, (await request.json()) as WaybillPatch)),
  http.delete('*/api/waybills/:number/', ({ params }) => {
    const waybill = find(params.number);
    if (!waybill) return notFound();
    if (!DELETABLE.includes(waybill.status)) return nonFieldError(`A ${waybill.status} waybill cannot be deleted.`);
    mockDb.waybills = mockDb.waybills.filter((item) => item.number !== waybill.number);
    return new HttpResponse(null, { status: 204 });
  }),
];
