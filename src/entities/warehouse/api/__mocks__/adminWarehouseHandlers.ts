import { http, HttpResponse, type HttpHandler } from 'msw';
import { CODE_PATTERN, LIMITS, REGISTRY_CODE_PATTERN, WAREHOUSE_LIST } from '@timberlog/contract';

import {
  type MockFieldErrors,
  listResponse,
  mockDb,
  notBlank,
  notFound,
  optional,
  referencedAnswer,
  referencedMessage,
  schemaErrors,
  staffOnly,
  type FieldRule,
} from '@/shared/mock-db';

import type { Warehouse } from '../warehouseApi';

const now = () => new Date().toISOString();
const CODE: FieldRule = { notEmpty: true, maxLength: LIMITS.codeMaxLength, pattern: CODE_PATTERN, nullable: true };
const RULES: Record<string, FieldRule> = {
  name: { required: true, notEmpty: true, maxLength: LIMITS.shortTextMaxLength },
  company: { required: true, maxLength: LIMITS.registryCodeLength, pattern: REGISTRY_CODE_PATTERN },
  originCode: CODE,
  destinationCode: CODE,
  address: { maxLength: LIMITS.addressMaxLength },
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
}

/** Staff-only `/api/admin/warehouses`: list, create, edit, delete (refused while waybills or worklogs refer to it), as the server answers. */
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
    const errors = schemaErrors(request, body, optional(RULES));
    if (errors.empty) {
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
    }
    if (!errors.empty) return errors.answer();
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
    const refused = referencedAnswer(request, [
      [
        'waybills',
        mockDb.waybills.filter((item) => item.origin === current.originCode || item.destination === current.destinationCode).length,
      ],
      ['worklogs', mockDb.worklogs.filter((item) => item.warehouse === current.id).length],
    ]);
    if (refused) return refused;
    mockDb.warehouses = mockDb.warehouses.filter((item) => item.id !== current.id);
    return new HttpResponse(null, { status: 204 });
  }),
];
