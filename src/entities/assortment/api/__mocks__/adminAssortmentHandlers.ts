import { http, HttpResponse, type HttpHandler } from 'msw';
import { ASSORTMENT_LIST, CODE_PATTERN, LIMITS, PRICE_PATTERN, DECIMAL_MAX_LENGTH, SPECIES, UNITS } from '@timberlog/contract';

import {
  type MockFieldErrors,
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

import type { Assortment } from '../assortmentApi';

const now = () => new Date().toISOString();
const typeName = (id: number | undefined) => mockDb.assortmentTypes.find((item) => item.id === id)?.name;
const RULES: Record<string, FieldRule> = {
  name: { required: true, notEmpty: true, maxLength: LIMITS.nameMaxLength },
  assortmentType: { required: true, type: 'integer', minimum: 1, maximum: LIMITS.idMax },
  species: { required: true, values: SPECIES },
  unit: { required: true, values: UNITS },
  unitPrice: { required: true, maxLength: DECIMAL_MAX_LENGTH, pattern: PRICE_PATTERN, decimals: LIMITS.priceMaxDecimals },
  isActive: { type: 'boolean' },
};
const CREATE_RULES: Record<string, FieldRule> = {
  code: { required: true, notEmpty: true, maxLength: LIMITS.codeMaxLength, pattern: CODE_PATTERN },
  ...RULES,
};

/** The server's rules that read data: a name not only spaces, a known assortment type. */
function check(errors: MockFieldErrors, body: Partial<Assortment>): void {
  notBlank(errors, 'name', body.name);
  if (body.assortmentType !== undefined && typeName(body.assortmentType) === undefined)
    errors.add('assortmentType', 'ref.unknownAssortmentType', { value: String(body.assortmentType) });
}

/** Staff-only `/api/admin/assortments`: list, create, edit, delete (refused while waybills or worklogs use it), as the server answers. */
export const adminAssortmentHandlers: readonly HttpHandler[] = [
  http.all('*/api/admin/assortments*', ({ request }) => staffOnly(request)),
  http.get('*/api/admin/assortments', ({ request }) => listResponse(request, ASSORTMENT_LIST, mockDb.assortments)),
  http.post('*/api/admin/assortments', async ({ request }) => {
    const body = (await request.json()) as Partial<Assortment>;
    const errors = schemaErrors(request, body, CREATE_RULES);
    if (!errors.empty) return errors.answer();
    check(errors, body);
    const code = String(body.code);
    if (mockDb.assortments.some((item) => item.code === code)) errors.add('code', 'admin.exists');
    if (!errors.empty) return errors.answer();
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
    const errors = schemaErrors(request, body, optional(RULES));
    if (errors.empty) check(errors, body);
    if (!errors.empty) return errors.answer();
    const next: Assortment = {
      ...current,
      ...body,
      code: current.code,
      assortmentTypeName: typeName(body.assortmentType ?? current.assortmentType) ?? '',
      lastModifiedAt: now(),
    };
    mockDb.assortments = mockDb.assortments.map((item) => (item.code === current.code ? next : item));
    return HttpResponse.json(next);
  }),
  http.delete('*/api/admin/assortments/:key', ({ params, request }) => {
    const key = String(params.key);
    if (!mockDb.assortments.some((item) => item.code === key)) return notFound(request);
    const refused = referencedAnswer(request, [
      ['waybills', mockDb.waybills.filter((item) => item.assortment === key).length],
      ['worklogs', mockDb.worklogs.filter((item) => item.assortment === key).length],
    ]);
    if (refused) return refused;
    mockDb.assortments = mockDb.assortments.filter((item) => item.code !== key);
    return new HttpResponse(null, { status: 204 });
  }),
];
