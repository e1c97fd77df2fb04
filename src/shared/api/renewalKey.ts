/**
 * The `Idempotency-Key` of a session renewal. A renewal spends the refresh token on the server;
 * when its answer is lost (the page reloads or closes between the server's answer and the new
 * tokens being stored) the page still holds the spent token, and presenting it again would end
 * every session of the user. So the key is kept in localStorage beside the token it renews before
 * the request leaves, and cleared once the answer is stored: the reloaded page presents the same
 * token with the same key, which the server answers as the same renewal (within its short retry
 * window) instead of as reuse. The key is a secret of this browser; a copied token alone is still
 * reuse.
 */
const STORAGE_KEY = 'timberlog:renewal';

/** The end of a JWT (its signature), which tells one refresh token from another. */
const tagOf = (refreshToken: string): string => refreshToken.slice(-24);

const randomKey = (): string => {
  const bytes = new Uint8Array(16);
  // getRandomValues works outside secure contexts too, unlike randomUUID.
  globalThis.crypto.getRandomValues(bytes);
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
};

const storage = (): Storage | null => {
  try {
    return globalThis.localStorage ?? null;
  } catch {
    return null;
  }
};

/** The key of the renewal with this refresh token: the one kept for it, else a new one, kept now. */
export function renewalKeyFor(refreshToken: string): string {
  const store = storage();
  const tag = tagOf(refreshToken);
  try {
    const kept = JSON.parse(store?.getItem(STORAGE_KEY) ?? 'null') as { token?: unknown; key?: unknown } | null;
    if (kept && kept.token === tag && typeof kept.key === 'string') return kept.key;
  } catch {
    // A damaged entry is replaced below.
  }
  const key = randomKey();
  try {
    store?.setItem(STORAGE_KEY, JSON.stringify({ token: tag, key }));
  } catch {
    // Storage full or refused: the renewal goes ahead without a retry.
  }
  return key;
}

/** Forgets the kept key: the renewal's answer is stored, or the session is over. */
export function renewalSettled(): void {
  try {
    storage()?.removeItem(STORAGE_KEY);
  } catch {
    // Nothing kept.
  }
}
