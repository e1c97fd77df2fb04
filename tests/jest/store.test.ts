import { persistStore, type Persistor } from 'redux-persist';

import { localeChanged, themeChosen } from '@/entities/preferences';
import { signedOut } from '@/entities/session';
import { userApi } from '@/entities/user';
import { meHandler, mockUser } from '@/entities/user/index.mocks';
import { sessionTokensReceived } from '@/shared/model';
import { makeStore, PERSIST_KEY } from '@/app/store';

import { server } from './server';

const rehydrated = (persistor: Persistor) =>
  new Promise<void>((resolve) => {
    const check = () => {
      if (!persistor.getState().bootstrapped) return;
      unsubscribe();
      resolve();
    };
    const unsubscribe = persistor.subscribe(check);
    check();
  });

describe('makeStore', () => {
  it('starts from the preloaded state', () => {
    const store = makeStore({ preferences: { locale: 'et', theme: 'dark' } });
    expect(store.getState().preferences).toEqual({ locale: 'et', theme: 'dark' });
    expect(store.getState().session.accessToken).toBeNull();
  });

  it('persists the session and the preferences, and nothing else', async () => {
    const store = makeStore(undefined, { persist: true });
    const persistor = persistStore(store);
    await rehydrated(persistor);
    store.dispatch(sessionTokensReceived({ accessToken: 'access', refreshToken: 'refresh' }));
    store.dispatch(localeChanged('et'));
    store.dispatch(themeChosen('dark'));
    await persistor.flush();

    const saved = JSON.parse(localStorage.getItem(`persist:${PERSIST_KEY}`) ?? '{}') as Record<string, string>;
    expect(Object.keys(saved).sort()).toEqual(['_persist', 'preferences', 'session']);
    expect(JSON.parse(saved.session ?? '{}')).toMatchObject({ accessToken: 'access', refreshToken: 'refresh' });
    expect(JSON.parse(saved.preferences ?? '{}')).toEqual({ locale: 'et', theme: 'dark' });
    persistor.pause();
  });

  it('restores the persisted session and preferences on the next visit', async () => {
    localStorage.setItem(
      `persist:${PERSIST_KEY}`,
      JSON.stringify({
        session: JSON.stringify({ accessToken: 'a', refreshToken: 'r', sessionExpired: false, sessionInitialized: true }),
        preferences: JSON.stringify({ locale: 'et', theme: 'light' }),
        _persist: JSON.stringify({ version: -1, rehydrated: true }),
      }),
    );
    const store = makeStore(undefined, { persist: true });
    const persistor = persistStore(store);
    await rehydrated(persistor);
    expect(store.getState().session.accessToken).toBe('a');
    expect(store.getState().preferences).toEqual({ locale: 'et', theme: 'light' });
    persistor.pause();
  });

  it('hosts the api once its code is loaded, and clears its cache on sign-out', async () => {
    const store = makeStore({ session: { accessToken: 'a', refreshToken: 'r', sessionExpired: false, sessionInitialized: true } });
    expect(store.getState().api).toBeDefined();
    const me = mockUser();
    server.use(meHandler(me));
    const result = await store.dispatch(userApi.endpoints.getMe.initiate());
    expect(result.data).toEqual(me);
    expect(Object.keys(store.getState().api?.queries ?? {})).toHaveLength(1);

    store.dispatch(signedOut());
    expect(store.getState().session.accessToken).toBeNull();
    expect(store.getState().api?.queries).toEqual({});
  });

  it('reloads the page when a language is chosen, after the choice is in the state, when asked to', async () => {
    const localesAtReload: string[] = [];
    const store = makeStore(undefined, {
      reloadOnLocaleChange: true,
      reloadPage: () => void localesAtReload.push(store.getState().preferences.locale),
    });
    store.dispatch(themeChosen('dark'));
    store.dispatch(localeChanged('et'));
    await Promise.resolve();
    expect(localesAtReload).toEqual(['et']);

    // Stories and tests switch languages without reloading.
    const reloadPage = jest.fn();
    makeStore(undefined, { reloadPage }).dispatch(localeChanged('et'));
    await Promise.resolve();
    expect(reloadPage).not.toHaveBeenCalled();
  });
});
