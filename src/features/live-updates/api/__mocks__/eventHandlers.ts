import { http, HttpResponse, type HttpHandler } from 'msw';

import { changeEventsSince, lastEventId, mockCaller } from '@/shared/mock-db';

import { EVENTS_PATH } from '../../model/stream';

/** How often the mock stream looks for new history entries. */
const POLL_MS = 200;

/**
 * `GET /api/events/` as the server answers it: a `text/event-stream` of `change` events, one per
 * history entry the mocks write, from after `Last-Event-ID` when given (else from now, which a
 * `ready` event names first), accounts' only to staff.
 */
export const eventHandlers: readonly HttpHandler[] = [
  http.get(`*${EVENTS_PATH}`, ({ request }) => {
    const viewer = mockCaller(request);
    const resumeFrom = Number(request.headers.get('last-event-id'));
    let last = Number.isSafeInteger(resumeFrom) && request.headers.has('last-event-id') ? resumeFrom : lastEventId();
    const encoder = new TextEncoder();
    let timer: ReturnType<typeof setInterval> | undefined;
    const stream = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(encoder.encode('retry: 3000\n\n'));
        // A new stream says where it starts, as the server's does.
        if (!request.headers.has('last-event-id')) controller.enqueue(encoder.encode(`id: ${last}\nevent: ready\ndata: {}\n\n`));
        const send = () => {
          for (const event of changeEventsSince(last, viewer)) {
            last = event.id;
            controller.enqueue(encoder.encode(`id: ${event.id}\nevent: change\ndata: ${JSON.stringify(event)}\n\n`));
          }
        };
        send();
        timer = setInterval(send, POLL_MS);
        request.signal.addEventListener('abort', () => {
          clearInterval(timer);
          try {
            controller.close();
          } catch {
            // Already closed.
          }
        });
      },
      cancel() {
        clearInterval(timer);
      },
    });
    return new HttpResponse(stream, { headers: { 'Content-Type': 'text/event-stream; charset=utf-8', 'Cache-Control': 'no-store' } });
  }),
];
