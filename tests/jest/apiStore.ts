import { configureStore } from '@reduxjs/toolkit';

import { baseApi } from '@/shared/api';

import { server } from './server';

/** A store with only the api and a signed-out session, for testing endpoints against the MSW handlers. */
export const makeApiStore = () =>
  configureStore({
    reducer: {
      [baseApi.reducerPath]: baseApi.reducer,
      session: () => ({ accessToken: null, refreshToken: null, sessionExpired: false, sessionInitialized: true }),
    },
    middleware: (getDefaultMiddleware) => getDefaultMiddleware().concat(baseApi.middleware),
  });

/** Records every request the handlers see as `METHOD /path?query`, until `stop()`. */
export function recordRequests() {
  const requests: string[] = [];
  const listener = ({ request }: { request: Request }) => {
    const url = new URL(request.url);
    requests.push(`${request.method} ${url.pathname}${url.search}`);
  };
  server.events.on('request:start', listener);
  return {
    requests,
    count: (entry: string) => requests.filter((request) => request === entry).length,
    clear: () => requests.splice(0, requests.length),
    stop: () => server.events.removeListener('request:start', listener),
  };
}
