import { http, HttpResponse, type HttpHandler } from 'msw';

import { advanceMockExports, equals, flag, listResponse, mockDb, notFound, type ListSpec } from '@/shared/mock-db';

import type { ExportRequest } from '../exportRequestApi';

const exportListSpec: ListSpec<ExportRequest> = {
  sortable: {
    createdAt: (e) => e.createdAt,
    lastModifiedAt: (e) => e.lastModifiedAt,
    completeTimestamp: (e) => e.completeTimestamp,
    kind: (e) => e.kind,
    progress: (e) => e.progress,
  },
  defaultSort: '-createdAt',
  createdAt: (e) => e.createdAt,
  lastModifiedAt: (e) => e.lastModifiedAt,
  filters: [
    flag('own', (e) => e.own),
    flag('seen', (e) => e.seen),
    equals('kind', (e) => e.kind),
    flag('inProgress', (e) => e.inProgress),
    flag('failed', (e) => e.failed),
  ],
};

const find = (id: unknown) => mockDb.exportRequests.find((item) => item.id === id);
const markSeen = (id: string) => {
  mockDb.exportRequests = mockDb.exportRequests.map((item) => (item.id === id ? { ...item, seen: true } : item));
};

// Every look at the list moves running exports on, so the mock mode shows the whole progress toast.
export const exportRequestHandlers: readonly HttpHandler[] = [
  http.get('*/api/export-requests/', ({ request }) => {
    advanceMockExports(new URL(request.url).origin);
    return listResponse(request, mockDb.exportRequests, exportListSpec);
  }),
  http.get('*/api/export-requests/:id/', ({ params }) => {
    const request = find(params.id);
    return request ? HttpResponse.json(request) : notFound();
  }),
  http.post('*/api/export-requests/:id/acknowledge_error/', ({ params }) => {
    const request = find(params.id);
    if (!request) return notFound();
    markSeen(request.id);
    return HttpResponse.json(find(request.id));
  }),
  http.get('*/api/export-requests/:id/download_attachment/', ({ params }) => {
    const request = find(params.id);
    if (!request?.attachment) return HttpResponse.json({ detail: 'The file is not ready.' }, { status: 404 });
    markSeen(request.id);
    return new HttpResponse('number,status\nWB-2026-0001,draft\n', {
      headers: {
        'Content-Type': 'text/csv; charset=utf-8',
        'Content-Disposition': `attachment; filename="${request.attachment}"`,
      },
    });
  }),
];
