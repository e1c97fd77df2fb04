import { sql } from 'kysely';
import { EVR_STATUSES, type EvrStatus } from '@timberlog/contract';
import type { AppContext } from '../infra/context.js';
import { LOCKS } from '../infra/db.js';
import type { EvrWaybill } from './client.js';
import { evrClient } from './sending.js';
import { measuredQuantity, measurementOf, notesOf } from '@timberlog/contract';
import { keepIncoming } from './incoming.js';

/**
 * Receiving from EVR (docs/decisions/0019-evr-sending.md): what the others did to our waybills in
 * the register — the receiver's unload, finish and cancel, the latest measurement act — read from
 * EVR's list by last modification, window by window (at most a month each, every page), from the
 * poll's mark on. One poller at a time across every server on the database (an advisory try-lock:
 * a server that finds it taken skips its turn). Applying a change twice is a no-op, so the mark is
 * kept a little behind the time asked up to (EVR's clock and ours may differ), and a waybill that
 * comes twice is applied once, as it was last. Each change is the waybill's history via EVR.
 */

/** How far back the first poll reads. */
const FIRST_LOOK_BACK_MS = 7 * 86_400_000;
/** How far behind the time asked up to the next poll starts again. */
const OVERLAP_MS = 60_000;
/** Waybills applied per statement. */
const CHUNK = 500;

export interface PollResult {
  /** EVR waybills read (one that came twice counts once). */
  readonly read: number;
  /** Our waybills changed by what was read. */
  readonly applied: number;
  /** Incoming waybills (addressed to us, made by others) added or changed. */
  readonly incoming: number;
  readonly mark: Date;
}

/** Applies what EVR says of these waybills to ours (those we have by EVR number); answers how many changed. */
async function apply(ctx: AppContext, read: readonly EvrWaybill[]): Promise<{ applied: number; incoming: number }> {
  if (read.length === 0) return { applied: 0, incoming: 0 };
  return ctx.db.transaction().execute(async (trx) => {
    await sql`SELECT set_config('timberlog.via', 'evr', true)`.execute(trx);
    const ours = await trx
      .selectFrom('waybills as b')
      .innerJoin('assortments as a', 'a.code', 'b.assortment')
      .select(['b.evrNumber', 'a.unit'])
      .where(
        'b.evrNumber',
        'in',
        read.map((w) => w.number),
      )
      .execute();
    const unitOf = new Map(ours.map((row) => [row.evrNumber!, row.unit]));
    // Addressed to us and not made by us: an incoming waybill.
    const own = ctx.config.ownCompany;
    const incoming = own
      ? await keepIncoming(
          trx,
          read.filter((w) => !unitOf.has(w.number) && w.receiver?.code === own),
        )
      : 0;
    const rows = read
      .filter((w) => unitOf.has(w.number) && (EVR_STATUSES as readonly string[]).includes(w.status))
      .map((w) => {
        const measurement = measurementOf(w.waybillLatestMeasurements);
        return {
          number: w.number,
          status: w.status as EvrStatus,
          measurement,
          quantity: measuredQuantity(measurement, unitOf.get(w.number)!),
          notes: notesOf(w),
        };
      });
    if (rows.length === 0) return { applied: 0, incoming };
    // One statement: only the waybills whose status or act changed are written (and so in the history).
    const result = await sql`
      UPDATE waybills b SET evr_status = v.status, evr_measurement = v.measurement, evr_measured_quantity = v.quantity,
        evr_notes = v.notes, evr_exchanged_at = now()
      FROM jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) AS v(number text, status text, measurement jsonb, quantity numeric, notes jsonb)
      WHERE b.evr_number = v.number
        AND (b.evr_status IS DISTINCT FROM v.status OR b.evr_measurement IS DISTINCT FROM v.measurement OR b.evr_notes IS DISTINCT FROM v.notes)`.execute(
      trx,
    );
    return { applied: Number(result.numAffectedRows ?? 0), incoming };
  });
}

/**
 * One poll: reads EVR's changes since the mark, applies them, moves the mark. Answers undefined
 * when there is no connection to EVR or another server is polling.
 */
export async function pollEvr(ctx: AppContext, now: Date = new Date()): Promise<PollResult | undefined> {
  const evr = evrClient(ctx);
  if (!evr) return undefined;
  const client = await ctx.pool.connect();
  try {
    const { rows } = await client.query<{ got: boolean }>('SELECT pg_try_advisory_lock($1) AS got', [LOCKS.evrPoll]);
    if (!rows[0]?.got) return undefined;
    try {
      const kept = await ctx.db.selectFrom('evrPoll').select('mark').executeTakeFirst();
      const after = kept ? new Date(kept.mark) : new Date(now.getTime() - FIRST_LOOK_BACK_MS);
      // A waybill changed at a window's edge comes twice: the last read is what it is now.
      const latest = new Map<string, EvrWaybill>();
      for await (const w of evr.changedBetween(after, now)) latest.set(w.number, w);
      const read = [...latest.values()];
      let applied = 0;
      let incoming = 0;
      for (let i = 0; i < read.length; i += CHUNK) {
        const done = await apply(ctx, read.slice(i, i + CHUNK));
        applied += done.applied;
        incoming += done.incoming;
      }
      const mark = new Date(Math.max(after.getTime(), now.getTime() - OVERLAP_MS));
      await sql`INSERT INTO evr_poll (id, mark, polled_at) VALUES (1, ${mark}, now())
        ON CONFLICT (id) DO UPDATE SET mark = excluded.mark, polled_at = excluded.polled_at`.execute(ctx.db);
      return { read: read.length, applied, incoming, mark };
    } finally {
      await client.query('SELECT pg_advisory_unlock($1)', [LOCKS.evrPoll]).catch(() => undefined);
    }
  } finally {
    client.release();
  }
}

/** Polls EVR every `seconds` on this server (each turn skipped while another server polls). */
export function startEvrPolling(ctx: AppContext, seconds: number): () => void {
  let running = false;
  const turn = () => {
    if (running) return;
    running = true;
    pollEvr(ctx)
      .then((result) => {
        if (result && result.applied + result.incoming > 0) {
          ctx.log.info({ read: result.read, applied: result.applied, incoming: result.incoming }, 'EVR changes received');
        }
      })
      .catch((err: unknown) => ctx.log.warn({ err: err instanceof Error ? err.message : String(err) }, 'EVR poll failed'))
      .finally(() => {
        running = false;
      });
  };
  const timer = setInterval(turn, seconds * 1000);
  timer.unref();
  turn();
  return () => clearInterval(timer);
}
