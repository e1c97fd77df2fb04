import { http, HttpResponse, type HttpHandler } from 'msw';
import { COMPANY_LIST, LIMITS, REGISTRY_CODE_PATTERN } from '@timberlog/contract';

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

import type { Company } from '../companyApi';

const now = () => new Date().toISOString();
const RULES: Record<string, FieldRule> = {
  name: { required: true, notEmpty: true, maxLength: LIMITS.shortTextMaxLength },
  vatNumber: { maxLength: LIMITS.vatNumberMaxLength },
  address: { maxLength: LIMITS.addressMaxLength },
  isInvoiceCustomer: { type: 'boolean' },
};
const CREATE_RULES: Record<string, FieldRule> = {
  registryCode: { required: true, maxLength: LIMITS.registryCodeLength, pattern: REGISTRY_CODE_PATTERN },
  ...RULES,
};

/** Staff-only `/api/admin/companies`: list, create, edit, delete (refused while others refer to the company), as the server answers. */
export const adminCompanyHandlers: readonly HttpHandler[] = [
  http.all('*/api/admin/companies*', ({ request }) => staffOnly(request)),
  http.get('*/api/admin/companies', ({ request }) => listResponse(request, COMPANY_LIST, mockDb.companies)),
  http.post('*/api/admin/companies', async ({ request }) => {
    const body = (await request.json()) as Partial<Company>;
    const errors = schemaErrors(request, body, CREATE_RULES);
    if (!errors.empty) return errors.answer();
    notBlank(errors, 'name', body.name);
    const code = String(body.registryCode);
    if (mockDb.companies.some((item) => item.registryCode === code)) errors.add('registryCode', 'admin.exists');
    if (!errors.empty) return errors.answer();
    const at = now();
    const company: Company = {
      registryCode: code,
      name: String(body.name),
      vatNumber: body.vatNumber ?? '',
      address: body.address ?? '',
      email: body.email ?? '',
      isInvoiceCustomer: body.isInvoiceCustomer ?? false,
      hasWorklogs: false,
      createdAt: at,
      lastModifiedAt: at,
    };
    mockDb.companies = [...mockDb.companies, company];
    return HttpResponse.json(company, { status: 201 });
  }),
  http.patch('*/api/admin/companies/:key', async ({ params, request }) => {
    const current = mockDb.companies.find((item) => item.registryCode === params.key);
    if (!current) return notFound(request);
    const body = (await request.json()) as Partial<Company>;
    const errors = schemaErrors(request, body, optional(RULES));
    if (errors.empty) notBlank(errors, 'name', body.name);
    if (!errors.empty) return errors.answer();
    const next: Company = { ...current, ...body, registryCode: current.registryCode, lastModifiedAt: now() };
    mockDb.companies = mockDb.companies.map((item) => (item.registryCode === current.registryCode ? next : item));
    return HttpResponse.json(next);
  }),
  http.delete('*/api/admin/companies/:key', ({ params, request }) => {
    const key = String(params.key);
    if (!mockDb.companies.some((item) => item.registryCode === key)) return notFound(request);
    const refused = referencedAnswer(request, [
      ['warehouses', mockDb.warehouses.filter((item) => item.company === key).length],
      ['waybills', mockDb.waybills.filter((item) => item.destinationCompany === key).length],
      ['invoices', mockDb.invoices.filter((item) => item.customer === key).length],
      ['workers', mockDb.workers.filter((item) => item.company === key).length],
    ]);
    if (refused) return refused;
    mockDb.companies = mockDb.companies.filter((item) => item.registryCode !== key);
    return new HttpResponse(null, { status: 204 });
  }),
];
