import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import type { FastifyRequest } from 'fastify';
import type { AppContext, AuthUser } from '../shared/context.js';
import { EXPORT_REQUEST_LIST, type ExportFormat, type ExportKind } from '@timberlog/contract';
import { defineSpec, type Row } from '../shared/list.js';
import { signDownloadToken } from '../auth/tokens.js';
import { apiLink } from '../shared/urls.js';

export const exportSpec = defineSpec({
  list: EXPORT_REQUEST_LIST,
  from: sql`export_requests e`,
  select: sql.raw(`e.id, e.kind, e.format, e.filters, e.user_email AS "requestedBy", e.seen, e.in_progress AS "inProgress", e.progress, e.failed,
    e.last_error_message AS "lastErrorMessage", e.attachment, e.row_count AS "rowCount", e.complete_timestamp AS "completeTimestamp",
    e.created_at AS "createdAt", e.last_modified_at AS "lastModifiedAt"`),
  columns: {
    createdAt: 'e.created_at', lastModifiedAt: 'e.last_modified_at', completeTimestamp: 'e.complete_timestamp', kind: 'e.kind', progress: 'e.progress',
    seen: 'e.seen', inProgress: 'e.in_progress', failed: 'e.failed',
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
    ? apiLink(ctx.config, `/api/export-requests/${row.id}/download_attachment/?token=${await signDownloadToken(ctx, String(row.id), user.email)}`)
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
  await ctx.db.transaction().execute(async (trx) => {
    await trx
      .insertInto('exportRequests')
      .values({ id, kind: input.kind, format: input.format, filters: JSON.stringify(filters), locale: request.locale, userEmail: input.user.email })
      .execute();
    await ctx.jobs.sendExport(id, trx);
  });
  const res = await sql<Record<string, unknown>>`SELECT ${exportSpec.select} FROM ${exportSpec.from} WHERE e.id = ${id}`.execute(ctx.db);
  return presentExport(ctx, request, res.rows[0]!, input.user);
}
