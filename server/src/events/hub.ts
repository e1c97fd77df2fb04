import pg from 'pg';
import type { FastifyBaseLogger } from 'fastify';
import { mayReceiveChange, type AnnouncedChange } from '@timberlog/contract';

/** A change as the database announces it (its actor's address included): each stream shows it to its viewer (changeEventFor). */
export type ChangeEvent = AnnouncedChange;

/** The channel migration 023 announces every history entry on. */
export const EVENTS_CHANNEL = 'timberlog_events';
const RECONNECT_MS = 1000;

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
 * One LISTEN per server instance, fanned out to the instance's live clients, each getting only
 * what it may read. PostgreSQL is the bus: a change made through any instance reaches all.
 */
export class EventHub {
  private readonly clients = new Set<EventClient>();
  private client: pg.Client | undefined;
  private timer: NodeJS.Timeout | undefined;
  private stopped = false;
  private heard: number | undefined;

  constructor(
    private readonly connectionString: string,
    private readonly log: FastifyBaseLogger,
  ) {}

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

  async start(): Promise<void> {
    const c = new pg.Client({ connectionString: this.connectionString });
    const lost = () => {
      if (this.client === c) this.client = undefined;
      c.removeAllListeners();
      c.on('error', () => undefined);
      void c.end().catch(() => undefined);
      for (const client of this.clients) client.gap();
      if (!this.stopped && !this.timer) {
        this.timer = setTimeout(() => {
          this.timer = undefined;
          this.start().catch((err: unknown) => {
            this.log.warn({ err }, 'change event listener could not reconnect');
            lost();
          });
        }, RECONNECT_MS);
      }
    };
    c.on('error', lost);
    c.on('end', lost);
    c.on('notification', (n) => {
      if (n.channel !== EVENTS_CHANNEL || !n.payload) return;
      let event: ChangeEvent;
      try {
        event = JSON.parse(n.payload) as ChangeEvent;
      } catch {
        return;
      }
      this.heard = event.id;
      for (const client of this.clients) if (mayReceive(event, client.isStaff)) client.send(event);
    });
    await c.connect();
    await c.query(`LISTEN ${EVENTS_CHANNEL}`);
    if (this.stopped) {
      await c.end();
      return;
    }
    this.client = c;
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    const c = this.client;
    this.client = undefined;
    if (c) {
      c.removeAllListeners();
      c.on('error', () => undefined);
      await c.end().catch(() => undefined);
    }
  }
}
