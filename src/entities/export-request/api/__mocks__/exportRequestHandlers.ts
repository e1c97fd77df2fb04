import { http, HttpResponse, type HttpHandler } from 'msw';
import { EXPORT_REQUEST_LIST } from '@timberlog/contract';

import { advanceMockExports, listResponse, message, mockCaller, mockDb, notFound } from '@/shared/mock-db';

import type { ExportRequest } from '../exportRequestApi';

/** `own` is about the caller: the server computes it per request. */
const asSeenBy =
  (caller: string) =>
  (item: ExportRequest): ExportRequest => ({ ...item, own: item.requestedBy === caller });

/** An export the caller may see (staff see all, others their own), as the caller sees it. */
const visible = (request: Request, id: unknown): ExportRequest | undefined => {
  const caller = mockCaller(request);
  const item = mockDb.exportRequests.find((entry) => entry.id === id);
  return item && (caller.isStaff || item.requestedBy === caller.email) ? asSeenBy(caller.email)(item) : undefined;
};

const markSeen = (id: string) => {
  mockDb.exportRequests = mockDb.exportRequests.map((item) => (item.id === id ? { ...item, seen: true } : item));
};

// Every look at the list moves running exports on, so the mock mode shows the whole progress toast.
export const exportRequestHandlers: readonly HttpHandler[] = [
  http.get('*/api/export-requests/', ({ request }) => {
    advanceMockExports(new URL(request.url).origin);
    const caller = mockCaller(request);
    const mine = mockDb.exportRequests.filter((item) => caller.isStaff || item.requestedBy === caller.email).map(asSeenBy(caller.email));
    return listResponse(request, EXPORT_REQUEST_LIST, mine, { caller: caller.email });
  }),
  http.get('*/api/export-requests/:id/', ({ params, request }) => {
    const item = visible(request, params.id);
    return item ? HttpResponse.json(item) : notFound(request);
  }),
  http.post('*/api/export-requests/:id/acknowledge_error/', ({ params, request }) => {
    const item = visible(request, params.id);
    if (!item) return notFound(request);
    markSeen(item.id);
    return HttpResponse.json(visible(request, item.id));
  }),
  http.get('*/api/export-requests/:id/download_attachment/', ({ params, request }) => {
    const item = visible(request, params.id);
    if (!item) return notFound(request);
    if (!item.attachment) return HttpResponse.json({ detail: message(request, 'export.noFile') }, { status: 404 });
    markSeen(item.id);
    return new HttpResponse('number,status\nW-2026-000001,draft\n', {
      headers: {
        'Content-Type': 'text/csv; charset=utf-8',
        'Content-Disposition': `attachment; filename="${item.attachment}"`,
      },
    });
  }),
];
