import { http, HttpResponse, type HttpHandler } from 'msw';
import { COMPANY_LIST, LIMITS, LOCALES, REGISTRY_CODE_PATTERN } from '@timberlog/contract';

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

import type { Company } from '../companyApi';

const now = () => new Date().toISOString();
const RULES: Record<string, FieldRule> = {
  name: { required: true, notEmpty: true, maxLength: LIMITS.shortTextMaxLength },
  vatNumber: { maxLength: LIMITS.vatNumberMaxLength },
  address: { maxLength: LIMITS.addressMaxLength },
  county: { maxLength: LIMITS.addressPartMaxLength, nullable: true },
  city: { maxLength: LIMITS.addressPartMaxLength, nullable: true },
  street: { maxLength: LIMITS.addressPartMaxLength, nullable: true },
  isInvoiceCustomer: { type: 'boolean' },
  language: { values: LOCALES, nullable: true },
};
const CREATE_RULES: Record<string, FieldRule> = {
  registryCode: { required: true, maxLength: LIMITS.registryCodeLength, pattern: REGISTRY_CODE_PATTERN },
  ...RULES,
};

const find = (key: string) => mockDb.companies.find((item) => item.registryCode === key);
const FIELDS = ['name', 'vatNumber', 'address', 'county', 'city', 'street', 'email', 'isInvoiceCustomer', 'language'] as const;

/** Empty text clears an address part, as the server takes a form's empty input. */
const part = (value: string | null | undefined): string | null | undefined => (typeof value === 'string' ? value.trim() || null : value);
const withParts = (body: Partial<Company>): Partial<Company> => ({
  ...body,
  ...(body.county !== undefined ? { county: part(body.county) } : {}),
  ...(body.city !== undefined ? { city: part(body.city) } : {}),
  ...(body.street !== undefined ? { street: part(body.street) } : {}),
});

/** PUT (every field) and PATCH (some): the body's schema, the record, its version, then the rules that read data. */
const update = async (request: Request, key: string, full: boolean): Promise<Response> => {
  const sent = (await request.json()) as Partial<Company>;
  const errors = schemaErrors(request, sent, full ? RULES : optional(RULES));
  const body = withParts(sent);
  if (!errors.empty) return errors.answer();
  const current = find(key);
  if (!current) return notFound(request);
  const stale = versionConflict(request, 'company', current.registryCode, current);
  if (stale) return stale;
  notBlank(errors, 'name', body.name);
  if (!errors.empty) return errors.answer();
  const fields = Object.fromEntries(FIELDS.filter((field) => body[field] !== undefined).map((field) => [field, body[field]]));
  if (Object.keys(fields).length === 0) return withEtag(current);
  const next = changed(request, 'company', current.registryCode, { ...current, ...fields, lastModifiedAt: now() });
  mockDb.companies = mockDb.companies.map((item) => (item.registryCode === current.registryCode ? next : item));
  return withEtag(next);
};

/**
 * Staff-only `/api/admin/companies`: list, create, read, edit, delete (refused while others refer
 * to the company), history; writes honour If-Match; as the server answers.
 */
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
      county: part(body.county) ?? null,
      city: part(body.city) ?? null,
      street: part(body.street) ?? null,
      email: body.email ?? '',
      isInvoiceCustomer: body.isInvoiceCustomer ?? false,
      language: body.language ?? null,
      hasWorklogs: false,
      createdAt: at,
      lastModifiedAt: at,
      version: 1,
    };
    created(request, 'company', code);
    mockDb.companies = [...mockDb.companies, company];
    return withEtag(company, 201);
  }),
  ...adminRecordHandlers('companies', 'company', find),
  http.put('*/api/admin/companies/:key', ({ params, request }) => update(request, String(params.key), true)),
  http.patch('*/api/admin/companies/:key', ({ params, request }) => update(request, String(params.key), false)),
  http.delete('*/api/admin/companies/:key', ({ params, request }) => {
    const key = String(params.key);
    const current = find(key);
    if (!current) return notFound(request);
    const stale = versionConflict(request, 'company', key, current);
    if (stale) return stale;
    const refused = referencedAnswer(request, [
      ['warehouses', mockDb.warehouses.filter((item) => item.company === key).length],
      [
        'waybills',
        mockDb.waybills.filter((item) => item.destinationCompany === key || item.ownerCompany === key || item.transporterCompany === key)
          .length,
      ],
      ['invoices', mockDb.invoices.filter((item) => item.customer === key).length],
      ['workers', mockDb.workers.filter((item) => item.company === key).length],
    ]);
    if (refused) return refused;
    deleted(request, 'company', key);
    mockDb.companies = mockDb.companies.filter((item) => item.registryCode !== key);
    return new HttpResponse(null, { status: 204 });
  }),
];
