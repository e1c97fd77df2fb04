import type { Persistor } from 'redux-persist';

import { signedOut } from '@/entities/session';
import { flushSharedSession, readSharedSession } from '@/shared/model';

import { makeStore } from './makeStore';
import { latestHandoff, shareSessionAcrossTabs, STORAGE_KEY, tokensOfStoredState, type Handoff, type HandoffStore } from './shareSession';

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
    stop = shareSessionAcrossTabs(signedIn(), persistor, window.localStorage, null);
    window.localStorage.setItem(STORAGE_KEY, storedState({ accessToken: 'access-3', refreshToken: 'refresh-3' }));
    expect(await readSharedSession('access-1')).toEqual({ accessToken: 'access-3', refreshToken: 'refresh-3' });
    await flushSharedSession('access-1', { accessToken: 'access-3', refreshToken: 'refresh-3' });
    expect(flush).toHaveBeenCalledTimes(1);
    stop();
    expect(await readSharedSession('access-1')).toBeNull();
  });

  it('hands new tokens to the next tab through the handoffs, which win over a stale stored copy, and clears them on sign-out', async () => {
    let kept: readonly Handoff[] = [];
    const handoffs: HandoffStore = {
      read: () => Promise.resolve(kept),
      write: (next) => {
        kept = next;
        return Promise.resolve();
      },
      clear: () => {
        kept = [];
        return Promise.resolve();
      },
    };
    const store = signedIn();
    stop = shareSessionAcrossTabs(store, persistor, window.localStorage, handoffs);
    // This tab's copy of localStorage still holds the spent tokens (another process wrote the new ones).
    window.localStorage.setItem(STORAGE_KEY, storedState({ accessToken: 'access-1', refreshToken: 'refresh-1' }));
    await flushSharedSession('access-1', { accessToken: 'access-2', refreshToken: 'refresh-2' });
    await flushSharedSession('access-2', { accessToken: 'access-3', refreshToken: 'refresh-3' });
    expect(await readSharedSession('access-1')).toEqual({ accessToken: 'access-3', refreshToken: 'refresh-3' });
    expect(await readSharedSession('access-2')).toEqual({ accessToken: 'access-3', refreshToken: 'refresh-3' });
    // Nothing handed for this token: the stored copy.
    expect(await readSharedSession('access-9')).toEqual({ accessToken: 'access-1', refreshToken: 'refresh-1' });
    // Only the latest few are kept.
    for (let n = 3; n < 20; n += 1)
      await flushSharedSession(`access-${n}`, { accessToken: `access-${n + 1}`, refreshToken: `refresh-${n + 1}` });
    expect(kept).toHaveLength(8);
    expect(await readSharedSession('access-12')).toEqual({ accessToken: 'access-20', refreshToken: 'refresh-20' });
    store.dispatch(signedOut());
    await Promise.resolve();
    expect(kept).toEqual([]);
  });
});

describe('latestHandoff', () => {
  const handoff = (from: number, to: number): Handoff => ({
    replaced: `a${from}`,
    tokens: { accessToken: `a${to}`, refreshToken: `r${to}` },
  });
  it('follows the handoffs from a token to the newest, and gives null when none replaced it', () => {
    expect(latestHandoff([handoff(1, 2), handoff(2, 3)], 'a1')).toEqual({ accessToken: 'a3', refreshToken: 'r3' });
    expect(latestHandoff([handoff(1, 2), handoff(2, 3)], 'a3')).toBeNull();
    // A loop (never written by the app) ends.
    expect(latestHandoff([handoff(1, 2), handoff(2, 1)], 'a1')).toEqual({ accessToken: 'a1', refreshToken: 'r1' });
  });
});
