import {
  fetchBaseQuery,
  type BaseQueryFn,
  type FetchArgs,
  type FetchBaseQueryError,
} from '@reduxjs/toolkit/query/react';

import { getConfig } from '../config';
import { i18n } from '../i18n';

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

type RawBaseQuery = BaseQueryFn<string | FetchArgs, unknown, FetchBaseQueryError>;

let rawBaseQuery: RawBaseQuery | null = null;

// Built on first use: the configuration is validated at start-up, after this module is imported.
const getRawBaseQuery = (): RawBaseQuery => {
  rawBaseQuery ??= fetchBaseQuery({
    baseUrl: getConfig().backendUrl,
    paramsSerializer: serializeParams,
    prepareHeaders: (headers, { getState }) => {
      headers.set('Accept-Language', i18n.resolvedLanguage ?? i18n.language ?? 'en');
      const { accessToken } = (getState() as RootState).session;
      if (accessToken) headers.set('Authorization', `Bearer ${accessToken}`);
      return headers;
    },
  });
  return rawBaseQuery;
};

/**
 * The base query of every endpoint. The session step (wait for a refresh under way, verify the
 * access token against the configured RS256 key, refresh it through `/api/auth/session`) runs
 * here, before the request, so no endpoint has to know about tokens.
 */
export const baseQuery: RawBaseQuery = (args, api, extraOptions) => getRawBaseQuery()(args, api, extraOptions);
