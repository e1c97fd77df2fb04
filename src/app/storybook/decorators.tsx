import type { Decorator } from '@storybook/react';
import { useLayoutEffect, useMemo } from 'react';
import { MemoryRouter } from 'react-router';

import { initialPreferencesState } from '@/entities/preferences';
import { DEFAULT_LOCALE, i18n, isLocale } from '@/shared/i18n';
import { isTheme } from '@/shared/lib';

import { AppProviders } from '../providers';
import { makeStore, type PreloadedState } from '../store';

export interface StoreParameters {
  /** State the story starts from, e.g. a signed-in session. */
  readonly preloadedState?: PreloadedState;
}

export interface RouterParameters {
  readonly initialPath?: string;
}

/**
 * Store, i18n and toasts, like the app. The locale and theme toolbar globals win over the
 * preloaded preferences so every story can be seen in both languages and themes.
 */
export const withAppProviders: Decorator = (Story, context) => {
  const store = context.parameters.store as StoreParameters | undefined;
  const locale = isLocale(context.globals.locale) ? context.globals.locale : DEFAULT_LOCALE;
  const theme = isTheme(context.globals.theme) ? context.globals.theme : 'light';

  const appStore = useMemo(
    () =>
      makeStore({
        ...store?.preloadedState,
        preferences: { ...initialPreferencesState, ...store?.preloadedState?.preferences, locale, theme },
      }),
    [store, locale, theme],
  );
  // A clone per locale shares the loaded translations but not the current language.
  const i18nForLocale = useMemo(() => i18n.cloneInstance({ lng: locale }), [locale]);

  useLayoutEffect(() => {
    document.documentElement.dataset.theme = theme;
    document.documentElement.lang = locale;
  }, [theme, locale]);

  return (
    <AppProviders store={appStore} i18n={i18nForLocale}>
      <Story />
    </AppProviders>
  );
};

export const withRouter: Decorator = (Story, context) => {
  const router = context.parameters.router as RouterParameters | undefined;
  return (
    <MemoryRouter initialEntries={[router?.initialPath ?? '/']}>
      <Story />
    </MemoryRouter>
  );
};
