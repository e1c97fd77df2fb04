import type { Persistor } from 'redux-persist';

import { flushSharedSession, readSharedSession } from '@/shared/model';

import { makeStore } from './makeStore';
import { shareSessionAcrossTabs, STORAGE_KEY, tokensOfStoredState } from './shareSession';

/** A stored state as redux-persist writes it: each slice JSON inside the JSON. */
const storedState = (session: { accessToken: string | null; refreshToken: string | null }) =>
  JSON.stringify({ session: JSON.stringify({ ...session, sessionExpired: false, sessionInitialized: true }), preferences: '{}' });

const fromOtherTab = (newValue: string | null) =>
  window.dispatchEvent(new StorageEvent('storage', { key: STORAGE_KEY, newValue, storageArea: window.localStorage }));

describe('tokensOfStoredState', () => {
  it('reads the tokens of a stored state, and null for a signed-out, missing or broken one', () => {
    expect(tokensOfStoredState(storedState({ accessToken: 'a', refreshToken: 'r' }))).toEqual({ accessToken: 'a', refreshToken: 'r' });
    expect(tokensOfStoredState(storedState({ accessToken: null, refreshToken: null }))).toBeNull();
    expect(tokensOfStoredState(null)).toBeNull();
    expect(tokensOfStoredState('{not json')).toBeNull();
  });
});

describe('shareSessionAcrossTabs', () => {
  const flush = jest.fn(() => Promise.resolve());
  const persistor = { flush } as unknown as Persistor;
  let stop = () => {};
  const signedIn = () =>
    makeStore({ session: { accessToken: 'access-1', refreshToken: 'refresh-1', sessionExpired: false, sessionInitialized: true } });

  afterEach(() => {
    flush.mockClear();
    stop();
    window.localStorage.clear();
  });

  it('takes the tokens another tab stored', () => {
    const store = signedIn();
    stop = shareSessionAcrossTabs(store, persistor);
    fromOtherTab(storedState({ accessToken: 'access-2', refreshToken: 'refresh-2' }));
    expect(store.getState().session).toMatchObject({ accessToken: 'access-2', refreshToken: 'refresh-2' });
  });

  it('signs out when another tab signed out', () => {
    const store = signedIn();
    stop = shareSessionAcrossTabs(store, persistor);
    fromOtherTab(storedState({ accessToken: null, refreshToken: null }));
    expect(store.getState().session).toMatchObject({ accessToken: null, refreshToken: null });
  });

  it('ignores other keys, and stops listening when stopped', () => {
    const store = signedIn();
    stop = shareSessionAcrossTabs(store, persistor);
    window.dispatchEvent(new StorageEvent('storage', { key: 'other', newValue: null, storageArea: window.localStorage }));
    stop();
    fromOtherTab(storedState({ accessToken: null, refreshToken: null }));
    expect(store.getState().session.accessToken).toBe('access-1');
  });

  it('gives the base query the stored tokens to read, and the persistor to store its own', async () => {
    stop = shareSessionAcrossTabs(signedIn(), persistor);
    window.localStorage.setItem(STORAGE_KEY, storedState({ accessToken: 'access-3', refreshToken: 'refresh-3' }));
    expect(readSharedSession()).toEqual({ accessToken: 'access-3', refreshToken: 'refresh-3' });
    await flushSharedSession();
    expect(flush).toHaveBeenCalledTimes(1);
    stop();
    expect(readSharedSession()).toBeNull();
  });
});
