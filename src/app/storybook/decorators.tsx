import type { Decorator } from '@storybook/react';
import { useLayoutEffect, useMemo, type ReactNode } from 'react';
import { MemoryRouter } from 'react-router-dom';

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
interface StoryProvidersProps {
  readonly store: StoreParameters | undefined;
  readonly locale: unknown;
  readonly theme: unknown;
  readonly children: ReactNode;
}

function StoryProviders({ store, locale: localeGlobal, theme: themeGlobal, children }: StoryProvidersProps) {
  const locale = isLocale(localeGlobal) ? localeGlobal : DEFAULT_LOCALE;
  const theme = isTheme(themeGlobal) ? themeGlobal : 'light';

  const appStore = useMemo(
    () =>
      makeStore({
        ...store?.preloadedState,
        preferences: { ...initialPreferencesState, ...store?.preloadedState?.preferences, locale, theme },
      }),
    [store, locale, theme],
  );
  const i18nForLocale = useMemo(() => {
    // What runs outside React reads the app's own instance, as in the app: the API calls'
    // Accept-Language (the server's, and the mocks', reference names and messages in it), the
    // client's own error texts, the contract's messages. It speaks the story's language too, from
    // before the story's first render (its translations are loaded: the change is at once).
    void i18n.changeLanguage(locale);
    // A clone per locale shares the loaded translations but not the current language.
    return i18n.cloneInstance({ lng: locale });
  }, [locale]);
  // Again once committed (after any story before it has put it back), and the story gone, back in
  // the default language (a test renders stories, then screens of its own).
  useLayoutEffect(() => {
    void i18n.changeLanguage(locale);
    return () => {
      void i18n.changeLanguage(DEFAULT_LOCALE);
    };
  }, [locale]);

  useLayoutEffect(() => {
    document.documentElement.dataset.theme = theme;
    document.documentElement.lang = locale;
  }, [theme, locale]);

  return (
    <AppProviders store={appStore} i18n={i18nForLocale}>
      {children}
    </AppProviders>
  );
}

/**
 * Store, i18n and toasts, like the app. The locale and theme toolbar globals win over the
 * preloaded preferences so every story can be seen in both languages and themes.
 */
export const withAppProviders: Decorator = (Story, context) => (
  <StoryProviders
    store={context.parameters.store as StoreParameters | undefined}
    locale={context.globals.locale as unknown}
    theme={context.globals.theme as unknown}
  >
    <Story />
  </StoryProviders>
);

export const withRouter: Decorator = (Story, context) => {
  const router = context.parameters.router as RouterParameters | undefined;
  return (
    <MemoryRouter initialEntries={[router?.initialPath ?? '/']}>
      <Story />
    </MemoryRouter>
  );
};

/**
 * `parameters.width` (px): the story laid out in a box that wide, e.g. a phone's 412, for the
 * pieces that change with their own or their container's width.
 */
export const withWidth: Decorator = (Story, context) => {
  const width = context.parameters.width as number | undefined;
  if (width === undefined) return <Story />;
  return (
    <div style={{ width }}>
      <Story />
    </div>
  );
};
