import { createStore, del, get, set, type UseStore } from 'idb-keyval';
import type { Persistor } from 'redux-persist';

import { signedOut } from '@/entities/session';
import { connectSessionSharing, sessionTokensReceived, type SessionTokens } from '@/shared/model';

import { PERSIST_KEY } from './rootReducer';
import type { AppStore } from './makeStore';

/** redux-persist's storage key: the persisted slices, each one JSON inside the JSON. */
export const STORAGE_KEY = `persist:${PERSIST_KEY}`;

/** The session tokens in a stored state, or null when there are none (signed out, or unreadable). */
export function tokensOfStoredState(stored: string | null): SessionTokens | null {
  if (!stored) return null;
  try {
    const { session } = JSON.parse(stored) as { session?: string };
    const { accessToken, refreshToken } = JSON.parse(session ?? '{}') as { accessToken?: unknown; refreshToken?: unknown };
    return typeof accessToken === 'string' && typeof refreshToken === 'string' ? { accessToken, refreshToken } : null;
  } catch {
    return null;
  }
}

/** New tokens and the access token they replaced, handed from the tab that refreshed to the others. */
export interface Handoff {
  readonly replaced: string;
  readonly tokens: SessionTokens;
}

/** Where tabs hand each other new tokens: written and read inside the refresh lock. */
export interface HandoffStore {
  readonly read: () => Promise<readonly Handoff[]>;
  readonly write: (handoffs: readonly Handoff[]) => Promise<void>;
  readonly clear: () => Promise<void>;
}

/** The handoffs kept: a tab that missed this many refreshes reads the stored tokens instead. */
const HANDOFFS_KEPT = 8;
const HANDOFFS_KEY = 'handoffs';

/**
 * The handoffs in IndexedDB. Not localStorage: Chromium keeps a copy of it in each renderer
 * process and brings the others' writes in later, so a tab entering the lock just after another
 * stored its tokens there may still read the spent ones (and spending one again ends every
 * session of the user). IndexedDB's transactions are the browser's own: a read started after a
 * write has committed sees it. Null where there is no IndexedDB (jsdom).
 */
export function indexedDbHandoffs(): HandoffStore | null {
  if (typeof indexedDB === 'undefined') return null;
  let db: UseStore | null = null;
  const store = () => (db ??= createStore('timberlog-session', 'handoffs'));
  return {
    read: async () => (await get<Handoff[]>(HANDOFFS_KEY, store())) ?? [],
    write: (handoffs) => set(HANDOFFS_KEY, handoffs, store()),
    clear: () => del(HANDOFFS_KEY, store()),
  };
}

/** The newest tokens that replaced `accessToken`, following the handoffs from one to the next. */
export function latestHandoff(handoffs: readonly Handoff[], accessToken: string): SessionTokens | null {
  let found: SessionTokens | null = null;
  let token = accessToken;
  // Each step moves to a later handoff; at most one step per handoff.
  for (let step = 0; step < handoffs.length; step += 1) {
    const next = handoffs.findLast((handoff) => handoff.replaced === token);
    if (!next) break;
    found = next.tokens;
    token = next.tokens.accessToken;
  }
  return found;
}

/**
 * Keeps the app's tabs on one session (refresh tokens are single-use): the base query reads the
 * stored tokens inside its refresh lock and stores new ones before letting go; and when another
 * tab stores new tokens this one takes them, or signs out when that tab signed out.
 * Answers the function that stops it.
 */
export function shareSessionAcrossTabs(
  store: AppStore,
  persistor: Persistor,
  storage: Storage = window.localStorage,
  handoffs: HandoffStore | null = indexedDbHandoffs(),
): () => void {
  const disconnect = connectSessionSharing({
    read: async (replaced) => {
      const handed = handoffs ? latestHandoff(await handoffs.read().catch(() => []), replaced) : null;
      return handed ?? tokensOfStoredState(storage.getItem(STORAGE_KEY));
    },
    flush: async (replaced, tokens) => {
      await persistor.flush();
      if (!handoffs) return;
      const kept = await handoffs.read().catch(() => []);
      await handoffs.write([...kept.slice(1 - HANDOFFS_KEPT), { replaced, tokens }]).catch(() => undefined);
    },
  });
  // Signed out: the handed tokens go too.
  let signedIn = store.getState().session.accessToken !== null;
  const unsubscribe = store.subscribe(() => {
    const now = store.getState().session.accessToken !== null;
    if (signedIn && !now) void handoffs?.clear().catch(() => undefined);
    signedIn = now;
  });
  const onStorage = (event: StorageEvent) => {
    if (event.key !== STORAGE_KEY || event.storageArea !== storage) return;
    const stored = tokensOfStoredState(event.newValue);
    const { accessToken } = store.getState().session;
    if (stored) {
      if (stored.accessToken !== accessToken) store.dispatch(sessionTokensReceived(stored));
    } else if (accessToken !== null) {
      store.dispatch(signedOut());
    }
  };
  window.addEventListener('storage', onStorage);
  return () => {
    disconnect();
    unsubscribe();
    window.removeEventListener('storage', onStorage);
  };
}
