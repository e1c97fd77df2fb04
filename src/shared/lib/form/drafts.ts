/**
 * A form's unsaved work kept in this browser (localStorage), so that a reload, a closed tab or a
 * crash loses nothing: written while the form has changes, offered back when the form opens
 * again, removed when it is saved or discarded. Each draft belongs to one signed-in account (its
 * key starts with the account's id) and lives at most DRAFT_MAX_AGE_MS; signing out removes them
 * all, since they may hold personal data (a driver's ID code).
 */

const PREFIX = 'timberlog:draft:';

/** How long an unsaved draft is kept (a week): older ones are dropped when read. */
export const DRAFT_MAX_AGE_MS = 7 * 24 * 3_600_000;

export interface LocalDraft<Values> {
  readonly values: Values;
  /** The record's version the values were made over (null: a new record). */
  readonly version: number | null;
  /** When it was last written (ms since the epoch). */
  readonly savedAt: number;
}

/** The storage key of `form` (e.g. `waybill:W-2026-000042`, `waybill:new`) for the account `owner` (its e-mail). */
export const draftKey = (owner: string, form: string): string => `${PREFIX}${owner}:${form}`;

export function readDraft<Values>(key: string, now = Date.now()): LocalDraft<Values> | null {
  try {
    const text = localStorage.getItem(key);
    if (!text) return null;
    const draft = JSON.parse(text) as LocalDraft<Values>;
    if (
      typeof draft?.savedAt !== 'number' ||
      draft.values === null ||
      typeof draft.values !== 'object' ||
      now - draft.savedAt > DRAFT_MAX_AGE_MS
    ) {
      localStorage.removeItem(key);
      return null;
    }
    return draft;
  } catch {
    return null;
  }
}

export function writeDraft<Values>(key: string, draft: LocalDraft<Values>): void {
  try {
    localStorage.setItem(key, JSON.stringify(draft));
  } catch {
    // Storage full or refused (private mode): the leave question still guards the work.
  }
}

export function removeDraft(key: string): void {
  try {
    localStorage.removeItem(key);
  } catch {
    // Nothing stored to remove.
  }
}

/** Removes every kept draft (signing out), or every one not of the account `keep`. */
export function clearDrafts(keep?: string): void {
  try {
    const mine = keep === undefined ? null : draftKey(keep, '');
    for (let i = localStorage.length - 1; i >= 0; i--) {
      const key = localStorage.key(i);
      if (key?.startsWith(PREFIX) && (mine === null || !key.startsWith(mine))) localStorage.removeItem(key);
    }
  } catch {
    // No storage: nothing kept.
  }
}
