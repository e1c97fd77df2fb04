import { isRejectedWithValue, type ListenerMiddlewareInstance } from '@reduxjs/toolkit';

import { signedOut } from '@/entities/session';
import { notify } from '@/shared/lib';
import { onApiLoaded, sessionExpired, sessionTokensReceived } from '@/shared/model';

export interface SessionListenerOptions {
  /** Reloads the page once the signed-out session is stored; replaced in tests. */
  readonly reloadPage: () => void | Promise<void>;
}

type AppListenerMiddleware = ListenerMiddlewareInstance<RootState, AppDispatch>;

/**
 * The session's side effects (architecture.md, data flow 4):
 * - new tokens → what depends on who is signed in is fetched again;
 * - the session expired → sign out without a redirect and reload the page;
 * - signed out → every cached response is dropped;
 * - a failed call → the app-wide toast for 429, 5xx and no answer.
 */
export function startSessionListeners(listeners: AppListenerMiddleware, { reloadPage }: SessionListenerOptions): void {
  listeners.startListening({
    actionCreator: sessionExpired,
    effect: async (_action, api) => {
      api.dispatch(signedOut());
      await reloadPage();
    },
  });

  listeners.startListening({
    matcher: isRejectedWithValue,
    effect: async (action) => {
      // Loaded already (a call just failed through it); imported lazily to keep RTK Query out of the first page.
      const { toastForApiError } = await import('@/shared/api');
      // A mutation is an action a form or a dialog started: it shows the server's own words itself.
      const shownByCaller = (action.meta as { arg?: { type?: string } }).arg?.type === 'mutation';
      const message = toastForApiError(action.payload, undefined, { shownByCaller });
      if (message) void notify(message, { variant: 'error', key: message });
    },
  });

  // The api loads with the first screen that needs it; until then there is nothing cached.
  onApiLoaded((loadedApi) => {
    listeners.startListening({
      actionCreator: sessionTokensReceived,
      effect: (action, api) => {
        if (api.getOriginalState().session.accessToken === action.payload.accessToken) return;
        api.dispatch(loadedApi.invalidateSessionData());
      },
    });
    listeners.startListening({
      actionCreator: signedOut,
      effect: (_action, api) => {
        api.dispatch(loadedApi.resetAction());
      },
    });
  });
}
