import { http, HttpResponse, type HttpHandler } from 'msw';
import { CODE_PATTERN, EVR_PLACE_CODE_PATTERN, LEST97, LIMITS, REGISTRY_CODE_PATTERN, WAREHOUSE_LIST } from '@timberlog/contract';

import {
  type MockFieldErrors,
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
  referencedMessage,
  schemaErrors,
  staffOnly,
  versionConflict,
  withEtag,
  type FieldRule,
} from '@/shared/mock-db';

import type { Warehouse } from '../warehouseApi';

const now = () => new Date().toISOString();
const CODE: FieldRule = { notEmpty: true, maxLength: LIMITS.codeMaxLength, pattern: CODE_PATTERN, nullable: true };
const RULES: Record<string, FieldRule> = {
  name: { required: true, notEmpty: true, maxLength: LIMITS.shortTextMaxLength },
  nameEt: { maxLength: LIMITS.shortTextMaxLength, nullable: true },
  company: { required: true, maxLength: LIMITS.registryCodeLength, pattern: REGISTRY_CODE_PATTERN },
  originCode: CODE,
  destinationCode: CODE,
  address: { maxLength: LIMITS.addressMaxLength },
  evrPlaceCode: { notEmpty: true, maxLength: LIMITS.evrPlaceCodeMaxLength, pattern: EVR_PLACE_CODE_PATTERN, nullable: true },
  county: { maxLength: LIMITS.addressPartMaxLength, nullable: true },
  city: { maxLength: LIMITS.addressPartMaxLength, nullable: true },
  street: { maxLength: LIMITS.addressPartMaxLength, nullable: true },
  coordX: { type: 'number', minimum: LEST97.xMin, maximum: LEST97.xMax, nullable: true },
  coordY: { type: 'number', minimum: LEST97.yMin, maximum: LEST97.yMax, nullable: true },
};
const CODES = [
  {
    field: 'originCode',
    taken: 'admin.originTaken',
    used: (code: string) => mockDb.waybills.filter((item) => item.origin === code).length,
  },
  {
    field: 'destinationCode',
    taken: 'admin.destinationTaken',
    used: (code: string) => mockDb.waybills.filter((item) => item.destination === code).length,
  },
] as const;

/** The server's rules that read data: a name not only spaces, a known company, codes no other warehouse uses. */
function check(errors: MockFieldErrors, body: Partial<Warehouse>, id?: number): void {
  notBlank(errors, 'name', body.name);
  if (body.company !== undefined && !mockDb.companies.some((item) => item.registryCode === body.company))
    errors.add('company', 'ref.unknownCompany', { value: body.company });
  for (const { field, taken } of CODES) {
    const code = body[field];
    if (code && mockDb.warehouses.some((item) => item[field] === code && item.id !== id)) errors.add(field, taken);
  }
  // The server's EVR place rules (server/src/admin/warehouses.ts): empty text clears (the Estonian name too), one code per warehouse, both coordinates or none.
  for (const field of ['nameEt', 'evrPlaceCode', 'county', 'city', 'street'] as const) {
    const value = body[field];
    if (typeof value === 'string') (body as Record<string, unknown>)[field] = value.trim() || null;
  }
  if (body.evrPlaceCode && mockDb.warehouses.some((item) => item.evrPlaceCode === body.evrPlaceCode && item.id !== id))
    errors.add('evrPlaceCode', 'admin.evrPlaceCodeTaken');
  const { coordX: x, coordY: y } = body;
  if ((x === undefined) !== (y === undefined) || (x !== undefined && (x === null) !== (y === null)))
    errors.add(x === undefined || x === null ? 'coordX' : 'coordY', 'admin.coordinatesPair');
}

const find = (key: string) => mockDb.warehouses.find((item) => String(item.id) === key);
const FIELDS = [
  'name',
  'nameEt',
  'company',
  'originCode',
  'destinationCode',
  'address',
  'evrPlaceCode',
  'county',
  'city',
  'street',
  'coordX',
  'coordY',
] as const;

/** PUT (every field) and PATCH (some): the body's schema, the record, its version, then the rules that read data. */
const update = async (request: Request, key: string, full: boolean): Promise<Response> => {
  const body = (await request.json()) as Partial<Warehouse>;
  const errors = schemaErrors(request, body, full ? RULES : optional(RULES));
  if (!errors.empty) return errors.answer();
  const current = find(key);
  if (!current) return notFound(request);
  const stale = versionConflict(request, 'warehouse', String(current.id), current);
  if (stale) return stale;
  check(errors, body, current.id);
  // Waybills refer to a warehouse by its codes: a code they use cannot be changed or taken away.
  for (const { field, used } of CODES) {
    const code = current[field];
    const count = code && body[field] !== undefined && body[field] !== code ? used(code) : 0;
    if (count > 0) {
      const refused = referencedMessage(request, [['waybills', count]]);
      errors.add(field, refused.key, refused.params);
    }
  }
  if (!errors.empty) return errors.answer();
  const fields = Object.fromEntries(FIELDS.filter((field) => body[field] !== undefined).map((field) => [field, body[field]]));
  if (Object.keys(fields).length === 0) return withEtag(current);
  const company = body.company ?? current.company;
  const next = changed(request, 'warehouse', String(current.id), {
    ...current,
    ...fields,
    companyName: mockDb.companies.find((item) => item.registryCode === company)?.name ?? current.companyName,
    lastModifiedAt: now(),
  });
  mockDb.warehouses = mockDb.warehouses.map((item) => (item.id === current.id ? next : item));
  return withEtag(next);
};

/**
 * Staff-only `/api/admin/warehouses`: list, create, read, edit, delete (refused while waybills or
 * worklogs refer to it), history; writes honour If-Match; as the server answers.
 */
export const adminWarehouseHandlers: readonly HttpHandler[] = [
  http.all('*/api/admin/warehouses*', ({ request }) => staffOnly(request)),
  http.get('*/api/admin/warehouses', ({ request }) => listResponse(request, WAREHOUSE_LIST, mockDb.warehouses)),
  http.post('*/api/admin/warehouses', async ({ request }) => {
    const body = (await request.json()) as Partial<Warehouse>;
    const errors = schemaErrors(request, body, RULES);
    if (errors.empty) check(errors, body);
    if (!errors.empty) return errors.answer();
    const at = now();
    const warehouse: Warehouse = {
      id: Math.max(0, ...mockDb.warehouses.map((item) => item.id)) + 1,
      name: String(body.name),
      nameEt: body.nameEt ?? null,
      company: String(body.company),
      companyName: mockDb.companies.find((item) => item.registryCode === body.company)?.name ?? '',
      originCode: body.originCode ?? null,
      destinationCode: body.destinationCode ?? null,
      address: body.address ?? '',
      evrPlaceCode: body.evrPlaceCode ?? null,
      county: body.county ?? null,
      city: body.city ?? null,
      street: body.street ?? null,
      coordX: body.coordX ?? null,
      coordY: body.coordY ?? null,
      hasWorklogs: false,
      createdAt: at,
      lastModifiedAt: at,
      version: 1,
    };
    created(request, 'warehouse', String(warehouse.id));
    mockDb.warehouses = [...mockDb.warehouses, warehouse];
    return withEtag(warehouse, 201);
  }),
  ...adminRecordHandlers('warehouses', 'warehouse', find),
  http.put('*/api/admin/warehouses/:key', ({ params, request }) => update(request, String(params.key), true)),
  http.patch('*/api/admin/warehouses/:key', ({ params, request }) => update(request, String(params.key), false)),
  http.delete('*/api/admin/warehouses/:key', ({ params, request }) => {
    const current = find(String(params.key));
    if (!current) return notFound(request);
    const stale = versionConflict(request, 'warehouse', String(current.id), current);
    if (stale) return stale;
    const refused = referencedAnswer(request, [
      [
        'waybills',
        mockDb.waybills.filter((item) => item.origin === current.originCode || item.destination === current.destinationCode).length,
      ],
      ['worklogs', mockDb.worklogs.filter((item) => item.warehouse === current.id).length],
    ]);
    if (refused) return refused;
    deleted(request, 'warehouse', String(current.id));
    mockDb.warehouses = mockDb.warehouses.filter((item) => item.id !== current.id);
    return new HttpResponse(null, { status: 204 });
  }),
];
