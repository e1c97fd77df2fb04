import { configureStore, createListenerMiddleware, type Reducer } from '@reduxjs/toolkit';
import { setupListeners } from '@reduxjs/toolkit/query/react';
import { FLUSH, PAUSE, PERSIST, persistReducer, PURGE, REGISTER, REHYDRATE } from 'redux-persist';
import storage from 'redux-persist/lib/storage';

import { baseApi } from '@/shared/api';
import { configResult } from '@/shared/config';

import { PERSIST_KEY, PERSISTED_KEYS, rootReducer, type AppRootState } from './rootReducer';

export type PreloadedState = Partial<AppRootState>;

export interface MakeStoreOptions {
  /** Keep the session and preferences in localStorage (the app only; stories and tests start clean). */
  readonly persist?: boolean;
}

/** Creates the store used by the app, Storybook and tests. */
export function makeStore(preloadedState?: PreloadedState, { persist = false }: MakeStoreOptions = {}) {
  const listenerMiddleware = createListenerMiddleware();
  const reducer = (
    persist
      ? persistReducer({ key: PERSIST_KEY, storage, whitelist: [...PERSISTED_KEYS] }, rootReducer)
      : rootReducer
  ) as Reducer<AppRootState>;

  const store = configureStore({
    reducer,
    preloadedState: preloadedState as AppRootState | undefined,
    middleware: (getDefaultMiddleware) =>
      getDefaultMiddleware({
        // redux-persist's own actions carry functions.
        serializableCheck: { ignoredActions: [FLUSH, REHYDRATE, PAUSE, PERSIST, PURGE, REGISTER] },
      })
        .prepend(listenerMiddleware.middleware)
        .concat(baseApi.middleware),
    devTools: !(configResult.ok && configResult.config.isProduction),
  });
  setupListeners(store.dispatch);
  return store;
}

export type AppStore = ReturnType<typeof makeStore>;
