import { http, HttpResponse, type HttpHandler } from 'msw';
import { ASSORTMENT_TYPE_LIST } from '@timberlog/contract';

import { fieldErrors, listResponse, message, mockCaller, mockDb, nonFieldError, notFound, requestLocale } from '@/shared/mock-db';

import type { AssortmentType } from '../assortmentTypeApi';

// The server's texts for the admin answers (server/src/shared/i18n.ts, server/src/admin/routes.ts).
const TEXTS = {
  en: { referenced: 'Cannot delete: referred to by {list}.', noun: 'assortments' },
  et: { referenced: 'Ei saa kustutada: sellele viitavad {list}.', noun: 'sortimenti' },
} as const;

const forbidden = (request: Request) => HttpResponse.json({ detail: message(request, 'auth.permissionDenied') }, { status: 403 });
const now = () => new Date().toISOString();

/** Staff-only `/api/admin/assortment-types`: list, create, edit, delete (refused while assortments use it). */
export const adminAssortmentTypeHandlers: readonly HttpHandler[] = [
  http.all('*/api/admin/assortment-types*', ({ request }) => (mockCaller(request).isStaff ? undefined : forbidden(request))),
  http.get('*/api/admin/assortment-types', ({ request }) => listResponse(request, ASSORTMENT_TYPE_LIST, mockDb.assortmentTypes)),
  http.post('*/api/admin/assortment-types', async ({ request }) => {
    const body = (await request.json()) as Partial<AssortmentType>;
    if (!String(body.name ?? '').trim()) return fieldErrors({ name: [message(request, 'field.blank')] });
    const at = now();
    const type: AssortmentType = {
      id: Math.max(0, ...mockDb.assortmentTypes.map((item) => item.id)) + 1,
      name: String(body.name),
      description: body.description ?? '',
      createdAt: at,
      lastModifiedAt: at,
    };
    mockDb.assortmentTypes = [...mockDb.assortmentTypes, type];
    return HttpResponse.json(type, { status: 201 });
  }),
  http.patch('*/api/admin/assortment-types/:key', async ({ params, request }) => {
    const current = mockDb.assortmentTypes.find((item) => String(item.id) === params.key);
    if (!current) return notFound(request);
    const body = (await request.json()) as Partial<AssortmentType>;
    if (body.name !== undefined && !body.name.trim()) return fieldErrors({ name: [message(request, 'field.blank')] });
    const next: AssortmentType = { ...current, ...body, id: current.id, lastModifiedAt: now() };
    mockDb.assortmentTypes = mockDb.assortmentTypes.map((item) => (item.id === current.id ? next : item));
    return HttpResponse.json(next);
  }),
  http.delete('*/api/admin/assortment-types/:key', ({ params, request }) => {
    const current = mockDb.assortmentTypes.find((item) => String(item.id) === params.key);
    if (!current) return notFound(request);
    const texts = TEXTS[requestLocale(request)];
    const used = mockDb.assortments.filter((item) => item.assortmentType === current.id).length;
    if (used > 0) return nonFieldError(texts.referenced.replace('{list}', `${used} ${texts.noun}`));
    mockDb.assortmentTypes = mockDb.assortmentTypes.filter((item) => item.id !== current.id);
    return new HttpResponse(null, { status: 204 });
  }),
];
