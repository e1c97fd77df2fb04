import { render, type RenderResult } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import type { ReactElement } from 'react';
import { MemoryRouter } from 'react-router-dom';

import { AppProviders } from '@/app/providers';
import { makeStore, type AppStore, type MakeStoreOptions, type PreloadedState } from '@/app/store';
import { initialSessionState } from '@/entities/session';
import { i18n, type Locale } from '@/shared/i18n';

import { signTestToken, type TestTokenOptions } from './tokens';

export interface RenderWithProvidersOptions {
  /** The URL the router starts at, with its query (`/waybills?statusIn=draft`). */
  readonly path?: string;
  /** State a fresh store starts from, e.g. `await signedInState()`. */
  readonly preloadedState?: PreloadedState;
  /** Options of the fresh store (`makeStore`). */
  readonly storeOptions?: MakeStoreOptions;
  /** A store made by the test, instead of a fresh one. */
  readonly store?: AppStore;
  /** The language the screen renders in; English unless given. */
  readonly locale?: Locale;
}

export interface RenderWithProvidersResult extends RenderResult {
  readonly store: AppStore;
  /** A user-event instance for this render. */
  readonly user: UserEvent;
}

/**
 * Renders a screen the way the app does: a fresh store from `makeStore` (per call, so no test
 * sees another's state), translations, the toast area and a router at `path`.
 */
export function renderWithProviders(
  ui: ReactElement,
  { path = '/', preloadedState, storeOptions, store, locale }: RenderWithProvidersOptions = {},
): RenderWithProvidersResult {
  const appStore = store ?? makeStore(preloadedState, storeOptions);
  // A clone keeps the loaded translations without switching the language of other tests.
  const i18nForTest = locale ? i18n.cloneInstance({ lng: locale }) : i18n;
  const user = userEvent.setup();
  const result = render(
    <AppProviders store={appStore} i18n={i18nForTest}>
      <MemoryRouter initialEntries={[path]}>{ui}</MemoryRouter>
    </AppProviders>,
  );
  return { ...result, store: appStore, user };
}

/** A signed-in session with a token the app accepts (signed with the test key), for `preloadedState`. */
export async function signedInState(token: TestTokenOptions = {}): Promise<PreloadedState> {
  return {
    session: {
      ...initialSessionState,
      accessToken: await signTestToken(token),
      refreshToken: 'refresh-1',
      sessionInitialized: true,
    },
  };
}
