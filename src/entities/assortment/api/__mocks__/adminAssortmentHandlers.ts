import { http, HttpResponse, type HttpHandler } from 'msw';
import { ASSORTMENT_LIST, CODE_PATTERN, LIMITS, PRICE_PATTERN, DECIMAL_MAX_LENGTH, SPECIES, UNITS } from '@timberlog/contract';

import {
  type MockFieldErrors,
  adminRecordHandlers,
  changed,
  created,
  decimalText,
  deleted,
  listResponse,
  mockDb,
  notBlank,
  notFound,
  optional,
  referencedAnswer,
  schemaErrors,
  staffOnly,
  versionConflict,
  withEtag,
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
  unitPrice: { required: true, maxLength: DECIMAL_MAX_LENGTH, pattern: PRICE_PATTERN },
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

const find = (key: string) => mockDb.assortments.find((item) => item.code === key);
const FIELDS = ['name', 'assortmentType', 'species', 'unit', 'unitPrice', 'isActive'] as const;

/** PUT (every field) and PATCH (some): the body's schema, the record, its version, then the rules that read data. */
const update = async (request: Request, key: string, full: boolean): Promise<Response> => {
  const body = (await request.json()) as Partial<Assortment>;
  const errors = schemaErrors(request, body, full ? RULES : optional(RULES));
  if (!errors.empty) return errors.answer();
  const current = find(key);
  if (!current) return notFound(request);
  const stale = versionConflict(request, 'assortment', current.code, current);
  if (stale) return stale;
  check(errors, body);
  if (!errors.empty) return errors.answer();
  const fields = Object.fromEntries(FIELDS.filter((field) => body[field] !== undefined).map((field) => [field, body[field]]));
  if (Object.keys(fields).length === 0) return withEtag(current);
  if (body.unitPrice !== undefined) fields.unitPrice = decimalText(body.unitPrice, LIMITS.priceMaxDecimals);
  const next = changed(request, 'assortment', current.code, {
    ...current,
    ...fields,
    assortmentTypeName: typeName(body.assortmentType ?? current.assortmentType) ?? '',
    lastModifiedAt: now(),
  });
  mockDb.assortments = mockDb.assortments.map((item) => (item.code === current.code ? next : item));
  return withEtag(next);
};

/**
 * Staff-only `/api/admin/assortments`: list, create, read, edit, delete (refused while waybills or
 * worklogs use it), history; writes honour If-Match; as the server answers.
 */
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
      unitPrice: decimalText(body.unitPrice ?? '0', LIMITS.priceMaxDecimals),
      isActive: body.isActive ?? true,
      createdAt: at,
      lastModifiedAt: at,
      version: 1,
    };
    created(request, 'assortment', code);
    mockDb.assortments = [...mockDb.assortments, assortment];
    return withEtag(assortment, 201);
  }),
  ...adminRecordHandlers('assortments', 'assortment', find),
  http.put('*/api/admin/assortments/:key', ({ params, request }) => update(request, String(params.key), true)),
  http.patch('*/api/admin/assortments/:key', ({ params, request }) => update(request, String(params.key), false)),
  http.delete('*/api/admin/assortments/:key', ({ params, request }) => {
    const key = String(params.key);
    const current = find(key);
    if (!current) return notFound(request);
    const stale = versionConflict(request, 'assortment', key, current);
    if (stale) return stale;
    const refused = referencedAnswer(request, [
      ['waybills', mockDb.waybills.filter((item) => item.assortment === key).length],
      ['worklogs', mockDb.worklogs.filter((item) => item.assortment === key).length],
    ]);
    if (refused) return refused;
    deleted(request, 'assortment', key);
    mockDb.assortments = mockDb.assortments.filter((item) => item.code !== key);
    return new HttpResponse(null, { status: 204 });
  }),
];
