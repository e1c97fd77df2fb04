import { setupListeners } from '@reduxjs/toolkit/query';
import { createApi } from '@reduxjs/toolkit/query/react';

import { announceApi } from '../model';

import { baseQuery } from './baseQuery';
import { LIST_ID, ME_ID, TAGS } from './tags';

/** The one RTK Query api; entities add their endpoints with `baseApi.injectEndpoints`. */
export const baseApi = createApi({
  reducerPath: 'api',
  baseQuery,
  tagTypes: Object.values(TAGS),
  // What is shown is fetched again when the connection returns: the browser's own `online`, or
  // the app finding the server again after it was away (app/store, connection listeners).
  refetchOnReconnect: true,
  endpoints: () => ({}),
});

// Stores attach the api when this module first loads (see shared/model/apiRegistry).
announceApi({
  reducerPath: baseApi.reducerPath,
  reducer: baseApi.reducer,
  middleware: baseApi.middleware,
  resetAction: () => baseApi.util.resetApiState(),
  invalidateSessionData: () =>
    baseApi.util.invalidateTags([
      { type: TAGS.user, id: ME_ID },
      { type: TAGS.exportRequest, id: LIST_ID },
    ]),
  reconnected: () => baseApi.internalActions.onOnline(),
  setupListeners,
});
