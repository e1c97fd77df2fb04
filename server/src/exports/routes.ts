import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'kysely';
import type { FastifyRequest } from 'fastify';
import type { App, AuthUser } from '../infra/context.js';
import { ApiError, forbidden, notFound } from '../http/errors.js';
import { runList } from '../list/index.js';
import { errors, ref, Type } from '../http/schema.js';
import { authenticate, currentUser } from '../auth/guards.js';
import { verifyToken } from '../auth/tokens.js';
import { ExportListQuery, ExportRequest, ExportRequestPage, IdParams } from './schemas.js';
import { exportSpec, presentExport } from './service.js';

export const exportSchemas = [ExportRequest, ExportRequestPage];

export async function exportRoutes(app: App) {
  const { db, config } = app.ctx;
  const tags = ['exports'];

  const load = async (id: string, user: AuthUser) => {
    const res = await sql<Record<string, unknown>>`SELECT ${exportSpec.select} FROM ${exportSpec.from} WHERE e.id = ${id}`.execute(db);
    const row = res.rows[0];
    if (!row) throw notFound();
    if (!user.isStaff && row.requestedBy !== user.email) throw notFound();
    return row;
  };

  app.get(
    '/export-requests/',
    {
      schema: {
        operationId: 'listExportRequests',
        summary: 'List report export requests',
        description:
          "Any signed-in user. Staff see everyone's requests (`own` tells which are theirs); an ordinary user sees only their own. The web app polls `own=true&seen=false` to show the progress and outcome of its exports.",
        tags,
        querystring: ExportListQuery,
        response: { 200: ref(ExportRequestPage), ...errors(400, 401, 404) },
      },
    },
    async (request) => {
      const user = currentUser(request);
      const page = await runList(db, request, exportSpec, request.query, user.isStaff ? [] : [sql`e.user_email = ${user.email}`]);
      return {
        ...page,
        results: await Promise.all(page.results.map((r) => presentExport(app.ctx, request, r as Record<string, unknown>, user))),
      };
    },
  );

  app.get(
    '/export-requests/:id/',
    {
      schema: {
        operationId: 'getExportRequest',
        summary: 'Get an export request',
        description:
          'Any signed-in user, for their own request; staff for any. `fileUrl` is set once the file is ready: a download link signed for a few minutes.',
        tags,
        params: IdParams,
        response: { 200: ref(ExportRequest), ...errors(400, 401, 404) },
      },
    },
    async (request) => {
      const user = currentUser(request);
      return presentExport(app.ctx, request, await load(request.params.id, user), user);
    },
  );

  app.post(
    '/export-requests/:id/acknowledge_error/',
    {
      schema: {
        operationId: 'acknowledgeExportError',
        summary: 'Mark a failed export as seen',
        description: 'The user who asked for the export. Marks the request seen, so it no longer shows as unseen.',
        tags,
        params: IdParams,
        response: { 200: ref(ExportRequest), ...errors(400, 401, 404) },
      },
    },
    async (request) => {
      const user = currentUser(request);
      const row = await load(request.params.id, user);
      if (row.requestedBy !== user.email) throw forbidden();
      await db.updateTable('exportRequests').set({ seen: true, lastModifiedAt: new Date() }).where('id', '=', request.params.id).execute();
      return presentExport(app.ctx, request, await load(request.params.id, user), user);
    },
  );

  /** The signed `token` query parameter (from fileUrl) or a bearer token identifies the caller. */
  const downloader = async (request: FastifyRequest<{ Params: { id: string }; Querystring: { token?: string } }>): Promise<AuthUser> => {
    const token = request.query.token;
    if (token) {
      const claims = await verifyToken(app.ctx, token, 'download');
      if (!claims || claims.export_id !== request.params.id)
        throw new ApiError(401, { key: 'export.linkInvalid' }, undefined, 'token_not_valid');
      const user = await db
        .selectFrom('users')
        .select(['email', 'name', 'isStaff', 'isActive', 'sessionKey'])
        .where('email', '=', claims.user_id)
        .executeTakeFirst();
      // Like sessions, links die with a password change, a deactivation or a re-created account.
      if (!user || !user.isActive || user.sessionKey !== claims.sk)
        throw new ApiError(401, { key: 'export.linkInvalid' }, undefined, 'token_not_valid');
      return user;
    }
    const user = await authenticate(request);
    if (!user) throw new ApiError(401, { key: 'auth.notAuthenticated' });
    return user;
  };

  app.get(
    '/export-requests/:id/download_attachment/',
    {
      schema: {
        operationId: 'downloadExportAttachment',
        summary: 'Download a report file',
        description:
          "Answers the report file (xlsx or csv) as an attachment. The caller is identified by the signed `token` of the request's `fileUrl` or by a bearer token; staff may download any request's file, others their own. Downloading one's own file marks the request seen.",
        tags,
        params: IdParams,
        querystring: Type.Object({
          token: Type.Optional(
            Type.String({
              maxLength: 4000,
              description: "The signed download token from the request's `fileUrl`; without it, a bearer token identifies the caller.",
            }),
          ),
        }),
        response: {
          200: {
            description: 'The report file.',
            content: {
              'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': { schema: { type: 'string', format: 'binary' } },
              'text/csv': { schema: { type: 'string', format: 'binary' } },
            },
          },
          ...errors(400, 401, 404),
        },
      },
    },
    async (request, reply) => {
      const user = await downloader(request);
      const row = await load(request.params.id, user);
      const attachment = row.attachment as string | null;
      const file = attachment ? path.join(config.dataDir, 'exports', path.basename(attachment)) : null;
      if (!file || !fs.existsSync(file)) throw new ApiError(404, { key: 'export.noFile' });
      if (row.requestedBy === user.email)
        await db
          .updateTable('exportRequests')
          .set({ seen: true, lastModifiedAt: new Date() })
          .where('id', '=', request.params.id)
          .execute();
      const type = attachment!.endsWith('.csv')
        ? 'text/csv; charset=utf-8'
        : 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
      reply.header('Content-Type', type);
      reply.header('Content-Disposition', `attachment; filename="${attachment}"`);
      reply.header('Content-Length', String(fs.statSync(file).size));
      reply.header('Cache-Control', 'private, no-store');
      return reply.send(fs.createReadStream(file));
    },
  );
}
