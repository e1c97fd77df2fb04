import { http, HttpResponse, type HttpHandler } from 'msw';

import { equals, flag, oneOf, listResponse, mockDb, notFound, type ListSpec } from '@/shared/mock-db';

import type { Assortment } from '../assortmentApi';

const spec: ListSpec<Assortment> = {
  sortable: {
    code: (a) => a.code,
    name: (a) => a.name,
    assortmentType: (a) => a.assortmentType,
    species: (a) => a.species,
    unit: (a) => a.unit,
    unitPrice: (a) => Number(a.unitPrice),
    createdAt: (a) => a.createdAt,
    lastModifiedAt: (a) => a.lastModifiedAt,
  },
  defaultSort: 'code',
  searchText: (a) => `${a.code} ${a.name}`,
  createdAt: (a) => a.createdAt,
  lastModifiedAt: (a) => a.lastModifiedAt,
  filters: [
    oneOf('assortmentType', (a) => a.assortmentType),
    oneOf('species', (a) => a.species),
    equals('unit', (a) => a.unit),
    flag('isActive', (a) => a.isActive),
  ],
};

export const assortmentHandlers: readonly HttpHandler[] = [
  http.get('*/api/assortments/', ({ request }) => listResponse(request, mockDb.assortments, spec)),
  http.get('*/api/assortments/:code/', ({ params }) => {
    const assortment = mockDb.assortments.find((item) => item.code === params.code);
    return assortment ? HttpResponse.json(assortment) : notFound();
  }),
];
