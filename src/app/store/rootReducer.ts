import { combineSlices, type WithSlice } from '@reduxjs/toolkit';

import { preferencesSlice } from '@/entities/preferences';
import { sessionSlice } from '@/entities/session';
import type { baseApi } from '@/shared/api';
import { connectionSlice } from '@/shared/model';

/** A fresh root reducer per store; the api's slice is injected when its code loads. */
export const createRootReducer = () =>
  combineSlices(sessionSlice, preferencesSlice, connectionSlice).withLazyLoadedSlices<WithSlice<typeof baseApi>>();

export type AppRootReducer = ReturnType<typeof createRootReducer>;
export type AppRootState = ReturnType<AppRootReducer>;

/** The slices kept across visits: the session and the preferences, nothing else. */
export const PERSISTED_KEYS = [sessionSlice.reducerPath, preferencesSlice.reducerPath] as const;
export const PERSIST_KEY = 'timberlog';
