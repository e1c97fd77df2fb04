import { configureStore, createListenerMiddleware } from '@reduxjs/toolkit';
import { delay, http, HttpResponse } from 'msw';

import { mockExportRequest } from '@/entities/export-request/index.mocks';
import { sessionSlice } from '@/entities/session';
import { waybillApi } from '@/entities/waybill';
import { worklogApi } from '@/entities/worklog';
import { baseApi, type Schema } from '@/shared/api';
import { exportRequested, sessionTokensReceived } from '@/shared/model';

import { server } from '../../../../../tests/jest/server';
import { signTestToken } from '../../../../../tests/jest/tokens';

import { startExportPolling } from './exportPolling';

type ExportRequest = Schema<'ExportRequest'>;

const POLL = '/api/export-requests/?seen=false&own=true&pageNumber=1&pageSize=5';
const running = (progress: number) => mockExportRequest({ id: 'e-1', inProgress: true, progress });
const done = mockExportRequest({
  id: 'e-1',
  inProgress: false,
  progress: 100,
  attachment: 'waybills.xlsx',
  fileUrl: 'http://localhost:8080/api/export-requests/e-1/download_attachment/?token=signed',
  completeTimestamp: '2026-01-05T08:01:00.000Z',
});
const failed = mockExportRequest({
  id: 'e-2',
  inProgress: false,
  progress: 30,
  failed: true,
  lastErrorMessage: 'The report has too many rows.',
  completeTimestamp: '2026-01-05T08:01:00.000Z',
});

/** Answers the polls with the given pages in turn (the last one repeats) and records what was asked. */
function pollSequence(pages: readonly (readonly ExportRequest[] | 'error')[]) {
  const polls: string[] = [];
  const acknowledged: string[] = [];
  server.use(
    http.get('*/api/export-requests/', ({ request }) => {
      const url = new URL(request.url);
      polls.push(`${url.pathname}${url.search}`);
      const page = pages[Math.min(polls.length - 1, pages.length - 1)];
      if (page === 'error' || page === undefined) return HttpResponse.json({ detail: 'Boom' }, { status: 500 });
      return HttpResponse.json({ count: page.length, next: null, previous: null, results: page });
    }),
    http.post('*/api/export-requests/:id/acknowledge_error/', ({ params }) => {
      acknowledged.push(String(params.id));
      return HttpResponse.json({ ...failed, seen: true });
    }),
  );
  return { polls, acknowledged };
}

async function setup({ signedIn = true } = {}) {
  const listeners = createListenerMiddleware();
  const store = configureStore({
    reducer: { [baseApi.reducerPath]: baseApi.reducer, session: sessionSlice.reducer },
    preloadedState: {
      session: {
        accessToken: signedIn ? await signTestToken() : null,
        refreshToken: null,
        sessionExpired: false,
        sessionInitialized: true,
      },
    },
    middleware: (getDefault) => getDefault().prepend(listeners.middleware).concat(baseApi.middleware),
  });
  const toasts = { progress: jest.fn(), downloading: jest.fn(), failed: jest.fn() };
  const navigate = jest.fn();
  const stop = startExportPolling(listeners as unknown as Parameters<typeof startExportPolling>[0], { toasts, navigate });
  return { store, toasts, navigate, stop };
}

/** Lets the pending poll (fetch and listener) run to its next wait. */
const flush = async () => {
  for (let round = 0; round < 20; round += 1) await jest.advanceTimersByTimeAsync(0);
};
const tick = async (ms = 1000) => {
  await jest.advanceTimersByTimeAsync(ms);
  await flush();
};
/**
 * Moves the clock on a tenth of a second at a time until `done()` holds, for up to `ms`: a request's
 * own steps (the mock server's, the fetch's) run outside the fake clock, so on a busy machine an
 * answer due after a fixed time may come a few ticks later.
 */
const tickUntil = async (done: () => boolean, ms = 5000) => {
  for (let waited = 0; !done() && waited < ms; waited += 100) await tick(100);
};

describe('export polling', () => {
  beforeEach(() => {
    jest.useFakeTimers({ doNotFake: ['nextTick', 'setImmediate', 'queueMicrotask'] });
  });
  afterEach(() => {
    jest.useRealTimers();
  });

  it('polls every second, shows progress, then says downloading and goes to the file', async () => {
    const { polls } = pollSequence([[running(0)], [running(50)], [done], []]);
    const { store, toasts, navigate, stop } = await setup();

    store.dispatch(exportRequested());
    await flush();
    expect(polls).toEqual([POLL]);
    expect(toasts.progress).toHaveBeenLastCalledWith(expect.objectContaining({ id: 'e-1', progress: 0 }));

    await tick(999);
    expect(polls).toHaveLength(1);
    await tick(1);
    expect(polls).toHaveLength(2);
    expect(toasts.progress).toHaveBeenLastCalledWith(expect.objectContaining({ progress: 50 }));
    expect(navigate).not.toHaveBeenCalled();

    await tick();
    expect(polls).toHaveLength(3);
    expect(toasts.downloading).toHaveBeenCalledWith(done);
    expect(navigate).toHaveBeenCalledTimes(1);
    expect(navigate).toHaveBeenCalledWith(done.fileUrl);

    // Nothing is left to watch: no more polls, and the file is never opened twice.
    await tick(5000);
    expect(polls).toHaveLength(3);
    expect(navigate).toHaveBeenCalledTimes(1);
    stop();
  });

  it('shows a failure with the server’s message and acknowledges it', async () => {
    const { polls, acknowledged } = pollSequence([[failed], []]);
    const { store, toasts, navigate, stop } = await setup();

    store.dispatch(exportRequested());
    await flush();
    expect(toasts.failed).toHaveBeenCalledWith(expect.objectContaining({ lastErrorMessage: 'The report has too many rows.' }));
    expect(acknowledged).toEqual(['e-2']);
    expect(navigate).not.toHaveBeenCalled();
    expect(toasts.progress).not.toHaveBeenCalled();
    await tick(3000);
    expect(acknowledged).toEqual(['e-2']);
    expect(polls).toHaveLength(1);
    stop();
  });

  it('stops when the list is empty', async () => {
    const { polls } = pollSequence([[]]);
    const { store, toasts, stop } = await setup();
    store.dispatch(exportRequested());
    await flush();
    await tick(5000);
    expect(polls).toEqual([POLL]);
    expect(toasts.progress).not.toHaveBeenCalled();
    stop();
  });

  it('stops when a poll fails', async () => {
    const { polls } = pollSequence([[running(10)], 'error', [running(20)]]);
    const { store, toasts, stop } = await setup();
    store.dispatch(exportRequested());
    await flush();
    await tick();
    expect(polls).toHaveLength(2);
    await tick(5000);
    expect(polls).toHaveLength(2);
    expect(toasts.progress).toHaveBeenCalledTimes(1);
    stop();
  });

  it('keeps going while an export runs, and a new report request restarts a stopped poll', async () => {
    const { polls } = pollSequence([[], [running(10)], [running(60)], []]);
    const { store, toasts, stop } = await setup();
    store.dispatch(exportRequested());
    await flush();
    expect(polls).toHaveLength(1);

    await store.dispatch(waybillApi.endpoints.createWaybillReport.initiate({ filters: {}, format: 'xlsx' }));
    await flush();
    expect(polls).toHaveLength(2);
    await tick();
    await tick();
    expect(polls).toHaveLength(4);
    await tick(3000);
    expect(polls).toHaveLength(4);
    expect(toasts.progress.mock.calls.map(([request]: [ExportRequest]) => request.progress)).toEqual([10, 60]);
    stop();
  });

  it('an export requested while an earlier poll is on its way is still followed: that poll was asked before it existed', async () => {
    // The list as the server reads it when each poll arrives; each answer takes half a second.
    let created = false;
    const polls: boolean[] = [];
    server.use(
      http.get('*/api/export-requests/', async () => {
        const results = created ? [done] : [];
        polls.push(created);
        await delay(500);
        return HttpResponse.json({ count: results.length, next: null, previous: null, results });
      }),
    );
    const { store, toasts, navigate, stop } = await setup();
    // A poll starts (a renewed session starts one) while nothing is there...
    store.dispatch(sessionTokensReceived({ accessToken: await signTestToken(), refreshToken: 'refresh-token' }));
    await tick(100);
    expect(polls).toEqual([false]);
    // ...and the report's request ends meanwhile: its export exists now.
    created = true;
    store.dispatch(exportRequested({ id: done.id }));
    await tickUntil(() => toasts.downloading.mock.calls.length > 0);
    // The answer of the poll asked before is not taken for the new start: it is asked again.
    expect(polls).toEqual([false, true]);
    expect(toasts.downloading).toHaveBeenCalledWith(done);
    expect(navigate).toHaveBeenCalledWith(done.fileUrl);
    stop();
  });

  it('does not open a file that a running export already names, until the export is complete', async () => {
    const runningWithFile = mockExportRequest({ id: 'e-1', inProgress: true, progress: 99, fileUrl: done.fileUrl });
    const { polls } = pollSequence([[runningWithFile], [done], []]);
    const { store, toasts, navigate, stop } = await setup();
    store.dispatch(exportRequested());
    await flush();
    expect(toasts.progress).toHaveBeenCalledWith(runningWithFile);
    expect(toasts.downloading).not.toHaveBeenCalled();
    expect(navigate).not.toHaveBeenCalled();

    await tick();
    expect(polls).toHaveLength(2);
    expect(navigate).toHaveBeenCalledWith(done.fileUrl);
    stop();
  });

  it('starts on a worklog report request too, and not on a refused one', async () => {
    const { polls } = pollSequence([[]]);
    const { store, stop } = await setup();
    server.use(
      http.post('*/api/worklogs/worklog_report/', () => HttpResponse.json({ format: ['Choose xlsx or csv.'] }, { status: 400 }), {
        once: true,
      }),
    );
    await store.dispatch(worklogApi.endpoints.createWorklogReport.initiate({ filters: {}, format: 'csv' }));
    await flush();
    expect(polls).toHaveLength(0);

    await store.dispatch(worklogApi.endpoints.createWorklogReport.initiate({ filters: {}, format: 'csv' }));
    await flush();
    expect(polls).toEqual([POLL]);
    stop();
  });

  it('item 1: fetches five finished exports one after another, each once the one before has started', async () => {
    const five = [1, 2, 3, 4, 5].map((n) => ({
      ...done,
      id: `e-${n}`,
      fileUrl: `http://localhost:8080/api/export-requests/e-${n}/download_attachment/?token=s`,
    }));
    pollSequence([five, []]);
    const { store, toasts, navigate, stop } = await setup();
    // Each download takes a second to start.
    navigate.mockImplementation(() => new Promise<void>((resolve) => setTimeout(resolve, 1000)));
    store.dispatch(exportRequested());
    await flush();
    expect(navigate).toHaveBeenCalledTimes(1);
    expect(toasts.downloading).toHaveBeenCalledTimes(1);
    for (let n = 2; n <= 5; n += 1) {
      await tick(999);
      expect(navigate).toHaveBeenCalledTimes(n - 1);
      await tick(1);
      expect(navigate).toHaveBeenCalledTimes(n);
    }
    expect(navigate.mock.calls.map(([url]: [string]) => url)).toEqual(five.map((request) => request.fileUrl));
    expect(toasts.downloading).toHaveBeenCalledTimes(5);
    await tick(5000);
    expect(navigate).toHaveBeenCalledTimes(5);
    stop();
  });

  it('does not poll when signed out', async () => {
    const { polls } = pollSequence([[running(10)]]);
    const { store, stop } = await setup({ signedIn: false });
    store.dispatch(exportRequested());
    await tick(3000);
    expect(polls).toHaveLength(0);
    stop();
  });
});
