import type { ListenerMiddlewareInstance } from '@reduxjs/toolkit';

import { localeChanged, themeChosen } from '@/entities/preferences';
import { selectIsAuthenticated } from '@/entities/session';

export interface PreferenceListenerOptions {
  /** Reloads the page (stored first); replaced in tests. */
  readonly reloadPage: () => void | Promise<void>;
  /** Whether a new language reloads the page, so that it shows in it (the app only). */
  readonly reloadOnLocaleChange: boolean;
}

type AppListenerMiddleware = ListenerMiddlewareInstance<RootState, AppDispatch>;

/**
 * The language and theme go with the account (product rules: Screens):
 * - a choice made while signed in is kept with the account (entities/account-preferences), so the
 *   next sign-in on any browser shows the interface the same way (features/auth/sign-in applies
 *   the account's); a visitor's stays in this browser;
 * - a new language reloads the page in it, once the account has kept it.
 */
export function startPreferenceListeners(
  listeners: AppListenerMiddleware,
  { reloadPage, reloadOnLocaleChange }: PreferenceListenerOptions,
): void {
  listeners.startListening({
    predicate: (action) => localeChanged.match(action) || themeChosen.match(action),
    effect: async (action, api) => {
      const locale = localeChanged.match(action);
      if (selectIsAuthenticated(api.getState())) {
        // Signed in, the api layer is loaded already; imported here to keep it out of the first page.
        const { keepWithAccount } = await import('@/entities/account-preferences');
        await keepWithAccount(api.dispatch, locale ? { locale: action.payload } : { theme: action.payload });
      }
      if (locale && reloadOnLocaleChange) await reloadPage();
    },
  });
}
