import type { Listener } from '../infra/listener.js';

/** The account fields a bearer token is checked against on every request. */
export interface TokenAccount {
  email: string;
  name: string;
  isStaff: boolean;
  isActive: boolean;
  sessionKey: string;
  /** Its sessions that were signed out (their tokens are refused until they expire). */
  endedSessions: string[];
}

/** The channel `008_users_notify.sql` announces changed accounts on. */
export const USERS_CHANNEL = 'timberlog_users';
const MAX_ENTRIES = 10_000;
/** A copy is read again after this long, whatever was heard. */
const MAX_AGE_MS = 60_000;

/**
 * The accounts this server checked bearer tokens against, so a request does not cost a database
 * round trip for its caller's account (a third of a list page's time).
 *
 * A copy is trusted only while the server listens on USERS_CHANNEL, where every committed change
 * or deletion of an account is announced: each announcement drops that account's copy, and while
 * the listening connection is down nothing is kept or read. A write request served here clears
 * every copy before its answer is sent (`forgetAll` in the app), so a deactivation or a password
 * change made here holds for the very next request; on another server it holds once the
 * announcement arrives, milliseconds after the commit. A read that started before any forgetting
 * does not store what it read (the generation check), so a stale row cannot come back.
 */
export class UserCache {
  private readonly entries = new Map<string, { account: TokenAccount; at: number }>();
  private generation = 0;
  private listening = false;

  get(email: string): TokenAccount | undefined {
    if (!this.listening) return undefined;
    const hit = this.entries.get(email);
    if (!hit) return undefined;
    if (Date.now() - hit.at > MAX_AGE_MS) {
      this.entries.delete(email);
      return undefined;
    }
    return hit.account;
  }

  /** Taken before reading an account; `put` stores the read only if nothing was forgotten since. */
  mark(): number {
    return this.generation;
  }

  put(account: TokenAccount, mark: number): void {
    if (!this.listening || mark !== this.generation) return;
    if (this.entries.size >= MAX_ENTRIES) this.entries.delete(this.entries.keys().next().value!);
    this.entries.set(account.email, { account, at: Date.now() });
  }

  forget(email: string): void {
    this.generation++;
    this.entries.delete(email);
  }

  forgetAll(): void {
    this.generation++;
    this.entries.clear();
  }

  private readonly watchers = new Set<(email: string | '*') => void>();

  /**
   * Calls `fn` with each account announced as changed (`'*'`: any may have), after its copy is
   * dropped; the live event streams check their accounts again with it. Returns the unsubscribe.
   */
  watch(fn: (email: string | '*') => void): () => void {
    this.watchers.add(fn);
    return () => this.watchers.delete(fn);
  }

  /** An announced change: the copy goes, and the watchers hear of it. */
  announced(email: string | '*'): void {
    if (email === '*') this.forgetAll();
    else this.forget(email);
    for (const fn of this.watchers) fn(email);
  }

  /** Whether copies may be kept and read (the announcements are being heard). */
  setListening(on: boolean): void {
    this.listening = on;
    this.forgetAll();
  }
}

/** Feeds `cache` from USERS_CHANNEL on the instance's LISTEN connection: it is off while that connection is down. */
export function followAccountChanges(listener: Listener, cache: UserCache): void {
  listener.on(USERS_CHANNEL, {
    notified: (payload) => cache.announced(payload || '*'),
    listening: () => cache.setListening(true),
    lost: () => cache.setListening(false),
    stopped: () => cache.setListening(false),
  });
}
