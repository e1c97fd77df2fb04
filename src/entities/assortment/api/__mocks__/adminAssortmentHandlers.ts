import { http, HttpResponse, type HttpHandler } from 'msw';
import { ASSORTMENT_LIST, CODE_PATTERN } from '@timberlog/contract';

import { fieldErrors, listResponse, message, mockCaller, mockDb, nonFieldError, notFound, requestLocale } from '@/shared/mock-db';

import type { Assortment } from '../assortmentApi';

// The server's texts for the admin answers (server/src/shared/i18n.ts, server/src/admin/routes.ts).
const TEXTS = {
  en: { referenced: 'Cannot delete: referred to by {list}.', exists: 'A record with this key already exists.', nouns: { waybills: 'waybills', worklogs: 'worklogs' } },
  et: { referenced: 'Ei saa kustutada: sellele viitavad {list}.', exists: 'Selle võtmega kirje on juba olemas.', nouns: { waybills: 'veoselehte', worklogs: 'töölogi' } },
} as const;

const forbidden = (request: Request) => HttpResponse.json({ detail: message(request, 'auth.permissionDenied') }, { status: 403 });
const now = () => new Date().toISOString();
const typeName = (id: number | undefined) => mockDb.assortmentTypes.find((item) => item.id === id)?.name;

const check = (request: Request, body: Partial<Assortment>) => {
  const errors: Record<string, string[]> = {};
  if (body.name !== undefined && !body.name.trim()) errors.name = [message(request, 'field.blank')];
  if (body.assortmentType !== undefined && typeName(body.assortmentType) === undefined) errors.assortmentType = [`No assortment type has id ${body.assortmentType}.`];
  return errors;
};

/** Staff-only `/api/admin/assortments`: list, create, edit, delete (refused while waybills or worklogs use it). */
export const adminAssortmentHandlers: readonly HttpHandler[] = [
  http.all('*/api/admin/assortments*', ({ request }) => (mockCaller(request).isStaff ? undefined : forbidden(request))),
  http.get('*/api/admin/assortments', ({ request }) => listResponse(request, ASSORTMENT_LIST, mockDb.assortments)),
  http.post('*/api/admin/assortments', async ({ request }) => {
    const body = (await request.json()) as Partial<Assortment>;
    const errors = check(request, { name: '', ...body });
    const code = String(body.code ?? '');
    if (!new RegExp(CODE_PATTERN).test(code)) errors.code = [message(request, 'field.required')];
    else if (mockDb.assortments.some((item) => item.code === code)) errors.code = [TEXTS[requestLocale(request)].exists];
    if (Object.keys(errors).length > 0) return fieldErrors(errors);
    const at = now();
    const assortment: Assortment = {
      code,
      name: String(body.name),
      assortmentType: Number(body.assortmentType),
      assortmentTypeName: typeName(body.assortmentType) ?? '',
      species: body.species ?? 'other',
      unit: body.unit ?? 'm3',
      unitPrice: body.unitPrice ?? '0.00',
      isActive: body.isActive ?? true,
      createdAt: at,
      lastModifiedAt: at,
    };
    mockDb.assortments = [...mockDb.assortments, assortment];
    return HttpResponse.json(assortment, { status: 201 });
  }),
  http.patch('*/api/admin/assortments/:key', async ({ params, request }) => {
    const current = mockDb.assortments.find((item) => item.code === params.key);
    if (!current) return notFound(request);
    const body = (await request.json()) as Partial<Assortment>;
    const errors = check(request, body);
    if (Object.keys(errors).length > 0) return fieldErrors(errors);
    const next: Assortment = { ...current, ...body, code: current.code, assortmentTypeName: typeName(body.assortmentType ?? current.assortmentType) ?? '', lastModifiedAt: now() };
    mockDb.assortments = mockDb.assortments.map((item) => (item.code === current.code ? next : item));
    return HttpResponse.json(next);
  }),
  http.delete('*/api/admin/assortments/:key', ({ params, request }) => {
    const key = String(params.key);
    if (!mockDb.assortments.some((item) => item.code === key)) return notFound(request);
    const texts = TEXTS[requestLocale(request)];
    const counts = { waybills: mockDb.waybills.filter((item) => item.assortment === key).length, worklogs: mockDb.worklogs.filter((item) => item.assortment === key).length };
    const refs = Object.entries(counts)
      .filter(([, n]) => n > 0)
      .map(([noun, n]) => `${n} ${texts.nouns[noun as keyof typeof counts]}`);
    if (refs.length > 0) return nonFieldError(texts.referenced.replace('{list}', refs.join(', ')));
    mockDb.assortments = mockDb.assortments.filter((item) => item.code !== key);
    return new HttpResponse(null, { status: 204 });
  }),
];
