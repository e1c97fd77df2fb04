import { http, HttpResponse, type HttpHandler } from 'msw';
import { ASSORTMENT_TYPE_LIST } from '@timberlog/contract';

import { listResponse, mockDb, notFound } from '@/shared/mock-db';

export const assortmentTypeHandlers: readonly HttpHandler[] = [
  http.get('*/api/assortment-types/', ({ request }) => listResponse(request, ASSORTMENT_TYPE_LIST, mockDb.assortmentTypes)),
  http.get('*/api/assortment-types/:id/', ({ params, request }) => {
    const type = mockDb.assortmentTypes.find((item) => String(item.id) === params.id);
    return type ? HttpResponse.json(type) : notFound(request);
  }),
];
