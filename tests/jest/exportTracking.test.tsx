import { act, screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';

import { makeStore } from '@/app/store';
import { mockExportRequest } from '@/entities/export-request/index.mocks';
import type { Schema } from '@/shared/api';
import { sessionTokensReceived } from '@/shared/model';

import { renderWithProviders, signedInState } from './render';
import { server } from './server';

type ExportRequest = Schema<'ExportRequest'>;

const POLL = '/api/export-requests/?seen=false&own=true&pageNumber=1&pageSize=5';

/**
 * Answers the polls with what the server holds now (`showing`, set by the test; the first page to
 * begin with); records the polls. What a poll answers does not hang on how many polls came before,
 * so a test's waits, which move the fake clock while they wait, cannot make it skip a page.
 */
function answerPolls(first: readonly ExportRequest[]) {
  const polls: string[] = [];
  let page = first;
  server.use(
    http.get('*/api/export-requests/', ({ request }) => {
      const url = new URL(request.url);
      polls.push(`${url.pathname}${url.search}`);
      return HttpResponse.json({ count: page.length, next: null, previous: null, results: page });
    }),
    http.post('*/api/export-requests/:id/acknowledge_error/', ({ params }) =>
      HttpResponse.json(mockExportRequest({ id: String(params.id), seen: true, failed: true, inProgress: false })),
    ),
  );
  return {
    polls,
    showing(next: readonly ExportRequest[]) {
      page = next;
    },
  };
}

/** Lets pending requests and listener steps run, without moving the clock. */
const flush = async () => {
  for (let round = 0; round < 20; round += 1) await act(() => jest.advanceTimersByTimeAsync(0));
};
const tick = async (ms = 1000) => {
  await act(() => jest.advanceTimersByTimeAsync(ms));
  await flush();
};

beforeEach(() => {
  jest.useFakeTimers({ doNotFake: ['nextTick', 'setImmediate', 'queueMicrotask'] });
});
afterEach(() => {
  jest.useRealTimers();
});

describe('export tracking in the app store', () => {
  it('looks for unseen exports when the store is made with trackExports, and only then', async () => {
    const { polls } = answerPolls([]);
    const preloadedState = await signedInState();

    makeStore(preloadedState);
    makeStore(preloadedState, { persist: true });
    await tick(3000);
    expect(polls).toEqual([]);

    makeStore(preloadedState, { trackExports: true });
    await waitFor(() => expect(polls).toEqual([POLL]));
    // The list is empty: the polling stops.
    await tick(3000);
    expect(polls).toHaveLength(1);
  });

  it('leaves a visitor alone, and looks once the visitor has signed in', async () => {
    const { polls } = answerPolls([]);
    const store = makeStore(undefined, { trackExports: true });
    await tick(3000);
    expect(polls).toEqual([]);

    const { session } = await signedInState();
    store.dispatch(sessionTokensReceived({ accessToken: session?.accessToken ?? '', refreshToken: session?.refreshToken ?? '' }));
    await waitFor(() => expect(polls).toEqual([POLL]));
  });

  // A reload while exports run: the first polls answer before the toast area (loaded after the
  // first paint) exists; their toasts must still be shown, and follow the later polls.
  it('shows the toasts of exports found before the toast area mounted, then follows them to the file', async () => {
    const fileUrl = `${window.location.origin}/#export-e-1`;
    const running = (progress: number) => mockExportRequest({ id: 'e-1', progress });
    const failed = mockExportRequest({
      id: 'e-2',
      kind: 'worklog_report',
      inProgress: false,
      failed: true,
      lastErrorMessage: 'The report has too many rows.',
      completeTimestamp: '2026-01-05T08:01:00.000Z',
    });
    const done = mockExportRequest({
      id: 'e-1',
      inProgress: false,
      progress: 100,
      fileUrl,
      attachment: 'waybills.xlsx',
      completeTimestamp: '2026-01-05T08:01:00.000Z',
    });
    const exports = answerPolls([running(10), failed]);

    const store = makeStore(await signedInState(), { trackExports: true });
    await waitFor(() => expect(exports.polls.length).toBeGreaterThan(0));
    await flush();

    renderWithProviders(<main />, { store });
    const bar = await screen.findByRole('progressbar', { name: 'Waybill report progress' });
    expect(screen.getByText('Generating the waybill report…')).toBeInTheDocument();
    expect(bar).toHaveAttribute('aria-valuenow', '11');
    expect(screen.getByText('The worklog report failed: The report has too many rows.')).toBeInTheDocument();

    // The server moves on (the failure shown is acknowledged, so unseen no more); the next poll follows.
    exports.showing([running(60)]);
    const before = exports.polls.length;
    await tick();
    expect(exports.polls.length).toBeGreaterThan(before);
    expect(screen.getByRole('progressbar', { name: 'Waybill report progress' })).toHaveAttribute('aria-valuenow', '60');

    exports.showing([done]);
    await tick();
    expect(screen.getByText('Downloading the waybill report…')).toBeInTheDocument();
    // The file downloads in a hidden frame of its own; the page stays where it is.
    expect([...document.querySelectorAll('iframe')].map((frame) => frame.src)).toEqual([fileUrl]);
    expect(window.location.hash).toBe('');
  });
});
