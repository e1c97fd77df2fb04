import pg from 'pg';
import type { FastifyBaseLogger } from 'fastify';

const RECONNECT_MS = 1000;

/** What a channel's listener is told: each announcement, and when announcements may have been missed. */
export interface ChannelHandler {
  /** One announcement (NOTIFY), in commit order. */
  notified(payload: string): void;
  /** Listening (again): from now on nothing is missed. */
  listening?(): void;
  /** The connection was lost: announcements are missed until `listening` is called again. */
  lost?(): void;
  /** The instance stops listening for good (it is shutting down). */
  stopped?(): void;
}

/**
 * The server instance's one LISTEN connection to PostgreSQL, for every channel the instance
 * follows (accounts' changes for the account cache, history entries for the live events), with
 * one reconnect loop: a connection a proxy, a restart or a failover drops is made again after a
 * second, and each channel's handler is told it may have missed announcements meanwhile.
 */
export class Listener {
  private readonly handlers = new Map<string, ChannelHandler[]>();
  private client: pg.Client | undefined;
  private timer: NodeJS.Timeout | undefined;
  private stopped = false;

  constructor(
    private readonly connectionString: string,
    private readonly log: FastifyBaseLogger,
  ) {}

  /** Follows `channel` (a fixed identifier, never user input); before start. */
  on(channel: string, handler: ChannelHandler): void {
    if (!/^[a-z_]+$/.test(channel)) throw new Error(`not a channel name: ${channel}`);
    this.handlers.set(channel, [...(this.handlers.get(channel) ?? []), handler]);
  }

  private each(call: (handler: ChannelHandler) => void): void {
    for (const list of this.handlers.values()) for (const handler of list) call(handler);
  }

  async start(): Promise<void> {
    const c = new pg.Client({ connectionString: this.connectionString });
    const lost = () => {
      if (this.client === c) this.client = undefined;
      c.removeAllListeners();
      c.on('error', () => undefined);
      void c.end().catch(() => undefined);
      this.each((handler) => handler.lost?.());
      if (!this.stopped && !this.timer) {
        this.timer = setTimeout(() => {
          this.timer = undefined;
          this.start().catch((err: unknown) => {
            this.log.warn({ err }, 'the LISTEN connection could not reconnect');
            lost();
          });
        }, RECONNECT_MS);
      }
    };
    c.on('error', lost);
    c.on('end', lost);
    c.on('notification', (n) => {
      for (const handler of this.handlers.get(n.channel) ?? []) handler.notified(n.payload ?? '');
    });
    await c.connect();
    for (const channel of this.handlers.keys()) await c.query(`LISTEN ${channel}`);
    if (this.stopped) {
      await c.end();
      return;
    }
    this.client = c;
    this.each((handler) => handler.listening?.());
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    const c = this.client;
    this.client = undefined;
    this.each((handler) => handler.stopped?.());
    if (c) {
      c.removeAllListeners();
      c.on('error', () => undefined);
      await c.end().catch(() => undefined);
    }
  }
}
