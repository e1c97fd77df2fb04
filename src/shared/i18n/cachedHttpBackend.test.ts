import type { ReadCallback, Services } from 'i18next';
import { http, HttpResponse } from 'msw';

import { server } from '../../../tests/jest/server';

import { CachedHttpBackend } from './cachedHttpBackend';
import { TRANSLATION_CACHE_MS, TRANSLATION_LOAD_PATH } from './locales';

const ORIGIN = 'http://localhost';

const backendFor = (version = 'v1') => {
  const backend = new CachedHttpBackend();
  backend.init({} as Services, { loadPath: `${ORIGIN}${TRANSLATION_LOAD_PATH}`, expirationTime: TRANSLATION_CACHE_MS, version }, {});
  return backend;
};

const read = (backend: CachedHttpBackend, lng = 'et') =>
  new Promise<{ error: unknown; data: unknown; retry: unknown }>((resolve) => {
    const callback: ReadCallback = (error, data) => resolve({ error, data, retry: data });
    backend.read(lng, 'common', callback);
  });

describe('CachedHttpBackend', () => {
  let downloads = 0;
  beforeEach(() => {
    downloads = 0;
    server.use(
      http.get(`${ORIGIN}/locales/:lng/:ns.json`, ({ params }) => {
        downloads += 1;
        return HttpResponse.json({ hello: `hello-${String(params.lng)}-${downloads}` });
      }),
    );
  });
  afterEach(() => jest.useRealTimers());

  it('downloads /locales/{lng}/{ns}.json once and serves it from the cache for an hour', async () => {
    jest.useFakeTimers({ doNotFake: ['queueMicrotask', 'nextTick', 'setImmediate', 'setTimeout'], now: 1_000_000 });
    expect((await read(backendFor())).data).toEqual({ hello: 'hello-et-1' });
    expect((await read(backendFor())).data).toEqual({ hello: 'hello-et-1' });
    expect(downloads).toBe(1);

    jest.setSystemTime(1_000_000 + TRANSLATION_CACHE_MS - 1);
    await read(backendFor());
    expect(downloads).toBe(1);

    jest.setSystemTime(1_000_000 + TRANSLATION_CACHE_MS + 1);
    expect((await read(backendFor())).data).toEqual({ hello: 'hello-et-2' });
    expect(downloads).toBe(2);
  });

  it('ignores what an older build cached', async () => {
    await read(backendFor('v1'));
    expect((await read(backendFor('v2'))).data).toEqual({ hello: 'hello-et-2' });
  });

  it('reports a failed download as an error, retryable only for server errors', async () => {
    server.use(http.get(`${ORIGIN}/locales/:lng/:ns.json`, () => new HttpResponse(null, { status: 404 })));
    const missing = await read(backendFor(), 'xx');
    expect(missing.error).toBeInstanceOf(Error);
    expect(missing.retry).toBe(false);

    server.use(http.get(`${ORIGIN}/locales/:lng/:ns.json`, () => new HttpResponse(null, { status: 503 })));
    expect((await read(backendFor(), 'xx')).retry).toBe(true);
    expect(localStorage.getItem('i18n_xx-common')).toBeNull();
  });
});
