import { configureStore, createReducer } from '@reduxjs/toolkit';
import { http, HttpResponse } from 'msw';

import { server } from '../../../tests/jest/server';
import { signTestToken } from '../../../tests/jest/tokens';
import { i18n } from '../i18n';
import { connectSessionSharing, SESSION_REFRESH_LOCK, sessionExpired, sessionTokensReceived, type SessionTokens } from '../model';

import { isAccessTokenValid } from './accessToken';
import { baseApi } from './baseApi';
import { serializeParams } from './baseQuery';

const BACKEND = 'http://localhost:8080';
const PUBLIC_KEY = (process.env.APP_PUBLIC_JWT_PUBLIC_KEY ?? '').replace(/\\n/g, '\n');

const probeApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    probe: build.query<{ ok: boolean; auth: string | null }, Record<string, unknown>>({
      query: (params) => ({ url: '/api/probe/', params }),
    }),
  }),
});

interface TestSession {
  accessToken: string | null;
  refreshToken: string | null;
  sessionExpired: boolean;
  sessionInitialized: boolean;
}

// The session entity's reducer lives a layer up; this one reduces the same shared actions.
const sessionReducer = (initial: TestSession) =>
  createReducer(initial, (builder) => {
    builder
      .addCase(sessionTokensReceived, (state, { payload }) => ({ ...state, ...payload, sessionExpired: false }))
      .addCase(sessionExpired, (state) => ({ ...state, sessionExpired: true }));
  });

const makeTestStore = (accessToken: string | null, refreshToken: string | null = null) =>
  configureStore({
    reducer: {
      [baseApi.reducerPath]: baseApi.reducer,
      session: sessionReducer({ accessToken, refreshToken, sessionExpired: false, sessionInitialized: true }),
    },
    middleware: (getDefault) => getDefault().concat(baseApi.middleware),
  });

describe('serializeParams', () => {
  it('repeats array parameters and leaves out empty values', () => {
    expect(serializeParams({ statusIn: ['new', 'delivered'], search: '', pageNumber: 2, origin: undefined })).toBe(
      'statusIn=new&statusIn=delivered&pageNumber=2',
    );
  });
});

describe('isAccessTokenValid', () => {
  it('accepts a fresh access token signed with the key and refuses expired, foreign and refresh tokens', async () => {
    expect(await isAccessTokenValid(await signTestToken(), PUBLIC_KEY)).toBe(true);
    expect(await isAccessTokenValid(await signTestToken({ expiresInSeconds: -10 }), PUBLIC_KEY)).toBe(false);
    expect(await isAccessTokenValid(await signTestToken({ tokenType: 'refresh' }), PUBLIC_KEY)).toBe(false);
    expect(await isAccessTokenValid('not.a.jwt', PUBLIC_KEY)).toBe(false);
    const [header, payload] = (await signTestToken()).split('.');
    expect(await isAccessTokenValid(`${header}.${payload}.forged-signature`, PUBLIC_KEY)).toBe(false);
  });
});

describe('baseQuery', () => {
  const probes: Request[] = [];
  let sessionCalls: { refresh: string }[] = [];
  let issued: { accessToken: string; refreshToken: string } | null = null;

  beforeEach(async () => {
    probes.length = 0;
    sessionCalls = [];
    issued = { accessToken: await signTestToken(), refreshToken: 'refresh-2' };
    server.use(
      http.get(`${BACKEND}/api/probe/`, ({ request }) => {
        probes.push(request);
        return HttpResponse.json({ ok: true, auth: request.headers.get('Authorization') });
      }),
      http.post(`${BACKEND}/api/auth/session`, async ({ request }) => {
        const body = (await request.json()) as { refresh: string };
        sessionCalls.push(body);
        if (body.refresh !== 'refresh-1' || !issued) {
          return HttpResponse.json({ detail: 'Token is invalid', code: 'token_not_valid' }, { status: 401 });
        }
        // Slow enough that every concurrent call arrives while it is under way.
        await new Promise((done) => setTimeout(done, 50));
        return HttpResponse.json({
          user: { email: 'mari.maasikas@example.com', name: 'Mari', isStaff: false },
          ...issued,
          expires: new Date(Date.now() + 300_000).toISOString(),
        });
      }),
    );
  });

  it('calls the configured backend with Accept-Language, the bearer token and repeated arrays', async () => {
    await i18n.changeLanguage('et');
    const token = await signTestToken();
    const store = makeTestStore(token, 'refresh-1');
    const result = await store.dispatch(probeApi.endpoints.probe.initiate({ statusIn: ['a', 'b'] }));
    expect(result.data?.ok).toBe(true);
    const [request] = probes;
    expect(new URL(request?.url ?? '').search).toBe('?statusIn=a&statusIn=b');
    expect(request?.headers.get('Accept-Language')).toBe('et');
    expect(request?.headers.get('x-timberlog-client')).toBe('web');
    expect(request?.headers.get('Authorization')).toBe(`Bearer ${token}`);
    expect(sessionCalls).toHaveLength(0);
    await i18n.changeLanguage('en');
  });

  it('sends no Authorization header when signed out', async () => {
    const store = makeTestStore(null);
    await store.dispatch(probeApi.endpoints.probe.initiate({}));
    expect(probes[0]?.headers.get('Authorization')).toBeNull();
    expect(probes[0]?.headers.get('Accept-Language')).toBe('en');
  });

  it('refreshes an expired token once for many concurrent calls, and every call succeeds with the new token', async () => {
    const store = makeTestStore(await signTestToken({ expiresInSeconds: -60 }), 'refresh-1');
    const results = await Promise.all(
      Array.from({ length: 8 }, (_, index) => store.dispatch(probeApi.endpoints.probe.initiate({ call: index }))),
    );
    expect(sessionCalls).toEqual([{ refresh: 'refresh-1' }]);
    expect(results.map((result) => result.data?.auth)).toEqual(Array(8).fill(`Bearer ${issued?.accessToken}`));
    expect(store.getState().session).toMatchObject({ accessToken: issued?.accessToken, refreshToken: 'refresh-2' });
  });

  it('refreshes a token that is not signed with the configured key', async () => {
    const store = makeTestStore('eyJhbGciOiJSUzI1NiJ9.eyJ0b2tlbl90eXBlIjoiYWNjZXNzIn0.bad', 'refresh-1');
    const result = await store.dispatch(probeApi.endpoints.probe.initiate({}));
    expect(sessionCalls).toHaveLength(1);
    expect(result.data?.auth).toBe(`Bearer ${issued?.accessToken}`);
  });

  it('marks the session expired when the refresh token is refused', async () => {
    const store = makeTestStore(await signTestToken({ expiresInSeconds: -60 }), 'revoked');
    await store.dispatch(probeApi.endpoints.probe.initiate({}));
    expect(sessionCalls).toEqual([{ refresh: 'revoked' }]);
    expect(store.getState().session.sessionExpired).toBe(true);
  });

  it('refreshes and retries once when the server refuses the token as token_not_valid', async () => {
    let refusals = 0;
    server.use(
      http.get(`${BACKEND}/api/probe/`, ({ request }) => {
        probes.push(request);
        if (request.headers.get('Authorization') !== `Bearer ${issued?.accessToken}`) {
          refusals += 1;
          return HttpResponse.json({ detail: 'Token is invalid or expired', code: 'token_not_valid' }, { status: 401 });
        }
        return HttpResponse.json({ ok: true, auth: request.headers.get('Authorization') });
      }),
    );
    // Valid by signature and time, yet refused (e.g. the account's sessions were ended).
    const store = makeTestStore(await signTestToken(), 'refresh-1');
    const result = await store.dispatch(probeApi.endpoints.probe.initiate({}));
    expect(refusals).toBe(1);
    expect(sessionCalls).toHaveLength(1);
    expect(probes).toHaveLength(2);
    expect(result.data?.ok).toBe(true);
  });

  it('sends an Idempotency-Key with a renewal and the same key again when its answer was lost, a new one after', async () => {
    const keys: (string | null)[] = [];
    let lose = true;
    server.use(
      http.post(`${BACKEND}/api/auth/session`, ({ request }) => {
        keys.push(request.headers.get('Idempotency-Key'));
        // The first answer never arrives: the page reloads while it is on its way.
        if (lose) {
          lose = false;
          return HttpResponse.error();
        }
        return HttpResponse.json({
          user: { email: 'mari.maasikas@example.com', name: 'Mari', isStaff: false },
          ...issued,
          expires: new Date(Date.now() + 300_000).toISOString(),
        });
      }),
    );
    const stale = await signTestToken({ expiresInSeconds: -60 });
    await makeTestStore(stale, 'refresh-1').dispatch(probeApi.endpoints.probe.initiate({ page: 1 }));
    // The reloaded page starts from what was stored: the same, spent, refresh token.
    const reloaded = makeTestStore(stale, 'refresh-1');
    await reloaded.dispatch(probeApi.endpoints.probe.initiate({ page: 2 }));
    expect(reloaded.getState().session.refreshToken).toBe('refresh-2');
    expect(keys).toHaveLength(2);
    expect(keys[0]).toMatch(/^\d+-\d+-\d+-\d+$/);
    expect(keys[1]).toBe(keys[0]);
    // Stored: the next renewal has a key of its own.
    lose = true;
    await makeTestStore(stale, 'refresh-1').dispatch(probeApi.endpoints.probe.initiate({ page: 3 }));
    expect(keys[2]).toMatch(/^\d+-\d+-\d+-\d+$/);
    expect(keys[2]).not.toBe(keys[0]);
  });

  describe('with the session shared across tabs', () => {
    // What redux-persist keeps in localStorage for every tab of the app.
    let stored: SessionTokens | null = null;
    let flushed: (SessionTokens | null)[] = [];
    let disconnect = () => {};
    const tab = (accessToken: string, refreshToken: string) => {
      const store = makeTestStore(accessToken, refreshToken);
      // Each tab stores its session when its own session changes, as redux-persist does per slice.
      let last = store.getState().session;
      store.subscribe(() => {
        const { session } = store.getState();
        if (session === last) return;
        last = session;
        stored =
          session.accessToken && session.refreshToken ? { accessToken: session.accessToken, refreshToken: session.refreshToken } : null;
      });
      return store;
    };

    beforeEach(() => {
      flushed = [];
      disconnect = connectSessionSharing({
        read: () => Promise.resolve(stored),
        flush: (_replaced, tokens) => {
          expect(stored).toEqual(tokens);
          flushed.push(stored);
          return Promise.resolve();
        },
      });
    });
    afterEach(() => {
      disconnect();
      delete (navigator as { locks?: unknown }).locks;
    });

    it('a tab whose token another tab has refreshed takes the stored tokens instead of spending its spent one', async () => {
      const stale = await signTestToken({ expiresInSeconds: -60 });
      stored = { accessToken: stale, refreshToken: 'refresh-1' };
      const first = tab(stale, 'refresh-1');
      const second = tab(stale, 'refresh-1');

      const one = await first.dispatch(probeApi.endpoints.probe.initiate({ tab: 1 }));
      const two = await second.dispatch(probeApi.endpoints.probe.initiate({ tab: 2 }));
      // One refresh for both tabs: the second would have ended the session with the spent token.
      expect(sessionCalls).toEqual([{ refresh: 'refresh-1' }]);
      expect(one.data?.auth).toBe(`Bearer ${issued?.accessToken}`);
      expect(two.data?.auth).toBe(`Bearer ${issued?.accessToken}`);
      expect(second.getState().session).toMatchObject({
        accessToken: issued?.accessToken,
        refreshToken: 'refresh-2',
        sessionExpired: false,
      });
    });

    it("refreshes while holding the tabs' lock and stores the new tokens before letting it go", async () => {
      const held: string[] = [];
      let storedWhenReleased: SessionTokens | null = null;
      Object.defineProperty(navigator, 'locks', {
        configurable: true,
        value: {
          request: async (name: string, task: () => Promise<unknown>) => {
            held.push(name);
            const result = await task();
            storedWhenReleased = flushed.at(-1) ?? null;
            return result;
          },
        },
      });
      const stale = await signTestToken({ expiresInSeconds: -60 });
      stored = { accessToken: stale, refreshToken: 'refresh-1' };
      await tab(stale, 'refresh-1').dispatch(probeApi.endpoints.probe.initiate({}));
      expect(held).toEqual([SESSION_REFRESH_LOCK]);
      expect(storedWhenReleased).toEqual({ accessToken: issued?.accessToken, refreshToken: 'refresh-2' });
    });
  });

  it('returns errors in the one error shape', async () => {
    server.use(http.get(`${BACKEND}/api/probe/`, () => HttpResponse.json({ search: ['Too long.'] }, { status: 400 })));
    const store = makeTestStore(null);
    const result = await store.dispatch(probeApi.endpoints.probe.initiate({}));
    expect(result.error).toEqual({
      status: 400,
      message: 'Something went wrong. Please try again.',
      hasMessage: false,
      fieldErrors: { search: 'Too long.' },
    });
  });
});
