import { sql } from 'kysely';
import { EVR_STATUSES, type EvrStatus } from '@timberlog/contract';
import type { AppContext } from '../infra/context.js';
import { LOCKS } from '../infra/db.js';
import type { EvrWaybill } from './client.js';
import { evrClient } from './sending.js';
import { evrUnitCode } from './request.js';

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
  readonly mark: Date;
}

/** The latest measurement act as the waybill keeps it: who measured what, when, and the total. */
export interface EvrMeasurement {
  readonly actNumber: string | null;
  readonly actDate: string | null;
  readonly measurerCode: string | null;
  readonly creationTime: string | null;
  readonly total: { readonly amount: number; readonly unit: string } | null;
  readonly items: readonly {
    readonly assortment: string | null;
    readonly name: string | null;
    readonly amount: number;
    readonly unitCode: string | null;
  }[];
}

const str = (value: unknown): string | null => (typeof value === 'string' && value !== '' ? value : null);

export function measurementOf(act: unknown): EvrMeasurement | null {
  if (!act || typeof act !== 'object') return null;
  const a = act as Record<string, unknown>;
  const total = a.total as { amount?: unknown; unit?: unknown } | null | undefined;
  const items = Array.isArray(a.measurements) ? (a.measurements as Record<string, unknown>[]) : [];
  return {
    actNumber: str(a.actNumber),
    actDate: str(a.actDate),
    measurerCode: str(a.measurerCode),
    creationTime: str(a.creationTime),
    total: total && typeof total.amount === 'number' && typeof total.unit === 'string' ? { amount: total.amount, unit: total.unit } : null,
    items: items.map((item) => {
      const assortment = (item.assortment ?? {}) as Record<string, unknown>;
      return {
        assortment: str(assortment.code),
        name: str(assortment.name),
        amount: typeof item.amount === 'number' ? item.amount : 0,
        unitCode: str(item.unitCode),
      };
    }),
  };
}

/** A measurement's total in the waybill's own unit (m³ or t), when EVR measured in it; else null. */
export function measuredQuantity(measurement: EvrMeasurement | null, unit: string): string | null {
  if (!measurement) return null;
  const wanted = evrUnitCode(unit);
  if (measurement.total && measurement.total.unit === wanted) return measurement.total.amount.toFixed(3);
  // No total in our unit: the items that are, summed (a receiver may give items only).
  const items = measurement.items.filter((item) => item.unitCode === wanted);
  return items.length > 0 && items.length === measurement.items.length
    ? items.reduce((sum, item) => sum + item.amount, 0).toFixed(3)
    : null;
}

/** Applies what EVR says of these waybills to ours (those we have by EVR number); answers how many changed. */
async function apply(ctx: AppContext, read: readonly EvrWaybill[]): Promise<number> {
  if (read.length === 0) return 0;
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
    const rows = read
      .filter((w) => unitOf.has(w.number) && (EVR_STATUSES as readonly string[]).includes(w.status))
      .map((w) => {
        const measurement = measurementOf(w.waybillLatestMeasurements);
        return {
          number: w.number,
          status: w.status as EvrStatus,
          measurement,
          quantity: measuredQuantity(measurement, unitOf.get(w.number)!),
        };
      });
    if (rows.length === 0) return 0;
    // One statement: only the waybills whose status or act changed are written (and so in the history).
    const result = await sql`
      UPDATE waybills b SET evr_status = v.status, evr_measurement = v.measurement, evr_measured_quantity = v.quantity,
        evr_exchanged_at = now()
      FROM jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) AS v(number text, status text, measurement jsonb, quantity numeric)
      WHERE b.evr_number = v.number
        AND (b.evr_status IS DISTINCT FROM v.status OR b.evr_measurement IS DISTINCT FROM v.measurement)`.execute(trx);
    return Number(result.numAffectedRows ?? 0);
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
      for (let i = 0; i < read.length; i += CHUNK) applied += await apply(ctx, read.slice(i, i + CHUNK));
      const mark = new Date(Math.max(after.getTime(), now.getTime() - OVERLAP_MS));
      await sql`INSERT INTO evr_poll (id, mark, polled_at) VALUES (1, ${mark}, now())
        ON CONFLICT (id) DO UPDATE SET mark = excluded.mark, polled_at = excluded.polled_at`.execute(ctx.db);
      return { read: read.length, applied, mark };
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
        if (result && result.applied > 0) ctx.log.info({ read: result.read, applied: result.applied }, 'EVR changes received');
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
