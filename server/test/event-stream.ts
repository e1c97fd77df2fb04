import assert from 'node:assert/strict';

/**
 * A server's live change events (GET /api/events/) read as the browser reads them: `fetch` with the
 * bearer token, events parsed as they come. Shared by the event tests and the two-process test.
 */

export interface Received {
  id: number;
  event: string;
  data: { id?: number; entity?: string; key?: string; version?: number | null; action?: string; actor?: string | null };
}

/** An event stream read as the browser would: `fetch` with the bearer token, events parsed as they come. */
export async function openStream(server: { readonly url: string }, token: string, lastEventId?: number) {
  const controller = new AbortController();
  const res = await fetch(`${server.url}/api/events/`, {
    headers: { authorization: `Bearer ${token}`, ...(lastEventId === undefined ? {} : { 'last-event-id': String(lastEventId) }) },
    signal: controller.signal,
  });
  assert.equal(res.status, 200);
  assert.match(res.headers.get('content-type') ?? '', /^text\/event-stream/);
  const received: Received[] = [];
  const waiters: (() => void)[] = [];
  let closedByServer = false;
  const reading = (async () => {
    const decoder = new TextDecoder();
    let buffer = '';
    try {
      for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
        buffer += decoder.decode(chunk, { stream: true });
        let end: number;
        while ((end = buffer.indexOf('\n\n')) >= 0) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          const fields = Object.fromEntries(
            block
              .split('\n')
              .filter((l) => l && !l.startsWith(':'))
              .map((l) => [l.slice(0, l.indexOf(':')), l.slice(l.indexOf(':') + 1).trim()]),
          );
          if (!fields.event) continue;
          received.push({ id: Number(fields.id ?? 0), event: fields.event, data: JSON.parse(fields.data ?? '{}') });
          for (const wake of waiters.splice(0)) wake();
        }
      }
      closedByServer = true;
    } catch {
      // Aborted by close().
    }
  })();
  return {
    received,
    headers: res.headers,
    /** Resolves with the first event matching `match`, or fails after `ms`. */
    async next(match: (e: Received) => boolean, ms = 2000): Promise<Received> {
      const deadline = Date.now() + ms;
      for (;;) {
        const found = received.find(match);
        if (found) return found;
        const left = deadline - Date.now();
        if (left <= 0) throw new Error(`no matching event within ${ms} ms; got ${JSON.stringify(received)}`);
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, left);
          waiters.push(() => {
            clearTimeout(timer);
            resolve();
          });
        });
      }
    },
    close: () => controller.abort(),
    /** Whether the server has ended the stream (read to its end, not aborted here). */
    endedByServer: async (ms: number) => {
      await Promise.race([reading, new Promise((resolve) => setTimeout(resolve, ms))]);
      return closedByServer;
    },
  };
}
