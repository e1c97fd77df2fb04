import { http, HttpResponse, type HttpHandler } from 'msw';
import { ASSORTMENT_TYPE_LIST, LIMITS } from '@timberlog/contract';

import {
  listResponse,
  mockDb,
  notBlank,
  notFound,
  optional,
  referencedAnswer,
  schemaErrors,
  staffOnly,
  type FieldRule,
} from '@/shared/mock-db';

import type { AssortmentType } from '../assortmentTypeApi';

const now = () => new Date().toISOString();
const RULES: Record<string, FieldRule> = {
  name: { required: true, notEmpty: true, maxLength: LIMITS.assortmentTypeNameMaxLength },
  description: { maxLength: LIMITS.notesMaxLength },
};

/** Staff-only `/api/admin/assortment-types`: list, create, edit, delete (refused while assortments use it), as the server answers. */
export const adminAssortmentTypeHandlers: readonly HttpHandler[] = [
  http.all('*/api/admin/assortment-types*', ({ request }) => staffOnly(request)),
  http.get('*/api/admin/assortment-types', ({ request }) => listResponse(request, ASSORTMENT_TYPE_LIST, mockDb.assortmentTypes)),
  http.post('*/api/admin/assortment-types', async ({ request }) => {
    const body = (await request.json()) as Partial<AssortmentType>;
    const errors = schemaErrors(request, body, RULES);
    if (errors.empty) notBlank(errors, 'name', body.name);
    if (!errors.empty) return errors.answer();
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
    const errors = schemaErrors(request, body, optional(RULES));
    if (errors.empty) notBlank(errors, 'name', body.name);
    if (!errors.empty) return errors.answer();
    const next: AssortmentType = { ...current, ...body, id: current.id, lastModifiedAt: now() };
    mockDb.assortmentTypes = mockDb.assortmentTypes.map((item) => (item.id === current.id ? next : item));
    return HttpResponse.json(next);
  }),
  http.delete('*/api/admin/assortment-types/:key', ({ params, request }) => {
    const current = mockDb.assortmentTypes.find((item) => String(item.id) === params.key);
    if (!current) return notFound(request);
    const refused = referencedAnswer(request, [
      ['assortments', mockDb.assortments.filter((item) => item.assortmentType === current.id).length],
    ]);
    if (refused) return refused;
    mockDb.assortmentTypes = mockDb.assortmentTypes.filter((item) => item.id !== current.id);
    return new HttpResponse(null, { status: 204 });
  }),
];
