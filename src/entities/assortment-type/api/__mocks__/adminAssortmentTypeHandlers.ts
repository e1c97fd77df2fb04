import { http, HttpResponse, type HttpHandler } from 'msw';
import { ASSORTMENT_TYPE_LIST, EVR_PRODUCT_GROUPS, LIMITS, productGroupOfName } from '@timberlog/contract';

import {
  adminRecordHandlers,
  changed,
  created,
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

import type { AssortmentType } from '../assortmentTypeApi';

const now = () => new Date().toISOString();
const RULES: Record<string, FieldRule> = {
  name: { required: true, notEmpty: true, maxLength: LIMITS.assortmentTypeNameMaxLength },
  nameEt: { maxLength: LIMITS.assortmentTypeNameMaxLength, nullable: true },
  description: { maxLength: LIMITS.notesMaxLength },
  evrProductGroup: { values: EVR_PRODUCT_GROUPS },
};

/** Empty text clears the Estonian name, as the server takes a form's empty input. */
const nameEtOf = (body: Partial<AssortmentType>): { nameEt?: string | null } =>
  body.nameEt === undefined ? {} : { nameEt: typeof body.nameEt === 'string' ? body.nameEt.trim() || null : null };

const find = (key: string) => mockDb.assortmentTypes.find((item) => String(item.id) === key);

/** PUT (every field) and PATCH (some): the body's schema, the record, its version, then the rules that read data. */
const update = async (request: Request, key: string, full: boolean): Promise<Response> => {
  const body = (await request.json()) as Partial<AssortmentType>;
  const errors = schemaErrors(request, body, full ? RULES : optional(RULES));
  if (!errors.empty) return errors.answer();
  const current = find(key);
  if (!current) return notFound(request);
  const stale = versionConflict(request, 'assortment_type', String(current.id), current);
  if (stale) return stale;
  notBlank(errors, 'name', body.name);
  if (!errors.empty) return errors.answer();
  if (body.name === undefined && body.nameEt === undefined && body.description === undefined && body.evrProductGroup === undefined)
    return withEtag(current);
  const next = changed(request, 'assortment_type', String(current.id), {
    ...current,
    ...(body.name !== undefined ? { name: body.name } : {}),
    ...nameEtOf(body),
    ...(body.description !== undefined ? { description: body.description } : {}),
    ...(body.evrProductGroup !== undefined ? { evrProductGroup: body.evrProductGroup } : {}),
    lastModifiedAt: now(),
  });
  mockDb.assortmentTypes = mockDb.assortmentTypes.map((item) => (item.id === current.id ? next : item));
  return withEtag(next);
};

/**
 * Staff-only `/api/admin/assortment-types`: list, create, read, edit, delete (refused while
 * assortments use it), history; writes honour If-Match; as the server answers.
 */
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
      nameEt: nameEtOf(body).nameEt ?? null,
      description: body.description ?? '',
      // Without a choice, what the name suggests, as the server does.
      evrProductGroup: body.evrProductGroup ?? productGroupOfName(String(body.name)),
      createdAt: at,
      lastModifiedAt: at,
      version: 1,
    };
    created(request, 'assortment_type', String(type.id));
    mockDb.assortmentTypes = [...mockDb.assortmentTypes, type];
    return withEtag(type, 201);
  }),
  ...adminRecordHandlers('assortment-types', 'assortment_type', find),
  http.put('*/api/admin/assortment-types/:key', ({ params, request }) => update(request, String(params.key), true)),
  http.patch('*/api/admin/assortment-types/:key', ({ params, request }) => update(request, String(params.key), false)),
  http.delete('*/api/admin/assortment-types/:key', ({ params, request }) => {
    const current = find(String(params.key));
    if (!current) return notFound(request);
    const stale = versionConflict(request, 'assortment_type', String(current.id), current);
    if (stale) return stale;
    const refused = referencedAnswer(request, [
      ['assortments', mockDb.assortments.filter((item) => item.assortmentType === current.id).length],
    ]);
    if (refused) return refused;
    deleted(request, 'assortment_type', String(current.id));
    mockDb.assortmentTypes = mockDb.assortmentTypes.filter((item) => item.id !== current.id);
    return new HttpResponse(null, { status: 204 });
  }),
];
