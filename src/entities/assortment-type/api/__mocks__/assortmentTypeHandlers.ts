import { http, HttpResponse, type HttpHandler } from 'msw';

import { equals, listResponse, mockDb, notFound, type ListSpec } from '@/shared/mock-db';

import type { AssortmentType } from '../assortmentTypeApi';

const spec: ListSpec<AssortmentType> = {
  sortable: { id: (t) => t.id, name: (t) => t.name, createdAt: (t) => t.createdAt, lastModifiedAt: (t) => t.lastModifiedAt },
  defaultSort: 'name',
  searchText: (t) => `${t.name} ${t.description}`,
  createdAt: (t) => t.createdAt,
  lastModifiedAt: (t) => t.lastModifiedAt,
  filters: [equals('name', (t) => t.name)],
};

export const assortmentTypeHandlers: readonly HttpHandler[] = [
  http.get('*/api/assortment-types/', ({ request }) => listResponse(request, mockDb.assortmentTypes, spec)),
  http.get('*/api/assortment-types/:id/', ({ params }) => {
    const type = mockDb.assortmentTypes.find((item) => String(item.id) === params.id);
    return type ? HttpResponse.json(type) : notFound();
  }),
];
