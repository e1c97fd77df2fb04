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
