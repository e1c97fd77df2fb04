import { http, HttpResponse, type HttpHandler } from 'msw';
import { WAREHOUSE_LIST } from '@timberlog/contract';

import { listResponse, mockDb, notFound } from '@/shared/mock-db';

import type { Warehouse } from '../warehouseApi';

const answer = (request: Request, warehouse: Warehouse | undefined) => (warehouse ? HttpResponse.json(warehouse) : notFound(request));

export const warehouseHandlers: readonly HttpHandler[] = [
  http.get('*/api/warehouses/', ({ request }) => listResponse(request, WAREHOUSE_LIST, mockDb.warehouses)),
  http.get('*/api/warehouses/origins/:code/', ({ params, request }) =>
    answer(
      request,
      mockDb.warehouses.find((item) => item.originCode === params.code),
    ),
  ),
  http.get('*/api/warehouses/destinations/:code/', ({ params, request }) =>
    answer(
      request,
      mockDb.warehouses.find((item) => item.destinationCode === params.code),
    ),
  ),
  http.get('*/api/warehouses/:id/', ({ params, request }) =>
    answer(
      request,
      mockDb.warehouses.find((item) => String(item.id) === params.id),
    ),
  ),
];
