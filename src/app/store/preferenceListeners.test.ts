import { waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { DEMO_USERS } from '@timberlog/contract/demo-data';

import { mockAccountPreferences } from '@/entities/account-preferences/index.mocks';
import { obtainSession } from '@/features/auth/sign-in';
import { localeChanged, themeChosen } from '@/entities/preferences';
import { initialSessionState } from '@/entities/session';

import { server } from '../../../tests/jest/server';
import { signTestToken } from '../../../tests/jest/tokens';

import { makeStore, type AppStore } from './makeStore';

const { email } = DEMO_USERS.user;

const signedInStore = async (reloadPage: (store: AppStore) => void) => {
  const accessToken = await signTestToken({ email });
  const store: AppStore = makeStore(
    { session: { ...initialSessionState, accessToken, refreshToken: 'refresh-1', sessionInitialized: true } },
    { reloadOnLocaleChange: true, reloadPage: () => reloadPage(store) },
  );
  return store;
};

const countPreferenceWrites = () => {
  const writes: unknown[] = [];
  server.events.on('request:start', ({ request }) => {
    if (request.method === 'PATCH' && new URL(request.url).pathname === '/api/user/me/preferences') writes.push(request.url);
  });
  return writes;
};

describe('the language and theme kept with the account', () => {
  afterEach(() => server.events.removeAllListeners());

  it('keeps a signed-in choice with the account, and reloads for a language only once it is kept', async () => {
    const keptAtReload: unknown[] = [];
    const store = await signedInStore(() => keptAtReload.push(mockAccountPreferences.get(email)));

    store.dispatch(themeChosen('dark'));
    await waitFor(() => expect(mockAccountPreferences.get(email)).toEqual({ locale: null, theme: 'dark' }));
    expect(keptAtReload).toEqual([]);

    store.dispatch(localeChanged('et'));
    await waitFor(() => expect(keptAtReload).toEqual([{ locale: 'et', theme: 'dark' }]));
    expect(store.getState().preferences).toMatchObject({ locale: 'et', theme: 'dark' });
  });

  it("leaves a visitor's choice in this browser: nothing is sent", async () => {
    const writes = countPreferenceWrites();
    const reloadPage = jest.fn();
    const store = makeStore(undefined, { reloadOnLocaleChange: true, reloadPage });
    store.dispatch(themeChosen('dark'));
    store.dispatch(localeChanged('et'));
    await waitFor(() => expect(reloadPage).toHaveBeenCalledTimes(1));
    expect(writes).toEqual([]);
  });

  it('still reloads in the new language when the server cannot keep it', async () => {
    server.use(http.patch('*/api/user/me/preferences', () => HttpResponse.error()));
    const reloads: string[] = [];
    const store = await signedInStore((s) => reloads.push(s.getState().preferences.locale));
    store.dispatch(localeChanged('et'));
    await waitFor(() => expect(reloads).toEqual(['et']));
  });

  it("applies the account's choices at sign-in: each one it has replaces this browser's, and a new language reloads", async () => {
    mockAccountPreferences.set(email, { locale: 'et', theme: null });
    const reloads: unknown[] = [];
    const store: AppStore = makeStore(undefined, {
      reloadOnLocaleChange: true,
      reloadPage: () => void reloads.push(store.getState().preferences),
    });
    store.dispatch(themeChosen('dark'));
    await obtainSession(store.dispatch, { email, password: DEMO_USERS.user.password });
    await waitFor(() => expect(reloads).toEqual([expect.objectContaining({ locale: 'et', theme: 'dark' })]));
    // What the account had not chosen stays this browser's.
    expect(mockAccountPreferences.get(email)).toEqual({ locale: 'et', theme: null });

    // An account with a theme and no language: the theme is applied, the language stays, nothing reloads.
    mockAccountPreferences.set(email, { locale: null, theme: 'light' });
    await obtainSession(store.dispatch, { email, password: DEMO_USERS.user.password });
    await waitFor(() => expect(store.getState().preferences).toMatchObject({ locale: 'et', theme: 'light' }));
    expect(reloads).toHaveLength(1);
  });
});
