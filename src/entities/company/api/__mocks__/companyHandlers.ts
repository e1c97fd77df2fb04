import { http, HttpResponse, type HttpHandler } from 'msw';
import { COMPANY_LIST } from '@timberlog/contract';

import { listResponse, mockDb, notFound } from '@/shared/mock-db';

export const companyHandlers: readonly HttpHandler[] = [
  http.get('*/api/companies/', ({ request }) => listResponse(request, COMPANY_LIST, mockDb.companies)),
  http.get('*/api/companies/:registryCode/', ({ params, request }) => {
    const company = mockDb.companies.find((item) => item.registryCode === params.registryCode);
    return company ? HttpResponse.json(company) : notFound(request);
  }),
];
