import { CLIENT_HEADER } from '@timberlog/contract';
import {
  fetchBaseQuery,
  type BaseQueryApi,
  type BaseQueryFn,
  type FetchArgs,
  type FetchBaseQueryError,
} from '@reduxjs/toolkit/query/react';

import { getConfig } from '../config';
import { i18n } from '../i18n';
import {
  acrossTabs,
  flushSharedSession,
  initialConnectionState,
  readSharedSession,
  renewalKeyFor,
  renewalSettled,
  serverAnswered,
  serverUnreachable,
  sessionExpired,
  sessionTokensReceived,
  shouldNoteAnswer,
} from '../model';

import { isAccessTokenValid } from './accessToken';
import { extractApiError, type ApiError } from './apiError';
import type { components } from './generated/openapi';
import { SingleFlight } from './singleFlight';

/** Serialises query parameters with arrays repeated (`statusIn=a&statusIn=b`), as the API expects. */
export function serializeParams(params: Record<string, unknown>): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value === undefined || value === null || value === '') continue;
    const values: readonly unknown[] = Array.isArray(value) ? value : [value];
    for (const item of values) {
      if (item === undefined || item === null) continue;
      const text = item instanceof Date ? item.toISOString() : typeof item === 'string' ? item : JSON.stringify(item);
      search.append(key, text);
    }
  }
  return search.toString();
}

/** The path of the session endpoint the base query refreshes tokens through. */
export const SESSION_PATH = '/api/auth/session';

type RawBaseQuery = BaseQueryFn<string | FetchArgs, unknown, FetchBaseQueryError>;

interface RawQueries {
  /** Sends the bearer token when there is one. */
  readonly authorised: RawBaseQuery;
  /** Never sends a token: the refresh call must not carry the expired one. */
  readonly anonymous: RawBaseQuery;
}

let rawQueries: RawQueries | null = null;

const sessionOf = (api: Pick<BaseQueryApi, 'getState'>) => (api.getState() as RootState).session;

const currentLocale = (): string => i18n.resolvedLanguage ?? i18n.language ?? 'en';

// Built on first use: the configuration is validated at start-up, after this module is imported.
const getRawQueries = (): RawQueries => {
  if (rawQueries) return rawQueries;
  const { backendUrl } = getConfig();
  const make = (withToken: boolean): RawBaseQuery =>
    fetchBaseQuery({
      baseUrl: backendUrl,
      paramsSerializer: serializeParams,
      prepareHeaders: (headers, { getState }) => {
        headers.set('Accept-Language', currentLocale());
        // The server's history records that a change came from the web app.
        headers.set(CLIENT_HEADER, 'web');
        const { accessToken } = (getState() as RootState).session;
        if (withToken && accessToken) headers.set('Authorization', `Bearer ${accessToken}`);
        return headers;
      },
    });
  rawQueries = { authorised: make(true), anonymous: make(false) };
  return rawQueries;
};

const refresh = new SingleFlight();

type Session = components['schemas']['Session'];

/**
 * Gets a new session for the stale access token, once: callers that find the same stale token
 * while a refresh is under way wait for that refresh instead of starting another (refresh tokens
 * are single-use, so a second refresh with the same token would end the session). Across tabs the
 * same holds through a Web Lock: inside it the tab first reads the stored tokens, and when another
 * tab has refreshed meanwhile it takes those instead of spending its own, already spent, token.
 */
const refreshSession = (api: BaseQueryApi, staleAccessToken: string | null): Promise<void> => {
  if (refresh.busy) return refresh.wait();
  const { accessToken, refreshToken } = sessionOf(api);
  // Someone else refreshed since this caller read the token.
  if (accessToken !== staleAccessToken || !refreshToken) return Promise.resolve();
  return refresh.run(() =>
    acrossTabs(async () => {
      const stored = staleAccessToken ? await readSharedSession(staleAccessToken) : null;
      if (stored && stored.accessToken !== staleAccessToken) {
        if (stored.accessToken !== sessionOf(api).accessToken) api.dispatch(sessionTokensReceived(stored));
        return;
      }
      const current = sessionOf(api);
      if (current.accessToken !== staleAccessToken || !current.refreshToken) return;
      const result = await getRawQueries().anonymous(
        {
          url: SESSION_PATH,
          method: 'POST',
          body: { refresh: current.refreshToken },
          headers: { 'Idempotency-Key': renewalKeyFor(current.refreshToken) },
        },
        api,
        {},
      );
      if (result.data) {
        const session = result.data as Session;
        const tokens = { accessToken: session.accessToken, refreshToken: session.refreshToken };
        api.dispatch(sessionTokensReceived(tokens));
        // Stored before the lock is let go: the next tab in line must read these tokens.
        if (current.accessToken) await flushSharedSession(current.accessToken, tokens);
        renewalSettled();
      } else if (result.error && (result.error.status === 401 || result.error.status === 400)) {
        // The refresh token is no longer good: the session is over (the app signs out and reloads).
        renewalSettled();
        api.dispatch(sessionExpired());
      }
      // Anything else (network, 5xx): keep the session; the call goes ahead and fails on its own.
    }),
  );
};

/**
 * Tells the connection state what a call met: no answer at all (fetch's network failure, not an
 * HTTP error, and not a call the app cancelled itself) makes the server unreachable; any answer
 * makes it reachable again.
 */
const noteConnection = (api: BaseQueryApi, error: FetchBaseQueryError | undefined): void => {
  // A store put together for one test may have no connection state.
  const connection = (api.getState() as Partial<RootState>).connection ?? initialConnectionState;
  if (error?.status === 'FETCH_ERROR') {
    if (!api.signal.aborted && connection.reachable) api.dispatch(serverUnreachable());
    return;
  }
  const at = Date.now();
  if (shouldNoteAnswer(connection, at)) api.dispatch(serverAnswered({ at }));
};

const isTokenRejected = (error: FetchBaseQueryError): boolean =>
  error.status === 401 &&
  typeof error.data === 'object' &&
  error.data !== null &&
  (error.data as { code?: unknown }).code === 'token_not_valid';

/**
 * The base query of every endpoint. Before each call: wait for a refresh under way, verify the
 * stored access token against the configured RS256 key, and when it fails get a new session
 * through `/api/auth/session` (one refresh at a time). A call the server still refuses with
 * `token_not_valid` is refreshed and retried once. Errors come out in the one `ApiError` shape.
 */
export const baseQuery: BaseQueryFn<string | FetchArgs, unknown, ApiError> = async (args, api, extraOptions) => {
  const raw = getRawQueries();
  await refresh.wait();

  const { accessToken, refreshToken } = sessionOf(api);
  if (accessToken && refreshToken && !(await isAccessTokenValid(accessToken, getConfig().jwtPublicKey))) {
    await refreshSession(api, accessToken);
  }

  const sentToken = sessionOf(api).accessToken;
  let result = await raw.authorised(args, api, extraOptions);
  if (result.error && sentToken && isTokenRejected(result.error) && sessionOf(api).refreshToken) {
    await refreshSession(api, sentToken);
    const { accessToken: renewed } = sessionOf(api);
    if (renewed && renewed !== sentToken) result = await raw.authorised(args, api, extraOptions);
  }

  noteConnection(api, result.error);
  if (result.error) return { error: extractApiError(result.error), meta: result.meta };
  return { data: result.data, meta: result.meta };
};
