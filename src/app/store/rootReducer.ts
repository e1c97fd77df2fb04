import { combineReducers } from '@reduxjs/toolkit';

import { preferencesSlice } from '@/entities/preferences';
import { sessionSlice } from '@/entities/session';
import { baseApi } from '@/shared/api';

export const rootReducer = combineReducers({
  [sessionSlice.reducerPath]: sessionSlice.reducer,
  [preferencesSlice.reducerPath]: preferencesSlice.reducer,
  [baseApi.reducerPath]: baseApi.reducer,
});

export type AppRootState = ReturnType<typeof rootReducer>;

/** The slices kept across visits: the session and the preferences, nothing else. */
export const PERSISTED_KEYS = [sessionSlice.reducerPath, preferencesSlice.reducerPath] as const;
export const PERSIST_KEY = 'timberlog';
