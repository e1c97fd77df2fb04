import { useCallback, useSyncExternalStore } from 'react';

/**
 * What the event stream has heard and the screens have not shown yet: the records changed per kind
 * (for a list's "3 waybills changed or added · Show"), and who last changed each record (for an
 * edit form's "Changed by Mari Mets just now"). Kept outside the store: nothing else needs it, and
 * the stream loads only for a signed-in user.
 */

/** A record kind as the server's events name it: waybill, worklog, invoice, user, company, … */
export type LiveEntity = string;

interface Heard {
  /** When the event arrived (`Date.now()`), to compare with when a list was fetched. */
  readonly at: number;
  readonly version: number | null;
  readonly actor: string | null;
}

const heard = new Map<string, Heard>();
const listeners = new Set<() => void>();
let revision = 0;

const keyOf = (entity: LiveEntity, key: string) => `${entity}\u0000${key}`;

const emit = () => {
  revision += 1;
  for (const listener of listeners) listener();
};

/** Notes a change the stream announced. */
export function noteChange(entity: LiveEntity, key: string, version: number | null, actor: string | null, at = Date.now()): void {
  heard.set(keyOf(entity, key), { at, version, actor });
  emit();
}

/** Forgets everything heard (signing out). */
export function forgetChanges(): void {
  heard.clear();
  emit();
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
};
const getRevision = () => revision;

/** How many records of `entity` changed after `since` (ms): what a list fetched then does not show yet. */
export function changedSince(entity: LiveEntity, since: number): number {
  let count = 0;
  const prefix = `${entity}\u0000`;
  for (const [key, change] of heard) if (key.startsWith(prefix) && change.at > since) count += 1;
  return count;
}

/** Who changed the record last, as the stream said (null: not heard, or the system). */
export function lastChangedBy(entity: LiveEntity, key: string): string | null {
  return heard.get(keyOf(entity, key))?.actor ?? null;
}

/** Re-renders when the stream hears of a change; gives `changedSince` for a list fetched at `since`. */
export function useChangedSince(entity: LiveEntity, since: number | undefined): number {
  const read = useCallback(() => (since === undefined ? 0 : changedSince(entity, since)), [entity, since]);
  useSyncExternalStore(subscribe, getRevision, getRevision);
  return read();
}

/** Who last changed a record, re-rendering when the stream hears of another change. */
export function useLastChangedBy(entity: LiveEntity, key: string | undefined): string | null {
  useSyncExternalStore(subscribe, getRevision, getRevision);
  return key === undefined ? null : lastChangedBy(entity, key);
}
