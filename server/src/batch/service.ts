import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { BATCH_STATES, LOCALES, type Locale } from '@timberlog/contract';
import type { App, AppContext } from '../infra/context.js';
import { notFound } from '../http/errors.js';
import { errors, Nullable, ref, StrEnum, Timestamp, Type, type Static } from '../http/schema.js';
import { t } from '../http/i18n.js';
import { currentUser } from '../auth/guards.js';
import { ProgressReporter } from '../exports/progress.js';

/**
 * Background work on many waybills (migration 026): a bulk action or an import past the rows
 * answered at once. The request stores what was asked and queues a pg-boss job in one
 * transaction; the job reports its progress (paced as an export's) and leaves its answer, the
 * same body the request would have answered inline. The person who asked polls it.
 */

export const BATCH_KINDS = ['bulk', 'import'] as const;
export type BatchKind = (typeof BATCH_KINDS)[number];

export const BatchJob = Type.Object(
  {
    id: Type.String({ format: 'uuid' }),
    kind: StrEnum(BATCH_KINDS),
    state: StrEnum(BATCH_STATES, { description: 'queued, running, then done (see `result`) or failed (see `error`).' }),
    progress: Type.Integer({ minimum: 0, maximum: 100 }),
    total: Type.Integer({ description: 'Rows the job works on.' }),
    result: Nullable(
      Type.Unknown({
        description:
          'When done: the answer the request would have given at once (a BulkResult or an ImportResult, by `kind`; an import of waybills or of worklogs).',
      }),
    ),
    error: Nullable(Type.String({ description: "When failed: why, in the asker's language." })),
    createdAt: Timestamp(),
    finishedAt: Nullable(Timestamp()),
  },
  { $id: 'BatchJob', title: 'BatchJob' },
);
export const batchSchemas = [BatchJob];

const SELECT = sql`id, kind, state, progress, total, result, error, created_at AS "createdAt", finished_at AS "finishedAt"`;

/** Who asked for a batch and how: its writes are recorded for them, with the batch's `via`. */
export interface BatchAsker {
  email: string;
  isStaff: boolean;
  locale: Locale;
}

/** Stores a batch job and queues it, in one transaction; answers it as GET does. */
export async function createBatchJob(ctx: AppContext, kind: BatchKind, asker: BatchAsker, input: unknown, total: number) {
  const id = randomUUID();
  await ctx.db.transaction().execute(async (trx) => {
    await sql`INSERT INTO batch_jobs (id, kind, user_email, locale, input, total)
      VALUES (${id}, ${kind}, ${asker.email}, ${asker.locale}, ${JSON.stringify({ asker, input })}::jsonb, ${total})`.execute(trx);
    await ctx.jobs.sendBatch(id, trx);
  });
  const res = await sql<Static<typeof BatchJob>>`SELECT ${SELECT} FROM batch_jobs WHERE id = ${id}`.execute(ctx.db);
  return res.rows[0]!;
}

/** What a batch kind does: given who asked and what, it works and reports its progress (0 to 99). */
export type BatchHandler = (
  ctx: AppContext,
  asker: BatchAsker,
  input: never,
  progress: (share: number) => Promise<void>,
) => Promise<unknown>;
const handlers = new Map<BatchKind, BatchHandler>();
export const registerBatchHandler = (kind: BatchKind, handler: BatchHandler) => handlers.set(kind, handler);

const asLocale = (value: string): Locale => ((LOCALES as readonly string[]).includes(value) ? (value as Locale) : 'en');

/** Runs a queued batch job (the worker's handler). A job already finished (a second delivery) is left as it is. */
export async function runBatchJob(ctx: AppContext, id: string): Promise<void> {
  const res = await sql<{ kind: BatchKind; input: { asker: BatchAsker; input: unknown }; locale: string }>`
    UPDATE batch_jobs SET state = 'running', last_modified_at = now() WHERE id = ${id} AND state IN ('queued', 'running')
    RETURNING kind, input, locale`.execute(ctx.db);
  const job = res.rows[0];
  if (!job) return;
  const handler = handlers.get(job.kind);
  const reporter = new ProgressReporter(async (progress) => {
    await sql`UPDATE batch_jobs SET progress = ${Math.min(99, Math.round(progress))}, last_modified_at = now() WHERE id = ${id} AND state = 'running'`.execute(
      ctx.db,
    );
  });
  try {
    if (!handler) throw new Error(`no batch handler for ${job.kind}`);
    const result = await handler(ctx, job.input.asker, job.input.input as never, (share) => reporter.update(share));
    await reporter.stop();
    await sql`UPDATE batch_jobs SET state = 'done', progress = 100, result = ${JSON.stringify(result)}::jsonb, finished_at = now(), last_modified_at = now()
      WHERE id = ${id}`.execute(ctx.db);
  } catch (err) {
    await reporter.stop().catch(() => undefined);
    ctx.log.error({ err, batchJob: id }, 'batch job failed');
    const key = job.kind === 'import' ? 'import.failed' : 'bulk.failed';
    await sql`UPDATE batch_jobs SET state = 'failed', error = ${t(asLocale(job.locale), key)}, finished_at = now(), last_modified_at = now()
      WHERE id = ${id}`.execute(ctx.db);
  }
}

const IdParams = Type.Object({ id: Type.String({ format: 'uuid', description: "The batch job's id." }) });

export async function batchRoutes(app: App) {
  const { db } = app.ctx;
  app.get(
    '/batch-jobs/:id/',
    {
      schema: {
        operationId: 'getBatchJob',
        summary: 'Get a background bulk action or import',
        description:
          'The user who asked for it. Poll it until `state` is done (the answer is in `result`) or failed; `progress` goes from 0 to 100.',
        tags: ['waybills'],
        params: IdParams,
        response: { 200: ref(BatchJob), ...errors(401, 404) },
      },
    },
    async (request) => {
      const res = await sql<Static<typeof BatchJob>>`SELECT ${SELECT} FROM batch_jobs WHERE id = ${request.params.id}
        AND user_email = ${currentUser(request).email}`.execute(db);
      if (!res.rows[0]) throw notFound();
      return res.rows[0];
    },
  );
}
