import { configureStore } from '@reduxjs/toolkit';
import { http, HttpResponse } from 'msw';

import { server } from '../../../tests/jest/server';
import { i18n } from '../i18n';

import { baseApi } from './baseApi';
import { serializeParams } from './baseQuery';

const probeApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    probe: build.query<{ ok: boolean }, Record<string, unknown>>({
      query: (params) => ({ url: '/api/probe/', params }),
    }),
  }),
});

const storeWithToken = (accessToken: string | null) =>
  configureStore({
    reducer: {
      [baseApi.reducerPath]: baseApi.reducer,
      session: () => ({ accessToken, refreshToken: null, sessionExpired: false, sessionInitialized: true }),
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

describe('baseQuery', () => {
  const captured: Request[] = [];
  beforeEach(() => {
    captured.length = 0;
    server.use(
      http.get('http://localhost:8080/api/probe/', ({ request }) => {
        captured.push(request);
        return HttpResponse.json({ ok: true });
      }),
    );
  });

  it('calls the configured backend with Accept-Language, the bearer token and repeated arrays', async () => {
    await i18n.changeLanguage('et');
    const store = storeWithToken('token-1');
    const result = await store.dispatch(probeApi.endpoints.probe.initiate({ statusIn: ['a', 'b'] }));
    expect(result.data).toEqual({ ok: true });
    const [request] = captured;
    expect(new URL(request?.url ?? '').search).toBe('?statusIn=a&statusIn=b');
    expect(request?.headers.get('Accept-Language')).toBe('et');
    expect(request?.headers.get('Authorization')).toBe('Bearer token-1');
    await i18n.changeLanguage('en');
  });

  it('sends no Authorization header when signed out', async () => {
    const store = storeWithToken(null);
    await store.dispatch(probeApi.endpoints.probe.initiate({}));
    expect(captured[0]?.headers.get('Authorization')).toBeNull();
    expect(captured[0]?.headers.get('Accept-Language')).toBe('en');
  });
});
