import { http, HttpResponse, type HttpHandler } from 'msw';

import { flag, oneOf, listResponse, mockDb, notFound, type ListSpec } from '@/shared/mock-db';

import type { Warehouse } from '../warehouseApi';

const spec: ListSpec<Warehouse> = {
  sortable: {
    id: (w) => w.id,
    name: (w) => w.name,
    company: (w) => w.company,
    originCode: (w) => w.originCode,
    destinationCode: (w) => w.destinationCode,
    createdAt: (w) => w.createdAt,
    lastModifiedAt: (w) => w.lastModifiedAt,
  },
  defaultSort: 'name',
  searchText: (w) => `${w.name} ${w.originCode ?? ''} ${w.destinationCode ?? ''}`,
  createdAt: (w) => w.createdAt,
  lastModifiedAt: (w) => w.lastModifiedAt,
  filters: [
    oneOf('origin', (w) => w.originCode),
    oneOf('destination', (w) => w.destinationCode),
    flag('hasOrigin', (w) => w.originCode !== null),
    flag('hasDestination', (w) => w.destinationCode !== null),
    flag('hasWorklogs', (w) => w.hasWorklogs),
    oneOf('company', (w) => w.company),
  ],
};

const answer = (warehouse: Warehouse | undefined) => (warehouse ? HttpResponse.json(warehouse) : notFound());

export const warehouseHandlers: readonly HttpHandler[] = [
  http.get('*/api/warehouses/', ({ request }) => listResponse(request, mockDb.warehouses, spec)),
  http.get('*/api/warehouses/origins/:code/', ({ params }) =>
    answer(mockDb.warehouses.find((item) => item.originCode === params.code)),
  ),
  http.get('*/api/warehouses/destinations/:code/', ({ params }) =>
    answer(mockDb.warehouses.find((item) => item.destinationCode === params.code)),
  ),
  http.get('*/api/warehouses/:id/', ({ params }) => answer(mockDb.warehouses.find((item) => String(item.id) === params.id))),
];
