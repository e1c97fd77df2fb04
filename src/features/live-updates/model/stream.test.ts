import { configureStore, createAction, createReducer } from '@reduxjs/toolkit';
import { waitFor } from '@testing-library/react';
import { DEMO_USERS } from '@timberlog/contract/demo-data';
import { http, HttpResponse } from 'msw';

import { incomingWaybillApi } from '@/entities/incoming-waybill';
import { invoiceApi } from '@/entities/invoice';
import { summaryApi } from '@/entities/summary';
import { waybillApi } from '@/entities/waybill';
import { baseApi } from '@/shared/api';
import { mockDb, resetMockDb } from '@/shared/mock-db';

import { recordRequests } from '../../../../tests/jest/apiStore';
import { server } from '../../../../tests/jest/server';

import { changedSince, forgetChanges, lastChangedBy } from './liveState';
import { startLiveUpdates } from './stream';

const tokenChanged = createAction<string | null>('test/tokenChanged');
const staffToken = `mock-access-token:${DEMO_USERS.staff.email}`;

interface TestSession {
  accessToken: string | null;
  refreshToken: null;
  sessionExpired: boolean;
  sessionInitialized: boolean;
}
const signedIn: TestSession = { accessToken: staffToken, refreshToken: null, sessionExpired: false, sessionInitialized: true };

const makeStore = () =>
  configureStore({
    reducer: {
      [baseApi.reducerPath]: baseApi.reducer,
      session: createReducer(signedIn, (builder) =>
        builder.addCase(tokenChanged, (state, { payload }) => ({ ...state, accessToken: payload })),
      ),
    },
    middleware: (getDefaultMiddleware) => getDefaultMiddleware().concat(baseApi.middleware),
  });

/** A stream that sends these SSE blocks and ends. */
const sse = (...blocks: string[]) =>
  new HttpResponse(
    new ReadableStream({
      start(controller) {
        const encoder = new TextEncoder();
        for (const block of blocks) controller.enqueue(encoder.encode(block));
        controller.close();
      },
    }),
    { headers: { 'content-type': 'text/event-stream' } },
  );

const change = (id: number, data: Record<string, unknown>) => `id: ${id}\nevent: change\ndata: ${JSON.stringify({ id, ...data })}\n\n`;

describe('live updates (GET /api/events/)', () => {
  let recorder: ReturnType<typeof recordRequests>;
  let stop: (() => void) | null = null;
  beforeEach(() => {
    resetMockDb();
    forgetChanges();
    recorder = recordRequests();
  });
  afterEach(() => {
    stop?.();
    stop = null;
    recorder.stop();
  });

  it('refreshes a shown record, tells its lists, names who changed it, and resumes with Last-Event-ID', async () => {
    const store = makeStore();
    const draft = mockDb.waybills.find((waybill) => waybill.status === 'draft');
    if (!draft) throw new Error('seed has a draft');
    const shown = store.dispatch(waybillApi.endpoints.getWaybill.initiate(draft.number));
    await shown;
    const connections: Request[] = [];
    server.use(
      http.get('*/api/events/', ({ request }) => {
        connections.push(request);
        if (connections.length === 1) {
          return sse(
            ': ping\n\n',
            change(41, { entity: 'waybill', key: draft.number, version: draft.version + 1, action: 'updated', actor: 'Mari Mets' }),
          );
        }
        return new Promise<Response>(() => undefined);
      }),
    );

    stop = startLiveUpdates(store, { wait: () => Promise.resolve() });

    await waitFor(() => expect(recorder.count(`GET /api/waybills/${draft.number}/`)).toBe(2));
    expect(lastChangedBy('waybill', draft.number)).toBe('Mari Mets');
    expect(changedSince('waybill', 0)).toBe(1);
    await waitFor(() => expect(connections).toHaveLength(2));
    expect(connections[0]?.headers.get('authorization')).toBe(`Bearer ${staffToken}`);
    expect(connections[0]?.headers.get('last-event-id')).toBeNull();
    expect(connections[1]?.headers.get('last-event-id')).toBe('41');
    shown.unsubscribe();
  });

  it('does not fetch again what the cache already has (the user’s own save), nor tell the lists', async () => {
    const store = makeStore();
    const draft = mockDb.waybills.find((waybill) => waybill.status === 'draft');
    if (!draft) throw new Error('seed has a draft');
    const shown = store.dispatch(waybillApi.endpoints.getWaybill.initiate(draft.number));
    await shown;
    let connections = 0;
    server.use(
      http.get('*/api/events/', () => {
        connections += 1;
        if (connections > 1) return new Promise<Response>(() => undefined);
        return sse(change(7, { entity: 'waybill', key: draft.number, version: draft.version, action: 'updated', actor: 'Me' }));
      }),
    );
    stop = startLiveUpdates(store, { wait: () => Promise.resolve() });
    // The stream reconnects once its first answer has ended: by then its change was followed.
    await waitFor(() => expect(connections).toBe(2));
    expect(recorder.count(`GET /api/waybills/${draft.number}/`)).toBe(1);
    expect(changedSince('waybill', 0)).toBe(0);
    shown.unsubscribe();
  });

  it('a change heard while the record is being fetched, by a fetch read before it, fetches the record again after that one', async () => {
    const store = makeStore();
    const draft = mockDb.waybills.find((waybill) => waybill.status === 'draft');
    if (!draft) throw new Error('seed has a draft');
    const shown = store.dispatch(waybillApi.endpoints.getWaybill.initiate(draft.number));
    await shown;
    // The refresh after the user's own save is in flight and was read before a job changed the waybill.
    const before = structuredClone(draft);
    const changed = draft as { version: number; notes: string };
    let release: () => void = () => undefined;
    const held = new Promise<void>((done) => {
      release = done;
    });
    let holding = true;
    server.use(
      http.get(`*/api/waybills/${draft.number}/`, async () => {
        if (!holding) return undefined;
        holding = false;
        await held;
        return HttpResponse.json(before);
      }),
    );
    const refresh = store.dispatch(waybillApi.endpoints.getWaybill.initiate(draft.number, { subscribe: false, forceRefetch: true }));
    await waitFor(() => expect(recorder.count(`GET /api/waybills/${draft.number}/`)).toBe(2));
    changed.version += 1;
    changed.notes = 'Changed by the job';
    let served = false;
    server.use(
      http.get('*/api/events/', () => {
        if (served) return new Promise<Response>(() => undefined);
        served = true;
        return sse(change(8, { entity: 'waybill', key: draft.number, version: draft.version, action: 'updated', actor: 'EVR' }));
      }),
    );
    stop = startLiveUpdates(store, { wait: () => Promise.resolve() });
    // Heard (and so followed) while the refresh is still held.
    await waitFor(() => expect(lastChangedBy('waybill', draft.number)).toBe('EVR'));
    release();
    await refresh;
    await waitFor(() => expect(waybillApi.endpoints.getWaybill.select(draft.number)(store.getState()).data?.version).toBe(draft.version));
    expect(waybillApi.endpoints.getWaybill.select(draft.number)(store.getState()).data?.notes).toBe('Changed by the job');
    expect(recorder.count(`GET /api/waybills/${draft.number}/`)).toBe(3);
    shown.unsubscribe();
  });

  it('the home charts follow a colleague’s waybill change and the renaming of what names their bars', async () => {
    const store = makeStore();
    const charts = store.dispatch(summaryApi.endpoints.getSummaryCharts.initiate());
    await charts;
    let served = false;
    server.use(
      http.get('*/api/events/', () => {
        if (served) return new Promise<Response>(() => undefined);
        served = true;
        return sse(
          change(8, { entity: 'waybill', key: 'W-2026-000001', version: 9, action: 'updated', actor: 'Mari Mets' }),
          change(9, { entity: 'assortment_type', key: 'sawlog', version: 2, action: 'updated', actor: 'Mari Mets' }),
        );
      }),
    );
    stop = startLiveUpdates(store, { wait: () => Promise.resolve() });
    // The type's rename at once (its list tag), the waybill's with the home counts (debounced).
    await waitFor(() => expect(recorder.count('GET /api/summary/charts')).toBe(2));
    await waitFor(() => expect(recorder.count('GET /api/summary/charts')).toBe(3), { timeout: 3000 });
    charts.unsubscribe();
  });

  it('the change events of waybills this tab has invoiced never fetch the draft’s preview again (it could only be refused)', async () => {
    const store = makeStore();
    const delivered = mockDb.waybills.filter((waybill) => waybill.status === 'delivered' && !waybill.invoice);
    const customer = delivered[0]?.destinationCompany;
    const numbers = delivered
      .filter((waybill) => waybill.destinationCompany === customer)
      .slice(0, 2)
      .map((waybill) => waybill.number);
    expect(numbers).toHaveLength(2);
    const preview = store.dispatch(invoiceApi.endpoints.previewInvoice.initiate({ waybills: numbers }));
    await preview;
    // The draft goes as soon as the invoice is made: its mutation and preview with it.
    await store.dispatch(invoiceApi.endpoints.createInvoice.initiate({ waybills: numbers }, { track: false })).unwrap();
    let served = false;
    server.use(
      http.get('*/api/events/', () => {
        if (served) return new Promise<Response>(() => undefined);
        served = true;
        return sse(
          ...numbers.map((number, i) => change(20 + i, { entity: 'waybill', key: number, version: 50, action: 'updated', actor: 'Me' })),
        );
      }),
    );
    stop = startLiveUpdates(store, { wait: () => Promise.resolve() });
    await waitFor(() => expect(served).toBe(true));
    await waitFor(() => expect(changedSince('waybill', 0)).toBe(2));
    expect(recorder.requests.filter((request) => request.startsWith('GET /api/invoices/preview/'))).toHaveLength(1);
    preview.unsubscribe();
  });

  it("a colleague's change to a row on screen shows in that row where it stands: the record fetched once, the list not asked again", async () => {
    const store = makeStore();
    const list = store.dispatch(waybillApi.endpoints.listWaybills.initiate({ pageSize: 25 }));
    const { data: page } = await list;
    const row = page!.results[3]!;
    // The colleague's save, as the server has it now.
    const stored = mockDb.waybills.find((waybill) => waybill.number === row.number)!;
    Object.assign(stored, { driverName: 'Kadri Kask', version: stored.version + 1 });
    let served = false;
    server.use(
      http.get('*/api/events/', () => {
        if (served) return new Promise<Response>(() => undefined);
        served = true;
        return sse(change(30, { entity: 'waybill', key: row.number, version: stored.version, action: 'updated', actor: 'Mari Mets' }));
      }),
    );
    stop = startLiveUpdates(store, { wait: () => Promise.resolve() });
    const shown = () => waybillApi.endpoints.listWaybills.select({ pageSize: 25 })(store.getState()).data!.results;
    await waitFor(() => expect(shown()[3]).toMatchObject({ number: row.number, driverName: 'Kadri Kask', version: stored.version }));
    expect(recorder.count(`GET /api/waybills/${row.number}/`)).toBe(1);
    expect(recorder.requests.filter((request) => request.startsWith('GET /api/waybills/?'))).toHaveLength(1);
    // The other rows, and their order, are as they were; the list still says one changed.
    expect(shown().map((waybill) => waybill.number)).toEqual(page!.results.map((waybill) => waybill.number));
    expect(changedSince('waybill', 0)).toBe(1);
    list.unsubscribe();
  });

  it("EVR's change to an incoming waybill fetches its page and its lists again at once, counting nothing on the home page", async () => {
    const store = makeStore();
    const [changed, other] = mockDb.incomingWaybills;
    if (!changed || !other) throw new Error('the demo has incoming waybills');
    const shown = store.dispatch(incomingWaybillApi.endpoints.getIncomingWaybill.initiate(changed.evrNumber));
    const untouched = store.dispatch(incomingWaybillApi.endpoints.getIncomingWaybill.initiate(other.evrNumber));
    const list = store.dispatch(incomingWaybillApi.endpoints.listIncomingWaybills.initiate({}));
    await Promise.all([shown, untouched, list]);
    let served = false;
    server.use(
      http.get('*/api/events/', () => {
        if (served) return new Promise<Response>(() => undefined);
        served = true;
        return sse(change(50, { entity: 'incoming_waybill', key: changed.evrNumber, version: 2, action: 'updated', actor: null }));
      }),
    );
    stop = startLiveUpdates(store, { wait: () => Promise.resolve() });
    await waitFor(() => expect(recorder.count(`GET /api/evr/incoming/${changed.evrNumber}`)).toBe(2));
    await waitFor(() => expect(recorder.count('GET /api/evr/incoming')).toBe(2));
    expect(recorder.count(`GET /api/evr/incoming/${other.evrNumber}`)).toBe(1);
    expect(recorder.requests.filter((request) => request.startsWith('GET /api/summary'))).toEqual([]);
    shown.unsubscribe();
    untouched.unsubscribe();
    list.unsubscribe();
  });

  it('after a gap it cannot fill, fetches again everything shown', async () => {
    const store = makeStore();
    const list = store.dispatch(waybillApi.endpoints.listWaybills.initiate({}));
    await list;
    let served = false;
    server.use(
      http.get('*/api/events/', () => {
        if (served) return new Promise<Response>(() => undefined);
        served = true;
        return sse('event: gap\ndata: {}\n\n');
      }),
    );
    stop = startLiveUpdates(store, { wait: () => Promise.resolve() });
    await waitFor(() => expect(recorder.count('GET /api/waybills/')).toBe(2));
    list.unsubscribe();
  });

  it('after a gap that names a position, fetches again everything shown and resumes from the position', async () => {
    const store = makeStore();
    const list = store.dispatch(waybillApi.endpoints.listWaybills.initiate({}));
    await list;
    const connections: Request[] = [];
    server.use(
      http.get('*/api/events/', ({ request }) => {
        connections.push(request);
        if (connections.length === 1) return sse('id: 41\nevent: ready\ndata: {}\n\n');
        if (connections.length === 2) return sse('id: 900\nevent: gap\ndata: {}\n\n');
        return new Promise<Response>(() => undefined);
      }),
    );
    stop = startLiveUpdates(store, { wait: () => Promise.resolve() });
    await waitFor(() => expect(connections).toHaveLength(3));
    expect(connections[1]?.headers.get('last-event-id')).toBe('41');
    expect(connections[2]?.headers.get('last-event-id')).toBe('900');
    await waitFor(() => expect(recorder.count('GET /api/waybills/')).toBe(2));
    list.unsubscribe();
  });

  it('a stream that ends before any change (its token expired) resumes from where it said it started, fetching nothing again', async () => {
    const store = makeStore();
    const list = store.dispatch(waybillApi.endpoints.listWaybills.initiate({}));
    await list;
    const connections: Request[] = [];
    server.use(
      http.get('*/api/events/', ({ request }) => {
        connections.push(request);
        if (connections.length === 1) return sse('retry: 3000\n\n', 'id: 57\nevent: ready\ndata: {}\n\n', ': ping\n\n');
        return new Promise<Response>(() => undefined);
      }),
    );
    stop = startLiveUpdates(store, { wait: () => Promise.resolve() });
    await waitFor(() => expect(connections).toHaveLength(2));
    expect(connections[1]?.headers.get('last-event-id')).toBe('57');
    await Promise.resolve();
    expect(recorder.count('GET /api/waybills/')).toBe(1);
    list.unsubscribe();
  });

  it('a refused token waits for the next one, and signing out stops the stream', async () => {
    const store = makeStore();
    const tokens: (string | null)[] = [];
    server.use(
      http.get('*/api/events/', ({ request }) => {
        tokens.push(request.headers.get('authorization'));
        if (tokens.length === 1) return HttpResponse.json({ detail: 'expired', code: 'token_not_valid' }, { status: 401 });
        return new Promise<Response>(() => undefined);
      }),
    );
    stop = startLiveUpdates(store, { wait: () => Promise.resolve() });
    await waitFor(() => expect(tokens).toHaveLength(1));
    await new Promise((done) => setTimeout(done, 50));
    expect(tokens).toHaveLength(1);
    store.dispatch(tokenChanged('mock-access-token:other@example.com'));
    await waitFor(() => expect(tokens).toEqual([`Bearer ${staffToken}`, 'Bearer mock-access-token:other@example.com']));
    store.dispatch(tokenChanged(null));
    await new Promise((done) => setTimeout(done, 50));
    expect(tokens).toHaveLength(2);
  });
});
