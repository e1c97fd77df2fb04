import { mayReceiveChange, type AnnouncedChange } from '@timberlog/contract';
import type { Listener } from '../infra/listener.js';

/** A change as the database announces it (its actor's address included): each stream shows it to its viewer (changeEventFor). */
export type ChangeEvent = AnnouncedChange;

/** The channel migration 023 announces every history entry on. */
export const EVENTS_CHANNEL = 'timberlog_events';

/** Entities only staff may read (the contract's list): their events go to staff only. */
export const mayReceive = (event: Pick<ChangeEvent, 'entity'>, isStaff: boolean): boolean => mayReceiveChange(event.entity, isStaff);

export interface EventClient {
  /** Read for every event: a stream follows its account's role as it changes. */
  readonly isStaff: boolean;
  send(event: ChangeEvent): void;
  /** The hub lost its connection: events may have been missed (the client resumes or refetches). */
  gap(): void;
}

/**
 * The history's announcements, heard on the instance's one LISTEN connection (infra/listener.ts),
 * fanned out to the instance's live clients, each getting only what it may read. PostgreSQL is the
 * bus: a change made through any instance reaches all.
 */
export class EventHub {
  private readonly clients = new Set<EventClient>();
  private heard: number | undefined;

  /** Follows the history's announcements on the instance's LISTEN connection (started by its owner). */
  constructor(listener: Listener) {
    listener.on(EVENTS_CHANNEL, {
      notified: (payload) => {
        let event: ChangeEvent;
        try {
          event = JSON.parse(payload) as ChangeEvent;
        } catch {
          return;
        }
        this.heard = event.id;
        for (const client of this.clients) if (mayReceive(event, client.isStaff)) client.send(event);
      },
      // Announcements were missed: each stream says so (its client resumes or refetches).
      lost: () => {
        for (const client of this.clients) client.gap();
      },
    });
  }

  get size(): number {
    return this.clients.size;
  }

  /**
   * The id of the last entry announced, so the last to commit (notifications come in commit
   * order), or undefined before any. As a position to resume from it is as good as any committed
   * entry, and better than the highest id: that one's snapshot may be older than a transaction
   * that took lower ids and committed after it, which a resumption would then send again.
   */
  get lastHeard(): number | undefined {
    return this.heard;
  }

  add(client: EventClient): () => void {
    this.clients.add(client);
    return () => this.clients.delete(client);
  }
}
