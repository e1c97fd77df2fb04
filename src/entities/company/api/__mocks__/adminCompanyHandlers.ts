import { http, HttpResponse, type HttpHandler } from 'msw';
import { COMPANY_LIST, REGISTRY_CODE_PATTERN } from '@timberlog/contract';

import { fieldErrors, listResponse, message, mockCaller, mockDb, nonFieldError, notFound, requestLocale } from '@/shared/mock-db';

import type { Company } from '../companyApi';

// The server's texts for the admin answers (server/src/shared/i18n.ts, server/src/admin/routes.ts).
const TEXTS = {
  en: { referenced: 'Cannot delete: referred to by {list}.', exists: 'A record with this key already exists.', nouns: { warehouses: 'warehouses', waybills: 'waybills', invoices: 'invoices', workers: 'workers' } },
  et: { referenced: 'Ei saa kustutada: sellele viitavad {list}.', exists: 'Selle võtmega kirje on juba olemas.', nouns: { warehouses: 'ladu', waybills: 'veoselehte', invoices: 'arvet', workers: 'töötajat' } },
} as const;

const forbidden = (request: Request) => HttpResponse.json({ detail: message(request, 'auth.permissionDenied') }, { status: 403 });
const now = () => new Date().toISOString();

/** Staff-only `/api/admin/companies`: list, create, edit, delete (refused while others refer to the company), as the server answers. */
export const adminCompanyHandlers: readonly HttpHandler[] = [
  http.all('*/api/admin/companies*', ({ request }) => (mockCaller(request).isStaff ? undefined : forbidden(request))),
  http.get('*/api/admin/companies', ({ request }) => listResponse(request, COMPANY_LIST, mockDb.companies)),
  http.post('*/api/admin/companies', async ({ request }) => {
    const body = (await request.json()) as Partial<Company>;
    const errors: Record<string, string[]> = {};
    const code = String(body.registryCode ?? '');
    if (!new RegExp(REGISTRY_CODE_PATTERN).test(code)) errors.registryCode = [message(request, 'field.required')];
    else if (mockDb.companies.some((item) => item.registryCode === code)) errors.registryCode = [TEXTS[requestLocale(request)].exists];
    if (!String(body.name ?? '').trim()) errors.name = [message(request, 'field.blank')];
    if (Object.keys(errors).length > 0) return fieldErrors(errors);
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
    if (body.name !== undefined && !body.name.trim()) return fieldErrors({ name: [message(request, 'field.blank')] });
    const next: Company = { ...current, ...body, registryCode: current.registryCode, lastModifiedAt: now() };
    mockDb.companies = mockDb.companies.map((item) => (item.registryCode === current.registryCode ? next : item));
    return HttpResponse.json(next);
  }),
  http.delete('*/api/admin/companies/:key', ({ params, request }) => {
    const key = String(params.key);
    if (!mockDb.companies.some((item) => item.registryCode === key)) return notFound(request);
    const texts = TEXTS[requestLocale(request)];
    const counts = {
      warehouses: mockDb.warehouses.filter((item) => item.company === key).length,
      waybills: mockDb.waybills.filter((item) => item.destinationCompany === key).length,
      invoices: mockDb.invoices.filter((item) => item.customer === key).length,
      workers: mockDb.workers.filter((item) => item.company === key).length,
    };
    const refs = Object.entries(counts)
      .filter(([, n]) => n > 0)
      .map(([noun, n]) => `${n} ${texts.nouns[noun as keyof typeof counts]}`);
    if (refs.length > 0) return nonFieldError(texts.referenced.replace('{list}', refs.join(', ')));
    mockDb.companies = mockDb.companies.filter((item) => item.registryCode !== key);
    return new HttpResponse(null, { status: 204 });
  }),
];
