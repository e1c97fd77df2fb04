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

/**
 * Keeps the app's tabs on one session (refresh tokens are single-use): the base query reads the
 * stored tokens inside its refresh lock and stores new ones before letting go; and when another
 * tab stores new tokens this one takes them, or signs out when that tab signed out.
 * Answers the function that stops it.
 */
export function shareSessionAcrossTabs(store: AppStore, persistor: Persistor, storage: Storage = window.localStorage): () => void {
  const disconnect = connectSessionSharing({
    read: () => tokensOfStoredState(storage.getItem(STORAGE_KEY)),
    flush: () => persistor.flush(),
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
    window.removeEventListener('storage', onStorage);
  };
}
