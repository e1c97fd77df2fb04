import { mockHistory } from './db';

/** A `change` event of `GET /api/events/`, as the server sends it (server/src/events). */
export interface MockChangeEvent {
  readonly id: number;
  readonly entity: string;
  readonly key: string;
  readonly version: number | null;
  readonly action: string;
  readonly actor: string | null;
}

/**
 * The events after `id` a caller may receive, oldest first, as the server announces each history
 * entry: what changed and who, never the data; accounts' only to staff.
 */
export function changeEventsSince(id: number, isStaff: boolean): MockChangeEvent[] {
  return mockHistory
    .filter((item) => item.entry.id > id && (isStaff || item.entity !== 'user'))
    .map(({ entity, key, entry }) => ({
      id: entry.id,
      entity,
      key,
      version: entry.version,
      action: entry.action,
      actor: entry.actor?.name ?? null,
    }))
    .sort((a, b) => a.id - b.id);
}

/** The newest event's id (0 before any): a new stream starts after it. */
export const lastEventId = (): number => mockHistory.reduce((last, item) => Math.max(last, item.entry.id), 0);
