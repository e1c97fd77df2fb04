import { http, HttpResponse } from 'msw';
import { enqueueSnackbar } from 'notistack';

import { initialSessionState, signedOut } from '@/entities/session';
import { userApi } from '@/entities/user';
import { sessionExpired, sessionTokensReceived } from '@/shared/model';

import { server } from '../../../tests/jest/server';
import { signTestToken } from '../../../tests/jest/tokens';

import { makeStore } from './makeStore';

jest.mock('notistack', () => ({ enqueueSnackbar: jest.fn() }));

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

const waitFor = async (condition: () => boolean) => {
  for (let attempt = 0; attempt < 100 && !condition(); attempt += 1) {
    await new Promise((done) => setTimeout(done, 10));
  }
  expect(condition()).toBe(true);
};

describe('session listeners', () => {
  it('fetches the current user again when the access token changes, not when the same one arrives', async () => {
    const calls = countMeCalls();
    const { store } = await signedInStore();
    const subscription = store.dispatch(userApi.endpoints.getMe.initiate());
    await subscription;
    expect(calls).toHaveLength(1);

    const { accessToken } = store.getState().session;
    store.dispatch(sessionTokensReceived({ accessToken: accessToken ?? '', refreshToken: 'refresh-1' }));
    await new Promise((done) => setTimeout(done, 50));
    expect(calls).toHaveLength(1);

    const next = await signTestToken({ email: 'mari.maasikas@example.com' });
    store.dispatch(sessionTokensReceived({ accessToken: next, refreshToken: 'refresh-2' }));
    await waitFor(() => calls.length === 2);
    expect(calls[1]).toBe(`Bearer ${next}`);
    subscription.unsubscribe();
  });

  it('signs out without a redirect and reloads the page when the session expires', async () => {
    const { store, reloadPage } = await signedInStore();
    store.dispatch(sessionExpired());
    await waitFor(() => reloadPage.mock.calls.length === 1);
    expect(store.getState().session).toMatchObject({ accessToken: null, refreshToken: null });
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

  it('shows the rate-limit toast on 429 and the code on 5xx, nothing on a 404', async () => {
    const { store } = await signedInStore();
    const toast = jest.mocked(enqueueSnackbar);
    toast.mockClear();
    for (const [status, text] of [
      [429, 'Too many requests. Please wait a moment and try again.'],
      [503, 'Something went wrong (error 503). Please try again.'],
    ] as const) {
      server.use(http.get('*/api/user/me', () => HttpResponse.json({ detail: 'x' }, { status })));
      await store.dispatch(userApi.endpoints.getMe.initiate(undefined, { forceRefetch: true }));
      await waitFor(() => toast.mock.calls.some(([message]) => message === text));
    }
    toast.mockClear();
    server.use(http.get('*/api/user/me', () => HttpResponse.json({ detail: 'x' }, { status: 404 })));
    await store.dispatch(userApi.endpoints.getMe.initiate(undefined, { forceRefetch: true }));
    await new Promise((done) => setTimeout(done, 50));
    expect(toast).not.toHaveBeenCalled();
  });
});
