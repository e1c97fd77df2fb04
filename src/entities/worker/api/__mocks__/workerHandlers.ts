import { http, HttpResponse, type HttpHandler } from 'msw';

import { equals, oneOf, listResponse, mockDb, notFound, type ListSpec } from '@/shared/mock-db';

import type { Worker } from '../workerApi';

const spec: ListSpec<Worker> = {
  sortable: {
    workerName: (w) => w.workerName,
    company: (w) => w.company,
    worklogCount: (w) => w.worklogCount,
    lastWorklogAt: (w) => w.lastWorklogAt,
    createdAt: (w) => w.createdAt,
    lastModifiedAt: (w) => w.lastModifiedAt,
  },
  defaultSort: 'workerName',
  searchText: (w) => w.workerName,
  createdAt: (w) => w.createdAt,
  lastModifiedAt: (w) => w.lastModifiedAt,
  filters: [oneOf('company', (w) => w.company), equals('workerName', (w) => w.workerName)],
};

export const workerHandlers: readonly HttpHandler[] = [
  http.get('*/api/workers/', ({ request }) => listResponse(request, mockDb.workers, spec)),
  http.get('*/api/workers/detail/:workerName/', ({ params }) => {
    const worker = mockDb.workers.find((item) => item.workerName === params.workerName);
    return worker ? HttpResponse.json(worker) : notFound();
  }),
];
