import { http, HttpResponse, type HttpHandler } from 'msw';
import { WORKER_LIST } from '@timberlog/contract';

import { listResponse, mockDb, notFound } from '@/shared/mock-db';

export const workerHandlers: readonly HttpHandler[] = [
  http.get('*/api/workers/', ({ request }) => listResponse(request, WORKER_LIST, mockDb.workers)),
  http.get('*/api/workers/detail/:workerName/', ({ params, request }) => {
    const worker = mockDb.workers.find((item) => item.workerName === params.workerName);
    return worker ? HttpResponse.json(worker) : notFound(request);
  }),
];
