import { sql, type Transaction } from 'kysely';
import {
  BULK,
  BULK_ACTION_STATUS,
  BULK_ACTIONS,
  BULK_OUTCOMES,
  EXPORT_FORMATS,
  LIMITS,
  WAYBILL_STATUSES,
  checkListQuery,
  isWaybillCorrection,
  type BulkAction,
  type BulkOutcome,
  type Locale,
  type WaybillStatus,
} from '@timberlog/contract';
import type { App, AppContext } from '../infra/context.js';
import type { Database } from '../infra/db.js';
import { ApiError, fieldError, notFound } from '../http/errors.js';
import { listConds, orderBy, whereClause } from '../list/index.js';
import { errors, Nullable, ref, StrEnum, Type, type Static } from '../http/schema.js';
import { transaction } from '../infra/transaction.js';
import { checkExpectedOf, lockRecord, VersionConflict } from '../records/versions.js';
import { currentUser } from '../auth/guards.js';
import { createExportRequest } from '../exports/service.js';
import { BatchJob, createBatchJob, type BatchAsker } from '../batch/service.js';
import { applyWaybillChange, applyWaybillDelete } from './changes.js';
import { waybillSpec } from './queries.js';

/**
 * Bulk actions on waybills: confirm, mark delivered, cancel, delete or export many at once, and
 * undo what one of them changed. Each row goes through the very rules of its single-record call
 * (changes.ts) in a transaction of its own, so a refused row never blocks the others; every change
 * is recorded in the waybill's history with the source "bulk". A dry run applies the same rules to
 * each row and writes nothing.
 */

export const BulkRequest = Type.Object(
  {
    action: StrEnum(BULK_ACTIONS),
    rows: Type.Optional(
      Type.Array(
        Type.Object(
          {
            number: Type.String({ minLength: 1, maxLength: LIMITS.documentNumberMaxLength }),
            version: Type.Integer({
              minimum: 1,
              description: 'The version of the waybill the caller read (its `version`, as its ETag names it).',
            }),
            status: Type.Optional(
              StrEnum(WAYBILL_STATUSES, {
                description:
                  "For `undo` only, and required there: the status the waybill goes back to (the `from` of its row in the answer undone, sent with that row's `version`).",
              }),
            ),
          },
          { additionalProperties: false },
        ),
        {
          minItems: 1,
          maxItems: BULK.maxRows,
          description:
            "The waybills picked, each with the version the caller read (a list row's or a detail's `version`; a number given twice counts once, with its first version). A waybill changed since is left alone and answered `stale`, as a single write with that version in If-Match would be answered 412. Give these or `filters`.",
        },
      ),
    ),
    numbers: Type.Optional(
      Type.Array(Type.String({ maxLength: LIMITS.documentNumberMaxLength }), {
        maxItems: BULK.maxRows,
        deprecated: true,
        description: 'No longer taken: numbers without the versions read are answered 428. Give `rows`.',
      }),
    ),
    filters: Type.Optional(
      Type.String({
        maxLength: 6000,
        description:
          "All waybills the list would show for this query (the waybill list's URL query without `?`: `statusIn=draft&origin=X`), as they are when the action runs: no version was read, so none is compared (each row still goes through its single-record rules). Give this or `rows`.",
      }),
    ),
    dryRun: Type.Boolean({ description: 'true: answer what would happen to each row and change nothing.' }),
    reason: Type.Optional(
      Type.String({
        maxLength: LIMITS.notesMaxLength,
        description:
          "Why, kept in each changed waybill's history. A correction needs one (staff moving a waybill back), and so does an undo of a move that only a correction takes back.",
      }),
    ),
    format: Type.Optional(StrEnum(EXPORT_FORMATS, { description: "The export action's file format (xlsx when not given)." })),
  },
  { title: 'BulkRequest', additionalProperties: false },
);

export const BulkRow = Type.Object(
  {
    number: Type.String(),
    outcome: StrEnum(BULK_OUTCOMES, {
      description:
        'done (would be done, in a dry run), unchanged (already so: nothing written), refused (see message), stale (changed since the version given: the message says who changed it and when; nothing written) or missing (no such waybill).',
    }),
    from: Nullable(StrEnum(WAYBILL_STATUSES, { description: 'The status before.' })),
    to: Nullable(StrEnum(WAYBILL_STATUSES, { description: 'The status after (null for a deletion or an export).' })),
    version: Nullable(
      Type.Integer({
        description:
          "The waybill's version after the change (in a dry run, and for a row already so or exported, as it is now): an undo of the row sends it. Null when the row was not done or the waybill was deleted.",
      }),
    ),
    needsReason: Type.Boolean({
      description:
        "A dry run's row that would be done only with a reason (a correction), given none: the real run refuses it without one. Always false in a real run.",
    }),
    message: Nullable(
      Type.String({ description: "Why it was refused or is stale, in the caller's language: the single-record call's message." }),
    ),
  },
  { $id: 'BulkRow', title: 'BulkRow' },
);
export const BulkResult = Type.Object(
  {
    action: StrEnum(BULK_ACTIONS),
    dryRun: Type.Boolean(),
    total: Type.Integer(),
    done: Type.Integer(),
    unchanged: Type.Integer(),
    refused: Type.Integer(),
    stale: Type.Integer({ description: 'Rows changed since the version given: left alone.' }),
    missing: Type.Integer(),
    rows: Type.Array(Type.Ref('BulkRow'), {
      description: "One per waybill, in the order given (by number, or in the list's order for filters).",
    }),
    exportRequest: Nullable(Type.Ref('ExportRequest', { description: 'The export the export action started (real run only).' })),
  },
  { $id: 'BulkResult', title: 'BulkResult' },
);
export const bulkSchemas = [BulkRow, BulkResult];

type Row = Static<typeof BulkRow>;
interface BulkInput {
  action: BulkAction;
  numbers: string[];
  /** The version the caller read of each number; none for a selection by filters (nothing was read). */
  versions?: Record<string, number>;
  /** An undo's status each number goes back to. */
  statuses?: Record<string, WaybillStatus>;
  dryRun: boolean;
  reason?: string;
}

/** The first message of an API error, in `locale`. */
function messageOf(err: ApiError, locale: Locale): string {
  const body = err.body(locale);
  if (typeof body.detail === 'string') return body.detail;
  for (const value of Object.values(body)) if (Array.isArray(value) && typeof value[0] === 'string') return value[0];
  return '';
}

/**
 * A dry run checks a correction given no reason as if one were given, so that every other rule of
 * the row is checked; the row then says it needs one. Never written: a dry run writes nothing.
 */
const PREVIEW_REASON = 'preview';

/** One row by the single-record rules; throws what the single-record call would answer. */
async function applyRow(ctx: AppContext, trx: Transaction<Database>, asker: BatchAsker, input: BulkInput, number: string): Promise<Row> {
  const lock = async () => {
    const row = await lockRecord(trx, 'waybills', number, ['status']);
    if (!row) throw notFound();
    const expected = input.versions?.[number];
    // EVR's answers since the version read (the job that sent a confirmed waybill there) are not
    // someone's change to it, only a person's is: an undo, or the next step, goes through.
    if (expected !== undefined) await checkExpectedOf(trx, 'waybills', number, expected, row, async () => null);
    return row;
  };
  const dryRun = { dryRun: input.dryRun };
  if (input.action === 'delete') {
    const { from } = await applyWaybillDelete(trx, number, lock, dryRun);
    return { number, outcome: 'done', from, to: null, version: null, needsReason: false, message: null };
  }
  const target = input.action === 'undo' ? input.statuses![number]! : BULK_ACTION_STATUS[input.action]!;
  const row = await lock();
  // Already so: nothing to write (the single call would only touch it).
  if (row.status === target)
    return { number, outcome: 'unchanged', from: target, to: target, version: row.version, needsReason: false, message: null };
  const needsReason = input.dryRun && !input.reason?.trim() && isWaybillCorrection(row.status as WaybillStatus, target);
  const { from, to, version, evrQueued } = await applyWaybillChange(
    trx,
    asker,
    number,
    { status: target, reason: needsReason ? PREVIEW_REASON : input.reason },
    async () => row,
    { ...dryRun, evr: Boolean(ctx.config.evrUrl) },
  );
  if (evrQueued) await ctx.jobs.sendEvr(number, trx, { bulk: true });
  return { number, outcome: 'done', from, to, version, needsReason, message: null };
}

const refusedRow = (number: string, err: unknown, locale: Locale): Row => {
  const row = { number, from: null, to: null, version: null, needsReason: false, message: '' };
  if (err instanceof ApiError && err.status === 404) return { ...row, outcome: 'missing', message: messageOf(err, locale) };
  if (err instanceof VersionConflict) return { ...row, outcome: 'stale', message: messageOf(err, locale) };
  if (err instanceof ApiError) return { ...row, outcome: 'refused', message: messageOf(err, locale) };
  throw err;
};

/** Every row of a bulk action, each on its own; a dry run rolls each back. */
export async function runBulk(
  ctx: AppContext,
  asker: BatchAsker,
  input: BulkInput & { startExport?: (numbers: string[]) => Promise<unknown> },
  progress: (share: number) => Promise<void> = async () => undefined,
): Promise<Static<typeof BulkResult>> {
  const rows: Row[] = [];
  const total = input.numbers.length;
  if (input.action === 'export') {
    // An export changes nothing and the export job reads the rows itself: which exist is one read,
    // not a locked row each (10,000 of them held a connection for seconds).
    const found = await sql<{ number: string; status: WaybillStatus; version: number }>`
      SELECT number, status, version FROM waybills WHERE number = ANY(${input.numbers})`.execute(ctx.db);
    const rowOf = new Map(found.rows.map((r) => [r.number, r]));
    const missing = messageOf(notFound(), asker.locale);
    for (const number of input.numbers) {
      const now = rowOf.get(number);
      rows.push(
        now === undefined
          ? { number, outcome: 'missing', from: null, to: null, version: null, needsReason: false, message: missing }
          : { number, outcome: 'done', from: now.status, to: null, version: now.version, needsReason: false, message: null },
      );
    }
  } else if (input.dryRun) {
    // One transaction (one snapshot of every row), each row's checks in a savepoint, and nothing
    // written (the rules run with dryRun); the transaction is rolled back at the end all the same.
    await ctx.db
      .transaction()
      .execute(async (trx) => {
        for (const [i, number] of input.numbers.entries()) {
          await sql`SAVEPOINT bulk_row`.execute(trx);
          try {
            rows.push(await applyRow(ctx, trx, asker, input, number));
          } catch (err) {
            rows.push(refusedRow(number, err, asker.locale));
          }
          await sql`ROLLBACK TO SAVEPOINT bulk_row`.execute(trx);
          if (i % 50 === 0) await progress((i / total) * 100);
        }
        throw new DryRunDone();
      })
      .catch((err: unknown) => {
        if (!(err instanceof DryRunDone)) throw err;
      });
  } else {
    for (const [i, number] of input.numbers.entries()) {
      try {
        rows.push(
          await transaction(ctx.db, (trx) => applyRow(ctx, trx, asker, input, number), {
            actor: asker.email,
            via: 'bulk',
            reason: input.reason?.trim() || undefined,
          }),
        );
      } catch (err) {
        rows.push(refusedRow(number, err, asker.locale));
      }
      if (i % 20 === 0) await progress((i / total) * 100);
    }
  }
  const count = (outcome: BulkOutcome) => rows.filter((r) => r.outcome === outcome).length;
  let exportRequest: unknown = null;
  if (input.action === 'export' && !input.dryRun) {
    exportRequest = await input.startExport?.(rows.filter((r) => r.outcome === 'done').map((r) => r.number));
  }
  return {
    action: input.action,
    dryRun: input.dryRun,
    total,
    done: count('done'),
    unchanged: count('unchanged'),
    refused: count('refused'),
    stale: count('stale'),
    missing: count('missing'),
    rows,
    exportRequest: exportRequest as never,
  };
}
class DryRunDone extends Error {}

/** The background form of a bulk action (the batch handler of kind `bulk`). */
export const runBulkJob = (ctx: AppContext, asker: BatchAsker, input: BulkInput, progress: (share: number) => Promise<void>) =>
  runBulk(ctx, asker, input, progress);

export async function bulkRoutes(app: App) {
  const { db } = app.ctx;

  app.post(
    '/waybills/bulk/',
    {
      schema: {
        operationId: 'bulkWaybills',
        summary: 'Confirm, deliver, cancel, delete or export many waybills, or undo such a change',
        description: `Any signed-in user. Picked waybills come as \`rows\`, each with the version the caller read: one changed since is answered \`stale\` (who changed it and when) and left alone, as its own call with that version in If-Match would be refused 412; \`numbers\` without versions are answered 428. Each waybill goes through the rules of its own call (PATCH of the status, DELETE, the caller's role) in a transaction of its own: a refused row never blocks the others, and every change is recorded in the waybill's history with \`via: bulk\` and the \`reason\`. \`dryRun: true\` answers what would happen to each row and changes nothing. Up to ${BULK.maxRows.toLocaleString('en')} waybills (400 above); more than ${BULK.inlineMaxRows} run as a background job: the answer is then 202 with the job to poll (GET /api/batch-jobs/{id}/), whose \`result\` is this call's answer. The export action starts one export of the rows that exist (the file as the list's export writes it). The \`undo\` action takes back what another one changed: it takes \`rows\` only, each with the \`version\` and the \`from\` status (as \`status\`) of its row in the answer undone, and moves each back by the same rules (a move back that is a correction is for staff, with a \`reason\`); a cancelled, invoiced or deleted waybill does not come back. Each row of a dry run says whether it \`needsReason\`; each row done gives the waybill's \`version\` after, for an undo.`,
        tags: ['waybills'],
        body: BulkRequest,
        response: {
          200: ref(BulkResult),
          202: ref(BatchJob),
          ...errors(400, 401),
          428: Type.Object(
            { detail: Type.String() },
            {
              title: 'VersionsRequired',
              description: 'Waybills picked by `numbers`, without the versions read: give `rows`. Nothing was changed.',
            },
          ),
        },
      },
    },
    async (request, reply) => {
      const user = currentUser(request);
      const body = request.body;
      if (body.numbers) throw new ApiError(428, { key: 'bulk.versionsRequired' });
      if (body.rows && body.filters !== undefined)
        throw new ApiError(400, undefined, { nonFieldErrors: [{ key: 'bulk.numbersOrFilters' }] });
      // An undo names each waybill and where it goes back to; no other action takes a status per row.
      const undo = body.action === 'undo';
      if (undo && body.filters !== undefined) throw fieldError('filters', 'bulk.undoRows');
      if (body.rows?.some((row) => (row.status === undefined) === undo))
        throw fieldError('rows', undo ? 'bulk.undoRows' : 'bulk.rowStatusUndoOnly');
      let numbers: string[];
      let versions: Record<string, number> | undefined;
      let statuses: Record<string, WaybillStatus> | undefined;
      let filters: Record<string, unknown> | undefined;
      if (body.rows) {
        // A Map keeps the order given (an object would put integer-like keys first).
        const picked = new Map<string, { version: number; status?: WaybillStatus }>();
        for (const row of body.rows) if (!picked.has(row.number.trim())) picked.set(row.number.trim(), row);
        numbers = [...picked.keys()];
        versions = Object.fromEntries([...picked].map(([number, row]) => [number, row.version]));
        if (undo) statuses = Object.fromEntries([...picked].map(([number, row]) => [number, row.status!]));
      } else if (body.filters !== undefined) {
        const checked = checkListQuery('waybills', body.filters);
        if ('problem' in checked) throw fieldError('filters', checked.problem.key, checked.problem.params);
        filters = {
          ...checked.state.filters,
          ...(checked.state.search ? { search: checked.state.search } : {}),
          sort: [...checked.state.sort],
        };
        const where = whereClause(listConds(waybillSpec, filters, { user }));
        const res = await sql<{ number: string }>`SELECT b.number FROM waybills b ${where} ORDER BY ${orderBy(waybillSpec, filters.sort)}
          LIMIT ${BULK.maxRows + 1}`.execute(db);
        numbers = res.rows.map((r) => r.number);
        if (numbers.length > BULK.maxRows) {
          const counted = await sql<{ n: number }>`SELECT count(*)::int AS n FROM waybills b ${where}`.execute(db);
          throw new ApiError(400, undefined, {
            filters: [
              {
                key: 'bulk.tooMany',
                params: { limit: BULK.maxRows.toLocaleString('en'), count: (counted.rows[0]?.n ?? 0).toLocaleString('en') },
              },
            ],
          });
        }
      } else throw new ApiError(400, undefined, { nonFieldErrors: [{ key: 'bulk.noRows' }] });
      const asker: BatchAsker = { email: user.email, isStaff: user.isStaff, locale: request.locale };
      const input: BulkInput = { action: body.action, numbers, versions, statuses, dryRun: body.dryRun, reason: body.reason };
      const startExport = (kept: string[]) =>
        createExportRequest(app.ctx, request, {
          kind: 'waybill_report',
          format: body.format ?? 'xlsx',
          // The list's filters as given; a selection by numbers exports the ones that exist.
          filters: filters ?? { number: kept },
          user,
        });
      if (numbers.length > BULK.inlineMaxRows && body.action !== 'export') {
        reply.status(202);
        return createBatchJob(app.ctx, 'bulk', asker, input, numbers.length);
      }
      return runBulk(app.ctx, asker, { ...input, startExport });
    },
  );
}
