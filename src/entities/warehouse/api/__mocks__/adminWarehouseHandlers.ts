import { http, HttpResponse, type HttpHandler } from 'msw';
import { WAREHOUSE_LIST } from '@timberlog/contract';

import { fieldErrors, listResponse, message, mockCaller, mockDb, nonFieldError, notFound, requestLocale } from '@/shared/mock-db';

import type { Warehouse } from '../warehouseApi';

// The server's texts for the admin answers (server/src/shared/i18n.ts, server/src/admin/routes.ts).
const TEXTS = {
  en: { referenced: 'Cannot delete: referred to by {list}.', originTaken: 'Another warehouse already uses this origin code.', destinationTaken: 'Another warehouse already uses this destination code.', nouns: { waybills: 'waybills', worklogs: 'worklogs' } },
  et: { referenced: 'Ei saa kustutada: sellele viitavad {list}.', originTaken: 'Seda lähtekoodi kasutab juba teine ladu.', destinationTaken: 'Seda sihtkoodi kasutab juba teine ladu.', nouns: { waybills: 'veoselehte', worklogs: 'töölogi' } },
} as const;

const forbidden = (request: Request) => HttpResponse.json({ detail: message(request, 'auth.permissionDenied') }, { status: 403 });
const now = () => new Date().toISOString();

const check = (request: Request, body: Partial<Warehouse>, id?: number) => {
  const texts = TEXTS[requestLocale(request)];
  const errors: Record<string, string[]> = {};
  if (body.name !== undefined && !body.name.trim()) errors.name = [message(request, 'field.blank')];
  if (body.company !== undefined && !mockDb.companies.some((item) => item.registryCode === body.company)) {
    errors.company = [message(request, 'ref.unknownCompany', { value: String(body.company) })];
  }
  if (body.originCode && mockDb.warehouses.some((item) => item.originCode === body.originCode && item.id !== id)) errors.originCode = [texts.originTaken];
  if (body.destinationCode && mockDb.warehouses.some((item) => item.destinationCode === body.destinationCode && item.id !== id)) {
    errors.destinationCode = [texts.destinationTaken];
  }
  return errors;
};

/** Staff-only `/api/admin/warehouses`: list, create, edit, delete (refused while waybills or worklogs refer to it), as the server answers. */
export const adminWarehouseHandlers: readonly HttpHandler[] = [
  http.all('*/api/admin/warehouses*', ({ request }) => (mockCaller(request).isStaff ? undefined : forbidden(request))),
  http.get('*/api/admin/warehouses', ({ request }) => listResponse(request, WAREHOUSE_LIST, mockDb.warehouses)),
  http.post('*/api/admin/warehouses', async ({ request }) => {
    const body = (await request.json()) as Partial<Warehouse>;
    const errors = check(request, { name: '', ...body });
    if (Object.keys(errors).length > 0) return fieldErrors(errors);
    const at = now();
    const warehouse: Warehouse = {
      id: Math.max(0, ...mockDb.warehouses.map((item) => item.id)) + 1,
      name: String(body.name),
      company: String(body.company),
      companyName: mockDb.companies.find((item) => item.registryCode === body.company)?.name ?? '',
      originCode: body.originCode ?? null,
      destinationCode: body.destinationCode ?? null,
      address: body.address ?? '',
      hasWorklogs: false,
      createdAt: at,
      lastModifiedAt: at,
    };
    mockDb.warehouses = [...mockDb.warehouses, warehouse];
    return HttpResponse.json(warehouse, { status: 201 });
  }),
  http.patch('*/api/admin/warehouses/:key', async ({ params, request }) => {
    const current = mockDb.warehouses.find((item) => String(item.id) === params.key);
    if (!current) return notFound(request);
    const body = (await request.json()) as Partial<Warehouse>;
    const errors = check(request, body, current.id);
    if (Object.keys(errors).length > 0) return fieldErrors(errors);
    const company = body.company ?? current.company;
    const next: Warehouse = {
      ...current,
      ...body,
      id: current.id,
      companyName: mockDb.companies.find((item) => item.registryCode === company)?.name ?? current.companyName,
      lastModifiedAt: now(),
    };
    mockDb.warehouses = mockDb.warehouses.map((item) => (item.id === current.id ? next : item));
    return HttpResponse.json(next);
  }),
  http.delete('*/api/admin/warehouses/:key', ({ params, request }) => {
    const current = mockDb.warehouses.find((item) => String(item.id) === params.key);
    if (!current) return notFound(request);
    const texts = TEXTS[requestLocale(request)];
    const counts = {
      waybills: mockDb.waybills.filter((item) => item.origin === current.originCode || item.destination === current.destinationCode).length,
      worklogs: mockDb.worklogs.filter((item) => item.warehouse === current.id).length,
    };
    const refs = Object.entries(counts)
      .filter(([, n]) => n > 0)
      .map(([noun, n]) => `${n} ${texts.nouns[noun as keyof typeof counts]}`);
    if (refs.length > 0) return nonFieldError(texts.referenced.replace('{list}', refs.join(', ')));
    mockDb.warehouses = mockDb.warehouses.filter((item) => item.id !== current.id);
    return new HttpResponse(null, { status: 204 });
  }),
];
