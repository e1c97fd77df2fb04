import { createParser } from 'eventsource-parser';

import { userApi } from '@/entities/user';
import { baseApi, resolveApiUrl, TAGS } from '@/shared/api';
import { initialConnectionState, serverAnswered, serverUnreachable, shouldNoteAnswer, type ConnectionState } from '@/shared/model';

import { applyChange, refetchEverything, type ChangeEvent } from './applyChange';
import { forgetChanges } from './liveState';

/** The stream's path (server: GET /api/events/, Server-Sent Events). */
export const EVENTS_PATH = '/api/events/';
/** Waits before reconnecting: doubles from the first to the last after each failure. */
export const RECONNECT_DELAYS_MS = { first: 1000, max: 30_000 } as const;
/** The home counts refresh at most this often while changes arrive. */
const SUMMARY_DEBOUNCE_MS = 1000;

interface SessionState {
  readonly session: { readonly accessToken: string | null };
}

export interface LiveStore {
  readonly getState: () => unknown;
  readonly dispatch: (action: unknown) => unknown;
  readonly subscribe: (listener: () => void) => () => void;
}

export interface LiveUpdatesOptions {
  readonly fetch?: typeof fetch;
  readonly wait?: (ms: number) => Promise<void>;
}

const tokenOf = (store: LiveStore) => (store.getState() as SessionState).session.accessToken;

const connectionOf = (store: LiveStore): ConnectionState =>
  (store.getState() as { connection?: ConnectionState }).connection ?? initialConnectionState;

const sleep = (ms: number) => new Promise<void>((done) => setTimeout(done, ms));

/** When an access token expires (ms since the epoch), read from its claims; 0 when unreadable. */
export function tokenExpiry(token: string): number {
  try {
    const payload = token.split('.')[1] ?? '';
    const claims = JSON.parse(atob(payload.replace(/-/g, '+').replace(/_/g, '/'))) as { exp?: unknown };
    return typeof claims.exp === 'number' ? claims.exp * 1000 : 0;
  } catch {
    return 0;
  }
}

/** A token this close to its end is refreshed before the stream is opened with it. */
const TOKEN_MARGIN_MS = 2000;

/**
 * Keeps one event stream open while someone is signed in (one per tab) and follows its changes in
 * the cache (`applyChange`). Reconnects with backoff, resuming with `Last-Event-ID` (from the last
 * change, or from where the stream said it started); when it cannot resume (the server says `gap`,
 * or nothing was heard before a break) it fetches again what is shown. A refused token (401) waits
 * for the app's next refresh of it. Gives a function that stops.
 */
export function startLiveUpdates(store: LiveStore, { fetch: doFetch = fetch, wait = sleep }: LiveUpdatesOptions = {}): () => void {
  let stopped = false;
  let controller: AbortController | null = null;
  let running = false;
  let lastEventId: number | undefined;
  let connectedBefore = false;
  let summaryTimer: ReturnType<typeof setTimeout> | null = null;

  const refreshSummary = () => {
    if (summaryTimer) return;
    summaryTimer = setTimeout(() => {
      summaryTimer = null;
      const entries = baseApi.util.selectInvalidatedBy(store.getState() as never, [{ type: TAGS.waybill, id: 'LIST' }]);
      const endpoints = baseApi.endpoints as unknown as Record<string, { initiate: (args: unknown, options: object) => unknown }>;
      for (const { endpointName, originalArgs } of entries) {
        if (endpointName === 'getSummary' || endpointName === 'getSummaryCharts')
          store.dispatch(endpoints[endpointName]?.initiate(originalArgs, { subscribe: false, forceRefetch: true }));
      }
    }, SUMMARY_DEBOUNCE_MS);
  };

  /** One connection: resolves when it ends (by the server, the network, or a stop). Returns whether it got through. */
  const connect = async (token: string): Promise<'ended' | 'refused' | 'failed'> => {
    controller = new AbortController();
    const headers: Record<string, string> = { Authorization: `Bearer ${token}`, Accept: 'text/event-stream' };
    if (lastEventId !== undefined) headers['Last-Event-ID'] = String(lastEventId);
    let response: Response;
    try {
      response = await doFetch(resolveApiUrl(EVENTS_PATH), { headers, signal: controller.signal, cache: 'no-store' });
    } catch {
      // No answer: often the first sign that the server went away, as the stream is always open.
      if (!controller.signal.aborted && connectionOf(store).reachable) store.dispatch(serverUnreachable());
      return 'failed';
    }
    const answeredAt = Date.now();
    if (shouldNoteAnswer(connectionOf(store), answeredAt)) store.dispatch(serverAnswered({ at: answeredAt }));
    if (response.status === 401) return 'refused';
    if (!response.ok || !response.body) return 'failed';

    // Nothing heard before a break means nothing to resume from: what is shown may be stale.
    if (connectedBefore && lastEventId === undefined) refetchEverything(store);
    connectedBefore = true;

    const parser = createParser({
      onEvent: (message) => {
        // A new stream says where it starts, and a gap where the refetch it asks for leaves us: a
        // later reconnection resumes from there (a gap without one keeps where it was).
        if (message.event === 'gap' || message.event === 'ready') {
          const at = message.id ? Number(message.id) : Number.NaN;
          if (Number.isSafeInteger(at)) lastEventId = at;
          if (message.event === 'gap') refetchEverything(store);
          return;
        }
        if (message.event !== 'change') return;
        try {
          const event = JSON.parse(message.data) as ChangeEvent;
          lastEventId = event.id;
          applyChange(store, event, refreshSummary);
        } catch {
          // A malformed event is skipped; the next one carries on.
        }
      },
    });
    const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
    try {
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        parser.feed(value);
      }
    } catch {
      return 'failed';
    }
    return 'ended';
  };

  /**
   * The token to open the stream with: the stored one, or after the app's usual refresh when it is
   * (about to be) expired. The stream has no calls of its own that would refresh it: an API call
   * does (the signed-in user's own record, which every screen has anyway).
   */
  const freshToken = async (force = false): Promise<string | null> => {
    const token = tokenOf(store);
    const expiry = token ? tokenExpiry(token) : 0;
    if (token && !force && (expiry === 0 || expiry - Date.now() > TOKEN_MARGIN_MS)) return token;
    if (!token) return null;
    await Promise.resolve(store.dispatch(userApi.endpoints.getMe.initiate(undefined, { subscribe: false, forceRefetch: true })));
    return tokenOf(store);
  };

  const run = async () => {
    if (running) return;
    running = true;
    let delay: number = RECONNECT_DELAYS_MS.first;
    try {
      while (!stopped) {
        const token = await freshToken();
        if (!token || stopped) break;
        const startedAt = Date.now();
        const outcome = await connect(token);
        if (stopped) break;
        if (outcome === 'refused') {
          // The token was refused: refresh it once; if that gives nothing new, wait for the app's next one.
          const renewed = await freshToken(true);
          if (!renewed || renewed === token) break;
          continue;
        }
        // A connection that lasted resets the backoff (the server ends streams when the token expires).
        if (outcome === 'ended' && Date.now() - startedAt > 10_000) delay = RECONNECT_DELAYS_MS.first;
        await wait(delay);
        delay = Math.min(delay * 2, RECONNECT_DELAYS_MS.max);
      }
    } finally {
      running = false;
    }
  };

  // Signed in: connect; a new token after a refused one: connect again; signed out: stop and forget.
  let token = tokenOf(store);
  const unsubscribe = store.subscribe(() => {
    const next = tokenOf(store);
    if (next === token) return;
    const signedOut = token !== null && next === null;
    token = next;
    if (signedOut) {
      controller?.abort();
      lastEventId = undefined;
      connectedBefore = false;
      forgetChanges();
    } else if (next && !running) void run();
  });
  if (token) void run();

  return () => {
    stopped = true;
    unsubscribe();
    controller?.abort();
    if (summaryTimer) clearTimeout(summaryTimer);
  };
}
