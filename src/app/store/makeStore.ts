import { configureStore, createDynamicMiddleware, createListenerMiddleware, type Reducer } from '@reduxjs/toolkit';
import { setAutoFreeze } from 'immer';
import { FLUSH, PAUSE, PERSIST, persistReducer, PURGE, REGISTER, REHYDRATE } from 'redux-persist';
import storage from 'redux-persist/lib/storage';

import { selectIsAuthenticated } from '@/entities/session';
import { configResult } from '@/shared/config';
import { onApiLoaded, sessionTokensReceived } from '@/shared/model';

import { createRootReducer, PERSIST_KEY, PERSISTED_KEYS, type AppRootState } from './rootReducer';
import { startConnectionListeners, type ConnectionWatchOptions } from './connectionListeners';
import { startPreferenceListeners } from './preferenceListeners';
import { startSessionListeners } from './sessionListeners';

export type PreloadedState = Partial<AppRootState>;

export interface MakeStoreOptions {
  /** Keep the session and preferences in localStorage (the app only; stories and tests start clean). */
  readonly persist?: boolean;
  /** Reloads the page after an expired session was signed out (the app flushes the stored state first). */
  readonly reloadPage?: () => void | Promise<void>;
  /**
   * Polls the user's exports with toasts and downloads (features/export/track-progress), starting
   * with a look for exports left from before, once someone is signed in and the api has loaded (a
   * visitor never loads it). The app only: stories and tests start clean.
   */
  readonly trackExports?: boolean;
  /**
   * Keeps the server's event stream open while someone is signed in (features/live-updates): pages
   * refresh themselves and lists say what changed. The app only: stories and tests start clean.
   */
  readonly liveUpdates?: boolean;
  /** Reloads the page (`reloadPage`) when the user chooses a language, so the page shows in it (product rules: Screens). */
  readonly reloadOnLocaleChange?: boolean;
  /**
   * Follows the browser's online state, probes the server while it is away and fetches again what
   * is shown when it is back (connectionListeners.ts). The app, and the tests of it.
   */
  readonly watchConnection?: ConnectionWatchOptions;
}

// Immer deep-freezes every new state, which for a page of API rows costs a long task as they
// arrive. Development and tests keep freezing, so a reducer that mutates state still fails there.
if (configResult.ok && configResult.config.isProduction) setAutoFreeze(false);

const whenIdle = (task: () => void): void => {
  if (typeof window !== 'undefined' && 'requestIdleCallback' in window) window.requestIdleCallback(task, { timeout: 2000 });
  else setTimeout(task, 0);
};

/** Creates the store used by the app, Storybook and tests. */
export function makeStore(
  preloadedState?: PreloadedState,
  {
    persist = false,
    reloadPage = () => window.location.reload(),
    trackExports = false,
    liveUpdates = false,
    reloadOnLocaleChange = false,
    watchConnection,
  }: MakeStoreOptions = {},
) {
  const rootReducer = createRootReducer();
  const listenerMiddleware = createListenerMiddleware();
  const dynamicMiddleware = createDynamicMiddleware();
  const reducer = (
    persist ? persistReducer({ key: PERSIST_KEY, storage, whitelist: [...PERSISTED_KEYS] }, rootReducer) : rootReducer
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
        .concat(dynamicMiddleware.middleware),
    devTools: !(configResult.ok && configResult.config.isProduction),
  });

  let apiLoaded = false;
  let tracking = false;
  const trackExportsWhenSignedIn = () => {
    if (!trackExports || tracking || !apiLoaded || !selectIsAuthenticated(store.getState())) return;
    tracking = true;
    // Not part of the first screen: it starts once the browser is idle (within two seconds).
    whenIdle(() => {
      void import('@/features/export/track-progress').then((module) => module.trackExports(listenerMiddleware, store.dispatch));
    });
  };

  let live = false;
  const startLiveWhenSignedIn = () => {
    if (!liveUpdates || live || !apiLoaded || !selectIsAuthenticated(store.getState())) return;
    live = true;
    // Not part of the first screen either; the stream itself follows sign-in and sign-out from then on.
    whenIdle(() => {
      void import('@/features/live-updates').then((module) => module.startLiveUpdates(store));
    });
  };

  // RTK Query loads with the first screen that needs it, not with the first page.
  onApiLoaded((api) => {
    rootReducer.inject({ reducerPath: api.reducerPath, reducer: api.reducer });
    dynamicMiddleware.addMiddleware(api.middleware);
    // Any action runs the reducers, which gives the injected api its initial state right away.
    store.dispatch({ type: 'app/apiAttached' });
    api.setupListeners(store.dispatch);
    apiLoaded = true;
    trackExportsWhenSignedIn();
    startLiveWhenSignedIn();
  });
  if (trackExports) listenerMiddleware.startListening({ actionCreator: sessionTokensReceived, effect: trackExportsWhenSignedIn });
  if (liveUpdates) listenerMiddleware.startListening({ actionCreator: sessionTokensReceived, effect: startLiveWhenSignedIn });
  startSessionListeners(listenerMiddleware as Parameters<typeof startSessionListeners>[0], { reloadPage });
  if (watchConnection) {
    startConnectionListeners(listenerMiddleware as Parameters<typeof startConnectionListeners>[0], store.dispatch, watchConnection);
  }
  startPreferenceListeners(listenerMiddleware as Parameters<typeof startPreferenceListeners>[0], { reloadPage, reloadOnLocaleChange });
  return store;
}

export type AppStore = ReturnType<typeof makeStore>;
