import { sql, type Transaction } from 'kysely';
import type { EvrFailure, EvrStatus, WaybillStatus } from '@timberlog/contract';
import type { AppContext } from '../infra/context.js';
import type { Database, DB } from '../infra/db.js';
import { EvrClient, EvrError } from './client.js';
import { loadStartSource, startRequestOf } from './request.js';

/**
 * Sending waybills to EVR (docs/decisions/0019-evr-sending.md). A status change that EVR must hear
 * of (confirm: start; deliver: unload with the mileage; cancel, or a return to draft: cancel with
 * the reason; a return to confirmed: a note) marks the waybill `sending` and queues a job in the
 * same transaction. The job brings EVR in line with the waybill as it is then, whatever happened
 * in between, so a retried or late job does no harm: it starts the waybill in EVR unless it is
 * there (found again by our reference after a lost answer), unloads it once it is delivered and
 * cancels it once it is cancelled. One job per waybill at a time (an advisory lock). A failure EVR
 * or the way to it may get over is retried by the queue; what EVR refuses, or a failure after the
 * last retry, leaves the waybill `failed` with the reason, for a person to mend and send again.
 * Every change the job makes is in the waybill's history with `via: evr`, and so in the live events.
 */

/** Whether a change from `from` to `to` is one EVR must hear of. */
export const evrStepFor = (from: WaybillStatus, to: WaybillStatus): boolean =>
  from !== to &&
  ((from === 'draft' && to === 'confirmed') ||
    to === 'delivered' ||
    to === 'cancelled' ||
    (from === 'confirmed' && to === 'draft') ||
    (from === 'delivered' && to === 'confirmed'));

/** The connection to EVR when this server has one (EVR_URL and EVR_API_KEY). */
export function evrClient(ctx: Pick<AppContext, 'config'>): EvrClient | undefined {
  const { evrUrl, evrApiKey, evrTimeoutMs } = ctx.config;
  return evrUrl && evrApiKey ? new EvrClient({ url: evrUrl, apiKey: evrApiKey, timeoutMs: evrTimeoutMs }) : undefined;
}

/**
 * In the transaction of a status change (applyWaybillChange): whether EVR must hear of it — a
 * start, or a step for a waybill EVR has or is being sent. A waybill never in EVR that goes back
 * to draft or is cancelled needs nothing.
 */
export async function evrStepWanted(trx: Transaction<Database>, number: string, from: WaybillStatus, to: WaybillStatus): Promise<boolean> {
  if (!evrStepFor(from, to)) return false;
  if (from === 'draft' && to === 'confirmed') return true;
  const row = await trx.selectFrom('waybills').select(['evrNumber', 'evrSync']).where('number', '=', number).executeTakeFirst();
  return Boolean(row && (row.evrNumber !== null || row.evrSync !== null));
}

/** What the status change writes with itself when EVR must hear of it: in one statement, one history entry. */
export const EVR_SENDING = { evrSync: 'sending', evrFailure: null, evrError: null } as const;

/** The reason a cancel in EVR gives: the one the person gave, else what happened in Timberlog. */
async function cancelReason(db: DB | Transaction<Database>, number: string): Promise<string> {
  const { rows } = await sql<{ reason: string | null }>`SELECT reason FROM history
    WHERE entity = 'waybill' AND record_key = ${number} AND reason IS NOT NULL AND reason <> '' ORDER BY id DESC LIMIT 1`.execute(db);
  return (rows[0]?.reason ?? `Cancelled in Timberlog (${number})`).slice(0, 400);
}

/** What EVR said was wrong, for staff and the log: its message and its field errors by JSON path. */
export function evrErrorDetail(err: EvrError): string {
  const fields = Object.entries(err.fieldErrors).map(([path, messages]) => `${path}: ${messages.join(' ')}`);
  return [err.message, ...fields].join('; ').slice(0, 1000);
}

interface SyncRow {
  status: WaybillStatus;
  evrNumber: string | null;
  evrStatus: EvrStatus | null;
  evrSync: string | null;
  mileage: number;
  createdAt: Date | string;
}

/**
 * The job: brings EVR in line with waybill `number`. `final` is the queue's last attempt: a failure
 * EVR might get over is then recorded, not thrown for another try.
 */
export async function runEvrSync(ctx: AppContext, number: string, opts: { final: boolean } = { final: true }): Promise<void> {
  const evr = evrClient(ctx);
  // Undefined when done (or failed for good); else the reason the queue should try again.
  const retry = await ctx.db.transaction().execute(async (trx): Promise<string | undefined> => {
    // One job per waybill at a time: two would both look for the EVR waybill, find none and start two.
    await sql`SELECT pg_advisory_xact_lock(hashtext('evr-sync'), hashtext(${number}))`.execute(trx);
    await sql`SELECT set_config('timberlog.via', 'evr', true)`.execute(trx);
    const row = (await trx
      .selectFrom('waybills')
      .select(['status', 'evrNumber', 'evrStatus', 'evrSync', 'mileage', 'createdAt'])
      .where('number', '=', number)
      .executeTakeFirst()) as SyncRow | undefined;
    if (!row || row.evrSync === null) return undefined;
    if (!evr) {
      await fail(trx, number, row.status, 'off', 'EVR_URL and EVR_API_KEY are not set');
      return undefined;
    }
    let { evrNumber, evrStatus } = row;
    try {
      const inEvr = evrNumber !== null && evrStatus !== 'cancelled';
      const wanted = row.status === 'confirmed' || row.status === 'delivered' || row.status === 'invoiced';
      if (wanted && !inEvr) {
        const source = await loadStartSource(trx, number, ctx.config.ownCompany);
        if (!source) throw new EvrError('invalid', 'The waybill lacks a place, company or assortment EVR needs');
        evrNumber = await evr.ensureStarted(startRequestOf(source, new Date()), {
          waybill: number,
          ownCode: source.transporter.code === ctx.config.ownCompany ? source.transporter.code : source.owner.code,
          since: new Date(new Date(row.createdAt).getTime() - 60_000),
        });
        evrStatus = 'shipping';
      }
      if ((row.status === 'delivered' || row.status === 'invoiced') && evrNumber && evrStatus === 'shipping') {
        await evr.unload(evrNumber, Math.max(1, row.mileage));
        evrStatus = 'unloaded';
      }
      if ((row.status === 'cancelled' || row.status === 'draft') && evrNumber && evrStatus === 'shipping') {
        await evr.cancel(evrNumber, await cancelReason(trx, number));
        evrStatus = 'cancelled';
      }
      if (row.status === 'confirmed' && evrNumber && evrStatus === 'unloaded') {
        // A delivered waybill returned to confirmed: EVR cannot take an unload back; its note says why.
        await evr.addNote(evrNumber, `Timberlog: returned to confirmed. ${await cancelReason(trx, number)}`.slice(0, 1000));
      }
      await trx
        .updateTable('waybills')
        .set({
          evrNumber,
          evrStatus,
          // Done, unless a person changed the status while EVR was asked: then the job that change
          // queued (waiting on this one's lock) goes on from what is written here.
          evrSync: sql`CASE WHEN status = ${row.status} THEN NULL ELSE evr_sync END`,
          evrFailure: null,
          evrError: null,
          evrExchangedAt: new Date(),
        })
        .where('number', '=', number)
        .execute();
      return undefined;
    } catch (err) {
      if (!(err instanceof EvrError)) throw err;
      const detail = evrErrorDetail(err);
      ctx.log.warn({ waybill: number, kind: err.kind, status: err.status, detail }, 'EVR exchange failed');
      // What was done before the failure (a start) is kept, so the next attempt goes on from there.
      if (err.retriable && !opts.final) {
        if (evrNumber !== row.evrNumber)
          await trx
            .updateTable('waybills')
            .set({ evrNumber, evrStatus, evrExchangedAt: new Date() })
            .where('number', '=', number)
            .execute();
        // Committed with what was done; the queue tries again.
        return detail;
      }
      await fail(trx, number, row.status, err.kind, detail, { evrNumber, evrStatus });
      return undefined;
    }
  });
  if (retry !== undefined) throw new Error(`EVR exchange of ${number} to be retried: ${retry}`);
}

/**
 * Records a failure for good, with what was done before it. Not when a person changed the status
 * while EVR was asked (`status` is what the job read): the job that change queued tries afresh.
 */
async function fail(
  trx: Transaction<Database>,
  number: string,
  status: WaybillStatus,
  failure: EvrFailure,
  detail: string,
  done: { evrNumber?: string | null; evrStatus?: EvrStatus | null } = {},
): Promise<void> {
  const unlessChanged = <T>(value: T, column: string) => sql<T>`CASE WHEN status = ${status} THEN ${value} ELSE ${sql.ref(column)} END`;
  await trx
    .updateTable('waybills')
    .set({
      ...done,
      evrSync: unlessChanged('failed', 'evr_sync'),
      evrFailure: unlessChanged(failure, 'evr_failure'),
      evrError: unlessChanged(detail, 'evr_error'),
      evrExchangedAt: new Date(),
    })
    .where('number', '=', number)
    .execute();
}
