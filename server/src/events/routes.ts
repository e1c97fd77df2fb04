import type { OutgoingHttpHeaders, ServerResponse } from 'node:http';
import { sql } from 'kysely';
import { LIMITS, changeEventFor } from '@timberlog/contract';
import type { FastifyRequest } from 'fastify';
import type { App } from '../infra/context.js';
import { errors, Type } from '../http/schema.js';
import { currentUser } from '../auth/guards.js';
import { mayReceive, type ChangeEvent } from './hub.js';
import { endedSessions, sessionHolds, type TokenClaims, type TokenHolder } from '../auth/tokens.js';

/** Keep-alive comments, so proxies and the browser keep an idle stream open. */
const HEARTBEAT_MS = 15_000;
/** At most this many missed events are replayed on resumption; past it the client is told to refetch. */
const REPLAY_MAX = 500;

/**
 * The claims of the request's access token, which the access check has verified: its expiry (the
 * stream ends then, and the client reconnects with a fresh token) and the session it belongs to.
 */
function tokenClaims(request: FastifyRequest): TokenClaims {
  const token = request.headers.authorization?.split(' ')[1] ?? '';
  return JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString('utf8')) as TokenClaims;
}

/** An open stream: whose it is, the session its token belongs to, and its rights now. */
interface Stream {
  readonly res: ServerResponse;
  readonly email: string;
  readonly claims: TokenClaims;
  isStaff: boolean;
  /** Events held while the account is checked again (after an announced change), then sent by the rights found. */
  held: ChangeEvent[] | null;
  /** Sends an event the stream may receive (or queues it while missed ones are read). */
  deliver(event: ChangeEvent): void;
}

const lastEventId = (request: FastifyRequest): number | undefined => {
  const raw = request.headers['last-event-id'] ?? (request.query as { lastEventId?: string }).lastEventId;
  const value = Number(Array.isArray(raw) ? raw[0] : raw);
  return Number.isSafeInteger(value) && value >= 0 ? value : undefined;
};

const EventsQuery = Type.Object({
  lastEventId: Type.Optional(
    Type.Integer({ minimum: 0, description: 'The last event id received, for clients that cannot send the Last-Event-ID header.' }),
  ),
});

export async function eventRoutes(app: App) {
  const { db, events, accounts } = app.ctx;

  /**
   * What a client at position `since` (the last entry it received, or where its stream started)
   * may have missed, in id order, or 'gap' past REPLAY_MAX. Ids are taken when a statement runs,
   * not when its transaction commits, so besides the entries past `since` it is those below it
   * whose transaction the snapshot of `since`'s statement had not seen commit (each entry keeps its
   * transaction and that snapshot): they may have committed after the client got `since`. One that
   * committed before it goes out again, which costs the client a refetch; a miss would leave a
   * stale screen.
   * No read grows with the history: both stop at REPLAY_MAX + 1 rows, and the second reads by
   * transaction, through its index, only the snapshot's open ones and those begun after it, whose
   * entries are late ones or past `since` (of which there are at most REPLAY_MAX, or it is not run).
   */
  const replay = async (since: number, email: string): Promise<ChangeEvent[] | 'gap'> => {
    // Nothing from before the account existed: a new account has missed nothing.
    const after = (
      await sql<ChangeEvent>`
        SELECT id::int AS id, entity, record_key AS key, version, action, actor_name AS actor, actor AS "actorEmail"
        FROM history
        WHERE id > ${since} AND at >= (SELECT created_at FROM users WHERE email = ${email})
        ORDER BY id LIMIT ${REPLAY_MAX + 1}`.execute(db)
    ).rows;
    if (after.length > REPLAY_MAX) return 'gap';
    // The position's own transaction went out whole before it (its entries are announced together,
    // and it may have begun after its snapshot). A late entry can be from before the account only
    // when the position is (one a client made up, not one it was given): then it must not be.
    const late = (
      await sql<ChangeEvent>`
        WITH position AS (
          SELECT xact, snapshot, at >= (SELECT created_at FROM users WHERE email = ${email}) AS since_account
          FROM history WHERE id <= ${since} ORDER BY id DESC LIMIT 1
        ), late AS (
          (SELECT * FROM history
            WHERE xact = ANY (ARRAY(SELECT pg_snapshot_xip(snapshot) FROM position)) AND id <= ${since}
              AND xact <> (SELECT xact FROM position)
              AND ((SELECT since_account FROM position) OR at >= (SELECT created_at FROM users WHERE email = ${email}))
            LIMIT ${REPLAY_MAX + 1})
          UNION ALL
          (SELECT * FROM history
            WHERE xact >= (SELECT pg_snapshot_xmax(snapshot) FROM position) AND id <= ${since}
              AND xact <> (SELECT xact FROM position)
              AND ((SELECT since_account FROM position) OR at >= (SELECT created_at FROM users WHERE email = ${email}))
            ORDER BY xact, id LIMIT ${REPLAY_MAX + 1})
        )
        SELECT id::int AS id, entity, record_key AS key, version, action, actor_name AS actor, actor AS "actorEmail"
        FROM late LIMIT ${REPLAY_MAX + 1}`.execute(db)
    ).rows;
    if (after.length + late.length > REPLAY_MAX) return 'gap';
    return [...late.sort((a, b) => a.id - b.id), ...after];
  };
  /**
   * Where a stream starts: the last entry announced before its live events begin (see
   * EventHub.lastHeard; `heard`, read before the stream joins the hub), else the newest entry (0
   * before any). Any entry committed before then is a correct start, whatever ids transactions
   * still open hold below it (see replay); the last to commit makes the fewest duplicates.
   */
  const startingPoint = async (heard: number | undefined) =>
    heard ?? (await sql<{ id: number }>`SELECT coalesce(max(id), 0)::int AS id FROM history`.execute(db)).rows[0]?.id ?? 0;
  const open = new Set<ServerResponse>();
  /** Each account's open streams on this instance, oldest first (LIMITS.eventStreamsPerAccount). */
  const byAccount = new Map<string, Stream[]>();

  /**
   * A stream keeps the rights of its account as they are, not as they were when it opened: when a
   * change of the account is announced (sign-out of the session, a password change, deactivation,
   * deletion, a role change), each of its streams is checked again; one whose session no longer
   * holds ends at once, and the others follow the role.
   */
  const recheck = async (email: string) => {
    const streams = byAccount.get(email);
    if (!streams || streams.length === 0) return;
    // What arrives meanwhile waits for the answer (the change that made staff of the account is
    // among the first things its stream may then see).
    for (const stream of streams) stream.held ??= [];
    let account: (TokenHolder & { isStaff: boolean }) | undefined;
    try {
      account = await db
        .selectFrom('users')
        .select(['isActive', 'isStaff', 'sessionKey', endedSessions])
        .where('email', '=', email)
        .executeTakeFirst();
    } finally {
      for (const stream of streams) {
        const held = stream.held ?? [];
        stream.held = null;
        if (account === undefined || !sessionHolds(account, stream.claims)) {
          stream.res.end();
          continue;
        }
        stream.isStaff = account.isStaff;
        for (const event of held) if (mayReceive(event, stream.isStaff)) stream.deliver(event);
      }
    }
  };
  const unwatch = accounts.watch((email) => {
    const emails = email === '*' ? [...byAccount.keys()] : [email];
    for (const one of emails) recheck(one).catch((err: unknown) => app.log.warn({ err }, 'event stream recheck failed'));
  });
  // Streams never end by themselves: the server ends them when it stops.
  app.addHook('preClose', async () => {
    unwatch();
    for (const res of open) res.end();
  });

  app.get(
    '/events/',
    {
      schema: {
        operationId: 'changeEvents',
        summary: 'Live changes (Server-Sent Events)',
        description: `Any signed-in user: a \`text/event-stream\` of what changes, from any server instance. Each \`change\` event has an \`id\` and \`data\` \`{ id, entity, key, version, action, actor }\` (the entity, its key and new version, created/updated/deleted, and who changed it); never a record's data, and only of records the user may read (accounts' for staff only). A new stream (without \`Last-Event-ID\`) starts with a \`ready\` event whose \`id\` is where it starts. Send \`Last-Event-ID\` (the last event's \`id\`, or the \`ready\` one) on reconnecting to get what was missed (up to ${REPLAY_MAX}), whatever order the changes committed in: also changes with a lower \`id\` whose transaction was still open then. A change may so arrive twice, never not at all; ids are in the order changes were made, not committed, so a lower one may come after a higher one. A \`gap\` event means some may be lost: refetch what is shown; its \`id\`, when it has one, is where to resume from after that. A replay never reaches before the account existed. Comments every ${HEARTBEAT_MS / 1000} s keep the stream open; it ends when the access token expires, at once when its session ends (sign-out, a password change, deactivation, deletion), and when the account opens more than ${LIMITS.eventStreamsPerAccount} streams on one server, its oldest ends. It follows a change of the account's role (account events for staff only).`,
        tags: ['events'],
        querystring: EventsQuery,
        response: { 200: Type.String({ description: 'A text/event-stream.' }), ...errors(401) },
      },
    },
    async (request, reply) => {
      const user = currentUser(request);
      const claims = tokenClaims(request);
      const since = lastEventId(request);
      reply.hijack();
      const res = reply.raw;
      res.writeHead(200, {
        ...(reply.getHeaders() as OutgoingHttpHeaders),
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-store',
        connection: 'keep-alive',
        'x-accel-buffering': 'no',
      });
      open.add(res);
      const stream: Stream = {
        res,
        email: user.email,
        claims,
        isStaff: user.isStaff,
        held: null,
        deliver: (event) => (replaying ? queued.push(event) : send(event)),
      };
      const own = byAccount.get(user.email) ?? [];
      own.push(stream);
      byAccount.set(user.email, own);
      // Over the account's limit its oldest stream ends (a tab still shown reconnects and resumes).
      while (own.length > LIMITS.eventStreamsPerAccount) own.shift()?.res.end();
      const write = (chunk: string) => {
        if (!res.writableEnded) res.write(chunk);
      };
      // Who made a change is told by name; the address only to staff and to that person.
      const send = (event: ChangeEvent) =>
        write(
          `id: ${event.id}\nevent: change\ndata: ${JSON.stringify(changeEventFor(event, { email: user.email, isStaff: stream.isStaff }))}\n\n`,
        );
      write('retry: 3000\n\n');

      // Live events that arrive while the missed ones (or where the stream starts) are read wait, and
      // go out once, in order after them.
      let replaying = true;
      const queued: ChangeEvent[] = [];
      const replayed = new Set<number>();
      const heard = events.lastHeard;
      const remove = events.add({
        // While the account is checked again every event is taken, and sorted once it is known.
        get isStaff() {
          return stream.held !== null || stream.isStaff;
        },
        send: (event) => (stream.held ? stream.held.push(event) : stream.deliver(event)),
        gap: () => write('event: gap\ndata: {}\n\n'),
      });
      const heartbeat = setInterval(() => write(': ping\n\n'), HEARTBEAT_MS);
      const expires = setTimeout(() => res.end(), Math.max(1000, claims.exp * 1000 - Date.now()));
      res.on('close', () => {
        clearInterval(heartbeat);
        clearTimeout(expires);
        remove();
        open.delete(res);
        const left = (byAccount.get(user.email) ?? []).filter((other) => other !== stream);
        if (left.length > 0) byAccount.set(user.email, left);
        else byAccount.delete(user.email);
      });

      const start = await startingPoint(heard);
      if (since === undefined) {
        // Where a new stream starts: a client that reconnects later resumes from here instead of
        // fetching again everything it shows (the stream ends with every access token). An entry
        // below it whose transaction is still open is not lost: it goes out live when it commits,
        // and a resumption from here replays it (see replay).
        write(`id: ${start}\nevent: ready\ndata: {}\n\n`);
        replaying = false;
        // All of them, below the start too: one that committed after the start was read may hold a
        // lower id. One that committed just before goes out twice, which costs a refetch, not a miss.
        for (const event of queued) if (mayReceive(event, stream.isStaff)) send(event);
        queued.length = 0;
      } else {
        const missed = await replay(since, user.email);
        // The gap's id is where the refetch it asks for leaves the client, as a ready event's is: the
        // next resumption starts there instead of meeting the same gap again.
        if (missed === 'gap') write(`id: ${start}\nevent: gap\ndata: {}\n\n`);
        else {
          for (const event of missed) {
            replayed.add(event.id);
            if (mayReceive(event, stream.isStaff)) send(event);
          }
        }
        replaying = false;
        for (const event of queued) if (!replayed.has(event.id) && mayReceive(event, stream.isStaff)) send(event);
        queued.length = 0;
      }
    },
  );
}
