import { changeEventFor, mayReceiveChange, type ChangeEvent, type Viewer } from '@timberlog/contract';

import { mockHistory } from './db';

/**
 * The events after `id` a caller may receive, oldest first, as the server announces each history
 * entry: what changed and who, never the data; accounts' only to staff.
 */
export function changeEventsSince(id: number, viewer: Viewer): ChangeEvent[] {
  return mockHistory
    .filter((item) => item.entry.id > id && mayReceiveChange(item.entity, viewer.isStaff))
    .map(({ entity, key, entry }) =>
      // Who made it by name; the address only to staff and to that person, as the server tells it.
      changeEventFor(
        {
          id: entry.id,
          entity,
          key,
          version: entry.version,
          action: entry.action,
          actor: entry.actor?.name || null,
          actorEmail: entry.actor?.email,
        },
        viewer,
      ),
    )
    .sort((a, b) => a.id - b.id);
}

/** The newest event's id (0 before any): a new stream starts after it. */
export const lastEventId = (): number => mockHistory.reduce((last, item) => Math.max(last, item.entry.id), 0);
