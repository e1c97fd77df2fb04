import { addListener, type UnknownAction } from '@reduxjs/toolkit';
import { waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';

import { initialSessionState, signedOut } from '@/entities/session';
import { userApi } from '@/entities/user';
import { waybillApi } from '@/entities/waybill';
import { toastAreaMounted } from '@/shared/lib';
import { sessionExpired, sessionTokensReceived } from '@/shared/model';

import { server } from '../../../tests/jest/server';
import { signTestToken } from '../../../tests/jest/tokens';

import { makeStore } from './makeStore';

const signedInStore = async (reloadPage = jest.fn()) => {
  const accessToken = await signTestToken();
  const store = makeStore(
    { session: { ...initialSessionState, accessToken, refreshToken: 'refresh-1', sessionInitialized: true } },
    { reloadPage },
  );
  return { store, reloadPage };
};

const countMeCalls = () => {
  const calls: string[] = [];
  server.use(
    http.get('*/api/user/me', ({ request }) => {
      calls.push(request.headers.get('Authorization') ?? '');
      return HttpResponse.json({
        email: 'mari.maasikas@example.com',
        name: 'Mari Maasikas',
        isActive: true,
        isStaff: false,
        dateJoined: '2026-01-01T00:00:00Z',
        lastLogin: null,
        createdAt: '2026-01-01T00:00:00Z',
        lastModifiedAt: '2026-01-01T00:00:00Z',
      });
    }),
  );
  return calls;
};

/** Every action the store sees from now on, in order. */
const recordActions = (store: Awaited<ReturnType<typeof signedInStore>>['store']) => {
  const actions: UnknownAction[] = [];
  store.dispatch(addListener({ predicate: () => true, effect: (action) => void actions.push(action) }));
  return actions;
};

/** A toast area that records the toasts instead of showing them. */
const recordToasts = () => {
  const enqueue = jest.fn();
  const unmount = toastAreaMounted({ enqueue, close: jest.fn() });
  return { messages: () => enqueue.mock.calls.map(([message]: [unknown]) => message), unmount };
};

describe('session listeners', () => {
  it('fetches the current user again when the access token changes, not when the same one arrives', async () => {
    const calls = countMeCalls();
    const { store } = await signedInStore();
    const subscription = store.dispatch(userApi.endpoints.getMe.initiate());
    await subscription;
    expect(calls).toHaveLength(1);

    // The listener decides as the action arrives: the same token invalidates nothing.
    const actions = recordActions(store);
    const { accessToken } = store.getState().session;
    store.dispatch(sessionTokensReceived({ accessToken: accessToken ?? '', refreshToken: 'refresh-1' }));
    expect(actions.map((action) => action.type)).toEqual([sessionTokensReceived.type]);
    expect(store.getState().api?.queries['getMe(undefined)']?.status).toBe('fulfilled');

    const next = await signTestToken({ email: 'mari.maasikas@example.com' });
    store.dispatch(sessionTokensReceived({ accessToken: next, refreshToken: 'refresh-2' }));
    expect(actions.map((action) => action.type)).toContain('api/invalidateTags');
    await waitFor(() => expect(calls).toHaveLength(2));
    expect(calls[1]).toBe(`Bearer ${next}`);
    subscription.unsubscribe();
  });

  it('signs out without a redirect and reloads the page when the session expires', async () => {
    const { store, reloadPage } = await signedInStore();
    // Signed out first, then the reload, so the stored session is the signed-out one.
    let sessionAtReload: unknown = null;
    reloadPage.mockImplementation(() => {
      sessionAtReload = store.getState().session;
    });
    store.dispatch(sessionExpired());
    await waitFor(() => expect(reloadPage).toHaveBeenCalledTimes(1));
    expect(sessionAtReload).toMatchObject({ accessToken: null, refreshToken: null, sessionExpired: false });
  });

  it('drops every cached response on sign-out', async () => {
    countMeCalls();
    const { store } = await signedInStore();
    await store.dispatch(userApi.endpoints.getMe.initiate());
    expect(Object.keys(store.getState().api?.queries ?? {})).toHaveLength(1);
    store.dispatch(signedOut());
    expect(store.getState().session.accessToken).toBeNull();
    expect(store.getState().api?.queries).toEqual({});
  });

  it('shows the rate-limit toast on 429 and the code on 5xx (from exactly 500), nothing on a 404 or 499', async () => {
    const { store } = await signedInStore();
    const toasts = recordToasts();
    const failWith = async (status: number) => {
      server.use(http.get('*/api/user/me', () => HttpResponse.json({}, { status })));
      await store.dispatch(userApi.endpoints.getMe.initiate(undefined, { forceRefetch: true }));
    };
    for (const status of [404, 499, 429, 500, 503]) await failWith(status);
    // Each failure's toast is decided in order; the last one's arrival means the others' are in.
    await waitFor(() => expect(toasts.messages()).toContain('Something went wrong (error 503). Please try again.'));
    expect(toasts.messages()).toEqual([
      'Too many requests. Please wait a moment and try again.',
      'Something went wrong (error 500). Please try again.',
      'Something went wrong (error 503). Please try again.',
    ]);
    toasts.unmount();
  });

  it('item 2: a refused action whose 429 says why adds no toast (its form or dialog shows the words)', async () => {
    const { store } = await signedInStore();
    const toasts = recordToasts();
    const limit = 'You already have 3 exports in progress. Wait for one to finish, then try again.';
    server.use(
      http.post('*/api/waybills/waybill_report/', () => HttpResponse.json({ detail: limit }, { status: 429 })),
      http.get('*/api/user/me', () => HttpResponse.json({}, { status: 503 })),
    );
    await store.dispatch(waybillApi.endpoints.createWaybillReport.initiate({ filters: {}, format: 'xlsx' }));
    await store.dispatch(userApi.endpoints.getMe.initiate(undefined, { forceRefetch: true }));
    await waitFor(() => expect(toasts.messages()).toContain('Something went wrong (error 503). Please try again.'));
    expect(toasts.messages()).toEqual(['Something went wrong (error 503). Please try again.']);
    toasts.unmount();
  });
});
