import { createAction, type ListenerMiddlewareInstance } from '@reduxjs/toolkit';

import { browserConnectivityChanged, onApiLoaded, serverAnswered, serverUnreachable } from '@/shared/model';

/** Waits between probes while the server is away: doubling from the first to the last. */
export const PROBE_DELAYS_MS = { first: 2000, max: 30_000 } as const;

export interface ConnectionWatchOptions {
  /** Asks the server whether it is there (shared/lib `probeServer`); replaced in tests. */
  readonly probe: () => Promise<boolean>;
}

/** The tab was shown again (a hidden tab does not probe). */
const pageShown = createAction('connection/pageShown');

type AppListenerMiddleware = ListenerMiddlewareInstance<RootState, AppDispatch>;

const pageHidden = () => typeof document !== 'undefined' && document.visibilityState === 'hidden';

/**
 * The connection's side effects:
 * - the browser's `online` / `offline` events go to the connection state;
 * - while the server is unreachable, a light probe asks for it with backoff (never while the
 *   browser is offline or the tab hidden: nobody is looking, and a storm helps no one);
 * - when it is back (a probe or any call got an answer), what is shown is fetched again.
 * Gives a function that stops listening to the browser.
 */
export function startConnectionListeners(listeners: AppListenerMiddleware, dispatch: AppDispatch, { probe }: ConnectionWatchOptions) {
  const online = () => dispatch(browserConnectivityChanged({ online: true }));
  const offline = () => dispatch(browserConnectivityChanged({ online: false }));
  const visibility = () => {
    if (!pageHidden()) dispatch(pageShown());
  };
  window.addEventListener('online', online);
  window.addEventListener('offline', offline);
  document.addEventListener('visibilitychange', visibility);

  listeners.startListening({
    predicate: (action, state) =>
      !state.connection.reachable && (serverUnreachable.match(action) || browserConnectivityChanged.match(action)),
    effect: async (_action, api) => {
      // One probing loop at a time: further failures while it runs change nothing.
      api.unsubscribe();
      try {
        let delay: number = PROBE_DELAYS_MS.first;
        const wakesEarly = (action: unknown) =>
          serverAnswered.match(action) || pageShown.match(action) || (browserConnectivityChanged.match(action) && action.payload.online);
        while (!api.getState().connection.reachable) {
          // The browser coming online or the tab being shown is a reason to look at once.
          await api.take(wakesEarly, api.getState().connection.browserOffline || pageHidden() ? undefined : delay);
          const { reachable, browserOffline } = api.getState().connection;
          if (reachable) break;
          if (browserOffline || pageHidden()) continue;
          if (await probe()) {
            // A call may have got through meanwhile.
            if (!api.getState().connection.reachable) api.dispatch(serverAnswered({ at: Date.now() }));
            break;
          }
          delay = Math.min(delay * 2, PROBE_DELAYS_MS.max);
        }
      } finally {
        api.subscribe();
      }
    },
  });

  // The api loads with the first screen that needs it; before that nothing is shown to refetch.
  onApiLoaded((loadedApi) => {
    listeners.startListening({
      predicate: (_action, state, previous) => !previous.connection.reachable && state.connection.reachable,
      effect: (_action, api) => {
        api.dispatch(loadedApi.reconnected());
      },
    });
  });

  if (typeof navigator !== 'undefined' && navigator.onLine === false) offline();

  return () => {
    window.removeEventListener('online', online);
    window.removeEventListener('offline', offline);
    document.removeEventListener('visibilitychange', visibility);
  };
}
