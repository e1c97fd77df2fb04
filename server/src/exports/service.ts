import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { sql } from 'kysely';
import type { FastifyRequest } from 'fastify';
import type { AppContext, AuthUser } from '../infra/context.js';
import { EXPORT_REQUEST_LIST, LOCALES, type ExportFormat, type ExportKind, type Locale } from '@timberlog/contract';
import { defineSpec, type Row } from '../list/index.js';
import { signDownloadToken } from '../auth/tokens.js';
import { apiLink } from '../http/urls.js';
import { ApiError } from '../http/errors.js';
import { t } from '../http/i18n.js';
import { QUEUES } from '../infra/jobs.js';
import { transaction } from '../infra/transaction.js';

export const exportSpec = defineSpec({
  list: EXPORT_REQUEST_LIST,
  from: sql`export_requests e`,
  select:
    sql.raw(`e.id, e.kind, e.format, e.filters, e.user_email AS "requestedBy", e.seen, e.in_progress AS "inProgress", e.progress, e.failed,
    e.last_error_message AS "lastErrorMessage", e.attachment, e.row_count AS "rowCount", e.complete_timestamp AS "completeTimestamp",
    e.created_at AS "createdAt", e.last_modified_at AS "lastModifiedAt"`),
  columns: {
    createdAt: 'e.created_at',
    lastModifiedAt: 'e.last_modified_at',
    completeTimestamp: 'e.complete_timestamp',
    kind: 'e.kind',
    progress: 'e.progress',
    seen: 'e.seen',
    inProgress: 'e.in_progress',
    failed: 'e.failed',
  },
  custom: {
    // Staff see everyone's requests: `own` picks theirs or the others'. An ordinary user sees only
    // their own whatever `own` says (the route adds that restriction), so here `own` narrows staff only.
    own: (v, { user }) => (!user?.isStaff ? undefined : v ? sql`e.user_email = ${user.email}` : sql`e.user_email <> ${user.email}`),
  },
  tiebreak: 'e.id',
});

/** Adds `own` and the signed `fileUrl` to an export request row. */
export async function presentExport(ctx: AppContext, request: FastifyRequest, row: Record<string, unknown>, user: AuthUser) {
  const done = Boolean(row.attachment) && !row.failed && !row.inProgress;
  const fileUrl = done
    ? apiLink(
        ctx.config,
        `/api/export-requests/${row.id}/download_attachment/?token=${await signDownloadToken(ctx, String(row.id), user.email)}`,
      )
    : null;
  return { ...row, own: row.requestedBy === user.email, fileUrl } as Row;
}

/** Stores an export request and queues the job that writes its file. */
export async function createExportRequest(
  ctx: AppContext,
  request: FastifyRequest,
  input: { kind: ExportKind; format: ExportFormat; filters: Record<string, unknown>; user: AuthUser },
) {
  const id = randomUUID();
  const filters = { ...input.filters };
  delete filters.pageNumber;
  delete filters.pageSize;
  await transaction(ctx.db, async (trx) => {
    // The user's row lock makes count-then-insert atomic: parallel requests queue up behind it.
    await sql`SELECT 1 FROM users WHERE email = ${input.user.email} FOR UPDATE`.execute(trx);
    const running = await trx
      .selectFrom('exportRequests')
      .select(sql<number>`count(*)::int`.as('n'))
      .where('userEmail', '=', input.user.email)
      .where('inProgress', '=', true)
      .executeTakeFirstOrThrow();
    if (running.n >= ctx.config.exportsInProgressPerUser) {
      throw new ApiError(429, { key: 'export.tooMany', params: { limit: ctx.config.exportsInProgressPerUser } }, undefined, undefined, {
        'Retry-After': '30',
      });
    }
    await trx
      .insertInto('exportRequests')
      .values({
        id,
        kind: input.kind,
        format: input.format,
        filters: JSON.stringify(filters),
        locale: request.locale,
        userEmail: input.user.email,
      })
      .execute();
    await ctx.jobs.sendExport(id, trx);
  });
  const res = await sql<Record<string, unknown>>`SELECT ${exportSpec.select} FROM ${exportSpec.from} WHERE e.id = ${id}`.execute(ctx.db);
  return presentExport(ctx, request, res.rows[0]!, input.user);
}

/**
 * Deletes finished export requests older than the retention period and their files (hourly, and
 * on start). Files without a request (left by a crash) go too once they are that old.
 */
export async function purgeOldReports(ctx: AppContext): Promise<number> {
  const before = new Date(Date.now() - ctx.config.reportRetentionDays * 86400_000);
  const gone = await ctx.db
    .deleteFrom('exportRequests')
    .where('inProgress', '=', false)
    .where('completeTimestamp', '<', before.toISOString())
    .returning('attachment')
    .execute();
  const dir = path.join(ctx.config.dataDir, 'exports');
  for (const { attachment } of gone) if (attachment) await fs.rm(path.join(dir, path.basename(attachment)), { force: true });
  const files = await fs.readdir(dir).catch(() => [] as string[]);
  for (const f of files) {
    const stat = await fs.stat(path.join(dir, f)).catch(() => undefined);
    if (stat && stat.mtime < before) await fs.rm(path.join(dir, f), { force: true });
  }
  return gone.length;
}

const asLocale = (value: string): Locale => ((LOCALES as readonly string[]).includes(value) ? (value as Locale) : 'en');

/**
 * Marks failed the export requests still in progress that no job will ever finish: their last
 * attempt died with its process (kill -9, a lost machine) and the queue gave the job up, so
 * nothing would end them and they would count against the user's exports in progress for good.
 * A request and its job are written in one transaction, so a live request always has its job.
 * Answers how many it ended.
 */
export async function failAbandonedExports(ctx: AppContext): Promise<number> {
  const abandoned = await sql<{ id: string; locale: string }>`
    SELECT e.id, e.locale FROM export_requests e
    WHERE e.in_progress
      AND NOT EXISTS (
        SELECT 1 FROM pgboss.job j
        WHERE j.name = ${QUEUES.exportReport} AND j.data->>'id' = e.id::text AND j.state IN ('created', 'retry', 'active')
      )`.execute(ctx.db);
  let ended = 0;
  for (const { id, locale } of abandoned.rows) {
    const done = await ctx.db
      .updateTable('exportRequests')
      .set({
        inProgress: false,
        failed: true,
        lastErrorMessage: t(asLocale(locale), 'export.failed'),
        completeTimestamp: new Date(),
        lastModifiedAt: new Date(),
      })
      .where('id', '=', id)
      .where('inProgress', '=', true)
      .executeTakeFirst();
    if (Number(done.numUpdatedRows) > 0) {
      ended += 1;
      ctx.log.warn({ exportRequest: id }, 'export abandoned by its job: marked failed');
    }
  }
  return ended;
}
