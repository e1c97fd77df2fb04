import { waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';

import { initialSessionState } from '@/entities/session';
import { userApi } from '@/entities/user';
import { serverAnswered, serverUnreachable } from '@/shared/model';

import { server } from '../../../tests/jest/server';
import { settled } from '../../../tests/jest/settle';
import { signTestToken } from '../../../tests/jest/tokens';

import { PROBE_DELAYS_MS } from './connectionListeners';
import { makeStore } from './makeStore';

const me = {
  email: 'mari.maasikas@example.com',
  name: 'Mari Maasikas',
  isActive: true,
  isStaff: false,
  dateJoined: '2026-01-01T00:00:00Z',
  lastLogin: null,
  createdAt: '2026-01-01T00:00:00Z',
  lastModifiedAt: '2026-01-01T00:00:00Z',
};

/** The current user's endpoint answering in turn: no answer at all (`'down'`), a status, or the user. */
const meAnswers = () => {
  const state = { answer: 'up' as 'up' | 'down' | number, calls: 0 };
  server.use(
    http.get('*/api/user/me', () => {
      state.calls += 1;
      if (state.answer === 'down') return HttpResponse.error();
      if (typeof state.answer === 'number') return HttpResponse.json({}, { status: state.answer });
      return HttpResponse.json(me);
    }),
  );
  return state;
};

const signedInStore = async (probe = jest.fn(() => Promise.resolve(false))) => {
  const accessToken = await signTestToken();
  const store = makeStore(
    { session: { ...initialSessionState, accessToken, refreshToken: 'refresh-1', sessionInitialized: true } },
    { watchConnection: { probe } },
  );
  return { store, probe };
};

const setHidden = (hidden: boolean) => {
  Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => (hidden ? 'hidden' : 'visible') });
  document.dispatchEvent(new Event('visibilitychange'));
};

describe('the connection state', () => {
  it('goes unreachable on a call with no answer, not on an HTTP error, and back on the next answer', async () => {
    const me = meAnswers();
    const { store } = await signedInStore();
    const refetch = () => store.dispatch(userApi.endpoints.getMe.initiate(undefined, { forceRefetch: true }));

    await refetch();
    expect(store.getState().connection).toMatchObject({ reachable: true, backAt: null });
    const firstContact = store.getState().connection.lastContactAt;
    expect(firstContact).toEqual(expect.any(Number));

    me.answer = 503;
    await refetch();
    expect(store.getState().connection.reachable).toBe(true);

    me.answer = 'down';
    const failed = await refetch();
    expect(failed.error).toMatchObject({ status: null, unreachable: true });
    // The time of last contact is kept to be shown while the server is away.
    expect(store.getState().connection).toMatchObject({ reachable: false, lastContactAt: firstContact });

    me.answer = 'up';
    await refetch();
    expect(store.getState().connection).toMatchObject({ reachable: true, backAt: expect.any(Number) as number });
  });

  it('fetches again what is shown when the server is back, once', async () => {
    const me = meAnswers();
    const { store } = await signedInStore();
    const subscription = store.dispatch(userApi.endpoints.getMe.initiate());
    await subscription;
    expect(me.calls).toBe(1);

    store.dispatch(serverUnreachable());
    await settled();
    expect(me.calls).toBe(1);
    // The probe (or any call) heard the server.
    store.dispatch(serverAnswered({ at: Date.now() }));
    await waitFor(() => expect(me.calls).toBe(2));
    await settled();
    expect(me.calls).toBe(2);
    expect(store.getState().api?.queries['getMe(undefined)']?.status).toBe('fulfilled');
    subscription.unsubscribe();
  });
});

describe('probing while the server is away', () => {
  beforeEach(() => {
    jest.useFakeTimers({ doNotFake: ['nextTick', 'setImmediate', 'queueMicrotask'] });
  });
  afterEach(() => {
    jest.useRealTimers();
    setHidden(false);
  });

  it('probes with doubling waits, not before, and stops once the server answers', async () => {
    const { store, probe } = await signedInStore();
    store.dispatch(serverUnreachable());
    await jest.advanceTimersByTimeAsync(PROBE_DELAYS_MS.first - 1);
    expect(probe).not.toHaveBeenCalled();
    await jest.advanceTimersByTimeAsync(1);
    expect(probe).toHaveBeenCalledTimes(1);
    // A second failure while probing starts no second loop.
    store.dispatch(serverUnreachable());
    await jest.advanceTimersByTimeAsync(PROBE_DELAYS_MS.first * 2 - 1);
    expect(probe).toHaveBeenCalledTimes(1);
    await jest.advanceTimersByTimeAsync(1);
    expect(probe).toHaveBeenCalledTimes(2);

    probe.mockResolvedValue(true);
    await jest.advanceTimersByTimeAsync(PROBE_DELAYS_MS.first * 4);
    expect(probe).toHaveBeenCalledTimes(3);
    expect(store.getState().connection).toMatchObject({ reachable: true, backAt: expect.any(Number) as number });
    await jest.advanceTimersByTimeAsync(PROBE_DELAYS_MS.max * 2);
    expect(probe).toHaveBeenCalledTimes(3);
  });

  it('never waits longer than the last delay between probes', async () => {
    const { store, probe } = await signedInStore();
    store.dispatch(serverUnreachable());
    await jest.advanceTimersByTimeAsync(PROBE_DELAYS_MS.first * (1 + 2 + 4 + 8 + 16));
    expect(probe).toHaveBeenCalledTimes(5);
    const before = probe.mock.calls.length;
    await jest.advanceTimersByTimeAsync(PROBE_DELAYS_MS.max * 3);
    expect(probe.mock.calls.length - before).toBe(3);
  });

  it('does not probe while the tab is hidden, and probes at once when it is shown', async () => {
    const { store, probe } = await signedInStore();
    setHidden(true);
    store.dispatch(serverUnreachable());
    await jest.advanceTimersByTimeAsync(PROBE_DELAYS_MS.max * 3);
    expect(probe).not.toHaveBeenCalled();
    probe.mockResolvedValue(true);
    setHidden(false);
    await jest.advanceTimersByTimeAsync(0);
    expect(probe).toHaveBeenCalledTimes(1);
    expect(store.getState().connection.reachable).toBe(true);
  });

  it('follows the browser offline, and probes as soon as it says online again', async () => {
    const { store, probe } = await signedInStore();
    window.dispatchEvent(new Event('offline'));
    expect(store.getState().connection).toMatchObject({ reachable: false, browserOffline: true });
    await jest.advanceTimersByTimeAsync(PROBE_DELAYS_MS.max * 2);
    expect(probe).not.toHaveBeenCalled();

    window.dispatchEvent(new Event('online'));
    // Online is the browser's word, not the server's: unreachable until the probe hears it.
    expect(store.getState().connection).toMatchObject({ reachable: false, browserOffline: false });
    await jest.advanceTimersByTimeAsync(0);
    expect(probe).toHaveBeenCalledTimes(1);
    expect(store.getState().connection.reachable).toBe(false);
    probe.mockResolvedValue(true);
    await jest.advanceTimersByTimeAsync(PROBE_DELAYS_MS.first * 2);
    expect(probe).toHaveBeenCalledTimes(2);
    expect(store.getState().connection.reachable).toBe(true);
  });
});
