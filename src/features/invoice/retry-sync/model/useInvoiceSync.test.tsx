import { act, screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { Route, Routes, useNavigate } from 'react-router-dom';

import { mockInvoice } from '@/entities/invoice/index.mocks';
import { useListInvoicesQuery, type Invoice } from '@/entities/invoice';

import { renderWithProviders, signedInState } from '../../../../../tests/jest/render';
import { server } from '../../../../../tests/jest/server';

import { SYNC_REFRESH_MS, useInvoiceSync } from './useInvoiceSync';

const NUMBER = 'I-2026-000500';
const pending = mockInvoice({ number: NUMBER, status: 'pending_sync', syncedAt: null, externalId: null, syncAttempts: 0 });
const synced = mockInvoice({ number: NUMBER, status: 'synced', syncAttempts: 1 });
const failed = mockInvoice({ number: NUMBER, status: 'sync_failed', syncError: 'Accounting system answered 503', syncAttempts: 1 });

/** Answers the invoice's reads with the given states in turn (the last one repeats) and counts them. */
function answers(states: readonly Invoice[]) {
  const reads = { count: 0, lists: 0 };
  server.use(
    http.get('*/api/invoices/', () => {
      reads.lists += 1;
      return HttpResponse.json({ count: 0, next: null, previous: null, results: [] });
    }),
    http.get('*/api/invoices/:number/', () => {
      reads.count += 1;
      return HttpResponse.json(states[Math.min(reads.count - 1, states.length - 1)]);
    }),
  );
  return reads;
}

function Watched({ onSyncEnded }: { readonly onSyncEnded: (invoice: Invoice) => void }) {
  const { data, polling, retried, refetch } = useInvoiceSync(NUMBER, onSyncEnded);
  // A list on screen at the same time, as the invoice list or the home page's counts would be.
  useListInvoicesQuery({ statusIn: ['pending_sync'], pageSize: 1 });
  const navigate = useNavigate();
  return (
    <>
      <p>{data ? `${data.status}${polling ? ' polling' : ''}` : 'loading'}</p>
      <button type="button" onClick={() => void navigate('/elsewhere')}>
        leave
      </button>
      <button
        type="button"
        onClick={() => {
          if (data) retried(data.version);
          void refetch();
        }}
      >
        retry and read again
      </button>
    </>
  );
}

async function setup(states: readonly Invoice[]) {
  const reads = answers(states);
  const onSyncEnded = jest.fn();
  renderWithProviders(
    <Routes>
      <Route path="/invoices/:number" element={<Watched onSyncEnded={onSyncEnded} />} />
      <Route path="/elsewhere" element={<p>elsewhere</p>} />
    </Routes>,
    { path: `/invoices/${NUMBER}`, preloadedState: await signedInState() },
  );
  return { reads, onSyncEnded };
}

/**
 * Lets requests and renders run without moving the fake clock: the token check and the network
 * answer on real turns of the event loop, so those are what we wait on, with the timer taken
 * before the clock is faked.
 */
const realSetTimeout = globalThis.setTimeout;
const flush = async (until: () => boolean = () => false) => {
  for (let round = 0; round < 300 && !until(); round += 1) {
    await act(() => new Promise<void>((done) => realSetTimeout(done, 0)));
  }
};
const shown = (text: string) => () => screen.queryByText(text) !== null;
const tick = async (ms: number, until?: () => boolean) => {
  await act(() => jest.advanceTimersByTimeAsync(ms));
  await flush(until);
};

describe('useInvoiceSync', () => {
  // RTK Query tells subscribers of a change on the next animation frame: that frame stays real.
  beforeEach(() => jest.useFakeTimers({ doNotFake: ['queueMicrotask', 'nextTick', 'requestAnimationFrame', 'cancelAnimationFrame'] }));
  afterEach(() => jest.useRealTimers());

  it('reads a pending invoice every 2 seconds until it is synced, then stops and reports the end once', async () => {
    const { reads, onSyncEnded } = await setup([pending, pending, synced]);
    await flush(shown('pending_sync polling'));
    expect(screen.getByText('pending_sync polling')).toBeInTheDocument();
    expect(reads.count).toBe(1);

    await tick(SYNC_REFRESH_MS - 100);
    expect(reads.count).toBe(1);
    await tick(100, () => reads.count === 2);
    expect(reads.count).toBe(2);
    await tick(SYNC_REFRESH_MS, shown('synced'));
    expect(reads.count).toBe(3);
    expect(screen.getByText('synced')).toBeInTheDocument();
    expect(onSyncEnded).toHaveBeenCalledTimes(1);
    expect(onSyncEnded).toHaveBeenCalledWith(expect.objectContaining({ status: 'synced' }));
    // The lists learn of the change: read once on mount and once after the sync ended.
    await flush(() => reads.lists === 2);
    expect(reads.lists).toBe(2);

    await tick(SYNC_REFRESH_MS * 5);
    expect(reads.count).toBe(3);
    expect(onSyncEnded).toHaveBeenCalledTimes(1);
  });

  it('stops once the sync failed', async () => {
    const { reads, onSyncEnded } = await setup([pending, failed]);
    await flush(shown('pending_sync polling'));
    await tick(SYNC_REFRESH_MS, shown('sync_failed'));
    expect(screen.getByText('sync_failed')).toBeInTheDocument();
    expect(onSyncEnded).toHaveBeenCalledWith(expect.objectContaining({ status: 'sync_failed' }));
    await tick(SYNC_REFRESH_MS * 5);
    expect(reads.count).toBe(2);
  });

  it('never refreshes an invoice that is not awaiting sync, and reports nothing', async () => {
    const { reads, onSyncEnded } = await setup([failed]);
    await flush(shown('sync_failed'));
    expect(screen.getByText('sync_failed')).toBeInTheDocument();
    await tick(SYNC_REFRESH_MS * 5);
    expect(reads.count).toBe(1);
    expect(reads.lists).toBe(1);
    expect(onSyncEnded).not.toHaveBeenCalled();
  });

  it('after a retry, reports the end even when the invoice is never seen awaiting sync', async () => {
    // The sync was quicker than the page: the next read already finds it synced, a version on.
    const { onSyncEnded } = await setup([failed, { ...synced, version: failed.version + 2 }]);
    await flush(shown('sync_failed'));
    act(() => screen.getByRole('button', { name: 'retry and read again' }).click());
    await flush(shown('synced'));
    expect(onSyncEnded).toHaveBeenCalledTimes(1);
    expect(onSyncEnded).toHaveBeenCalledWith(expect.objectContaining({ status: 'synced' }));
  });

  it('stops refreshing when the page is left', async () => {
    const { reads, onSyncEnded } = await setup([pending]);
    await flush(shown('pending_sync polling'));
    await tick(SYNC_REFRESH_MS, () => reads.count === 2);
    expect(reads.count).toBe(2);
    act(() => screen.getByRole('button', { name: 'leave' }).click());
    await flush();
    expect(screen.getByText('elsewhere')).toBeInTheDocument();
    await tick(SYNC_REFRESH_MS * 5);
    expect(reads.count).toBe(2);
    expect(onSyncEnded).not.toHaveBeenCalled();
  });
});
