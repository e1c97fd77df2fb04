import type { SessionTokens } from './sessionActions';

/**
 * How this tab shares its session with the app's other tabs. Refresh tokens are single-use: a tab
 * that refreshed with a token another tab had already spent would end every session of the user.
 * The app connects its stored state here (app/store); stories and tests run without one.
 */
export interface SessionSharing {
  /**
   * The tokens that replaced `replaced` (an access token), by whichever tab refreshed it (and
   * whatever replaced those in turn); else the tokens as stored now; null when none are stored.
   */
  readonly read: (replaced: string) => Promise<SessionTokens | null>;
  /**
   * Resolves once this tab's new tokens are stored, with the access token they replaced, where
   * the next tab to refresh reads them (read in the same lock, so it must not read an older copy).
   */
  readonly flush: (replaced: string, tokens: SessionTokens) => Promise<void>;
}

let sharing: SessionSharing | null = null;

/** Connects the app's stored session; answers the function that disconnects it. */
export function connectSessionSharing(next: SessionSharing): () => void {
  sharing = next;
  return () => {
    if (sharing === next) sharing = null;
  };
}

/** The tokens that replaced this access token, or the stored ones, when the app shares its session; else null. */
export const readSharedSession = async (replaced: string): Promise<SessionTokens | null> => (sharing ? sharing.read(replaced) : null);

/** Stores this tab's new tokens, and what they replaced, when the app shares its session. */
export const flushSharedSession = async (replaced: string, tokens: SessionTokens): Promise<void> => {
  await sharing?.flush(replaced, tokens);
};

/** The name of the Web Lock held while a tab refreshes the session. */
export const SESSION_REFRESH_LOCK = 'timberlog:session-refresh';

/**
 * Runs `task` while holding the session refresh lock of every tab of this origin (Web Locks API),
 * so tabs refresh one after another and each reads what the previous one stored. Where the API is
 * missing (jsdom, very old browsers) the task runs on its own.
 */
export function acrossTabs<T>(task: () => Promise<T>): Promise<T> {
  const locks = typeof navigator === 'undefined' ? undefined : (navigator as Partial<Navigator>).locks;
  return locks ? locks.request(SESSION_REFRESH_LOCK, task) : task();
}

/**
 * Resolves once no tab is refreshing the session. The page waits for it before it reloads itself
 * (a language change, an ended session): a reload in the middle of a refresh would lose the new
 * tokens the server has just rotated to, and the next refresh, with the spent token, would end
 * every session of the user.
 */
export const whenSessionSettled = (): Promise<void> => acrossTabs(() => Promise.resolve());

/**
 * The `Idempotency-Key` of a session renewal. A renewal spends the refresh token on the server;
 * when its answer is lost (the page reloads or closes between the server's answer and the new
 * tokens being stored) the page still holds the spent token, and presenting it again would end
 * every session of the user. So the key is kept in localStorage beside the token it renews before
 * the request leaves, and cleared once the answer is stored: the reloaded page presents the same
 * token with the same key, which the server answers as the same renewal (within its short retry
 * window) instead of as reuse. The key is a secret of this browser; a copied token alone is still
 * reuse. Kept as `<the token's last 24 characters> <key>`.
 */
const RENEWAL_KEY = 'timberlog:renewal';

/** The key of the renewal with this refresh token: the one kept for it, else a new one, kept now. */
export function renewalKeyFor(refreshToken: string): string {
  const tag = refreshToken.slice(-24);
  // getRandomValues works outside secure contexts too, unlike randomUUID: 128 random bits.
  const key = crypto.getRandomValues(new Uint32Array(4)).join('-');
  try {
    const [keptTag, kept] = (localStorage.getItem(RENEWAL_KEY) ?? '').split(' ');
    if (keptTag === tag && kept) return kept;
    localStorage.setItem(RENEWAL_KEY, `${tag} ${key}`);
  } catch {
    // Storage refused: the renewal goes ahead, without a retry if its answer is lost.
  }
  return key;
}

/** Forgets the kept key: the renewal's answer is stored, or the session is over. */
export const renewalSettled = (): void => {
  try {
    localStorage.removeItem(RENEWAL_KEY);
  } catch {
    // Nothing kept.
  }
};
