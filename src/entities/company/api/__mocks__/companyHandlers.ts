import { http, HttpResponse, type HttpHandler } from 'msw';

import { flag, oneOf, listResponse, mockDb, notFound, type ListSpec } from '@/shared/mock-db';

import type { Company } from '../companyApi';

const spec: ListSpec<Company> = {
  sortable: { registryCode: (c) => c.registryCode, name: (c) => c.name, createdAt: (c) => c.createdAt, lastModifiedAt: (c) => c.lastModifiedAt },
  defaultSort: 'name',
  searchText: (c) => `${c.name} ${c.registryCode}`,
  createdAt: (c) => c.createdAt,
  lastModifiedAt: (c) => c.lastModifiedAt,
  filters: [
    flag('hasWorklogs', (c) => c.hasWorklogs),
    flag('isInvoiceCustomer', (c) => c.isInvoiceCustomer),
    oneOf('registryCode', (c) => c.registryCode),
  ],
};

export const companyHandlers: readonly HttpHandler[] = [
  http.get('*/api/companies/', ({ request }) => listResponse(request, mockDb.companies, spec)),
  http.get('*/api/companies/:registryCode/', ({ params }) => {
    const company = mockDb.companies.find((item) => item.registryCode === params.registryCode);
    return company ? HttpResponse.json(company) : notFound();
  }),
];
