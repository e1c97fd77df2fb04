import { http, HttpResponse, type HttpHandler } from 'msw';
import { ASSORTMENT_LIST } from '@timberlog/contract';

import { listResponse, mockDb, notFound } from '@/shared/mock-db';

export const assortmentHandlers: readonly HttpHandler[] = [
  http.get('*/api/assortments/', ({ request }) => listResponse(request, ASSORTMENT_LIST, mockDb.assortments)),
  http.get('*/api/assortments/:code/', ({ params, request }) => {
    const assortment = mockDb.assortments.find((item) => item.code === params.code);
    return assortment ? HttpResponse.json(assortment) : notFound(request);
  }),
];
