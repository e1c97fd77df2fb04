import { sql } from 'kysely';
import type { FastifyRequest } from 'fastify';
import {
  DOCUMENT_NUMBER,
  personFor,
  HISTORY_ACTIONS,
  HISTORY_VIA,
  historyChangesFor,
  lastPageOf,
  LIMITS,
  type HistoryAction,
  type HistoryEntity,
  type HistoryVia,
} from '@timberlog/contract';
import type { App } from '../infra/context.js';
import type { DB } from '../infra/db.js';
import { invalidPage, notFound } from '../http/errors.js';
import { pageUrl } from '../list/index.js';
import { errors, Nullable, page, Person, ref, StrEnum, Timestamp, Type } from '../http/schema.js';
import { currentUser } from '../auth/guards.js';
import { numberParams } from '../waybills/schemas.js';
import { EmailParams } from '../users/schemas.js';
import { normaliseEmail } from '../users/rules.js';

/**
 * The record histories (migration 022): written by the database with every change, read here.
 * Newest first, in the list shape, readable by whoever may read the record (a deleted record's by
 * staff only). Nothing here writes: the table refuses updates and deletes.
 */

export const HistoryEntry = Type.Object(
  {
    id: Type.Integer(),
    at: Timestamp(),
    action: StrEnum(HISTORY_ACTIONS),
    actor: Nullable(Person('Who the change was made for; null: the system (a job).')),
    via: StrEnum(HISTORY_VIA, {
      description: 'How the change came: the web app, another API client, an import, a bulk action or a background job.',
    }),
    version: Nullable(Type.Integer({ description: "The record's version after the change." })),
    reason: Nullable(Type.String({ description: 'Why, when the person said (a correction).' })),
    changes: Type.Array(Type.Object({ field: Type.String(), before: Nullable(Type.String()), after: Nullable(Type.String()) }), {
      description:
        'The fields an update changed, with their values before and after as text; a secret (a password) has neither. Empty for created and deleted.',
    }),
  },
  { $id: 'HistoryEntry', title: 'HistoryEntry' },
);
export const HistoryPage = page(Type.Ref('HistoryEntry'), 'HistoryPage');
export const historySchemas = [HistoryEntry, HistoryPage];

export const HistoryQuery = Type.Object({
  pageNumber: Type.Optional(
    Type.Integer({
      minimum: 1,
      maximum: LIMITS.pageNumberMax,
      description: 'Page to answer, from 1 (default 1); a page past the last one answers 404.',
    }),
  ),
  pageSize: Type.Optional(
    Type.Integer({
      minimum: 1,
      maximum: LIMITS.pageSizeMax,
      description: `Entries per page (default ${LIMITS.pageSizeDefault}, at most ${LIMITS.pageSizeMax}).`,
    }),
  ),
});

/** A column's API name: `driver_name` → `driverName`; the password's hash is the password. */
const fieldName = (column: string) =>
  column === 'password_hash' ? 'password' : column.replace(/_([a-z0-9])/g, (_, c: string) => c.toUpperCase());

interface HistoryRow {
  id: string;
  at: string;
  action: HistoryAction;
  actor: string | null;
  actorName: string | null;
  via: HistoryVia;
  version: number | null;
  reason: string | null;
  changes: { field: string; before: string | null; after: string | null }[];
  total: string;
}

/**
 * One page of a record's history, as `GET …/history/` answers it; 404 when it has none the caller
 * may read (`exists`: the record is there now; a deleted record's history is for staff).
 */
export async function readHistory(db: DB, request: FastifyRequest, entity: HistoryEntity, key: string, exists: boolean) {
  // A deleted record's history is for staff.
  const viewer = currentUser(request);
  const staff = viewer.isStaff;
  if (!exists && !staff) throw notFound();
  const q = request.query as { pageNumber?: number; pageSize?: number };
  const pageNumber = q.pageNumber ?? 1;
  const pageSize = q.pageSize ?? LIMITS.pageSizeDefault;
  const rows = (
    await sql<HistoryRow>`
        SELECT h.id, h.at, h.action, h.actor, h.actor_name, h.via, h.version, h.reason, h.changes, count(*) OVER () AS total
        FROM history h WHERE h.entity = ${entity} AND h.record_key = ${key}
        ORDER BY h.id DESC LIMIT ${pageSize} OFFSET ${(pageNumber - 1) * pageSize}`.execute(db)
  ).rows;
  const count = rows[0]
    ? Number(rows[0].total)
    : Number(
        (await sql<{ n: string }>`SELECT count(*) AS n FROM history WHERE entity = ${entity} AND record_key = ${key}`.execute(db)).rows[0]
          ?.n ?? 0,
      );
  if (count === 0 && !exists) throw notFound();
  if (pageNumber > lastPageOf(count, pageSize)) throw invalidPage(count);
  return {
    count,
    next: pageNumber < lastPageOf(count, pageSize) ? pageUrl(request, pageNumber + 1) : null,
    previous: pageNumber > 1 ? pageUrl(request, pageNumber - 1) : null,
    results: rows.map((r) => ({
      id: Number(r.id),
      at: r.at,
      action: r.action,
      actor: r.actor ? personFor(viewer, r.actor, r.actorName) : null,
      via: r.via,
      version: r.version,
      reason: r.reason,
      // Raw errors of outside systems are staff's; others read the reason (the contract's rule).
      changes: historyChangesFor(
        r.changes.map((c) => ({ field: fieldName(c.field), before: c.before, after: c.after })),
        staff,
        request.locale,
      ),
    })),
  };
}

export async function historyRoutes(app: App) {
  const { db } = app.ctx;
  const read = (request: FastifyRequest, entity: HistoryEntity, key: string, exists: boolean) =>
    readHistory(db, request, entity, key, exists);
  const has = async (table: 'waybills' | 'worklogs' | 'invoices', number: string) =>
    Boolean(await db.selectFrom(table).select('number').where('number', '=', number).executeTakeFirst());

  const documents = [
    { path: 'waybills', entity: 'waybill', table: 'waybills', what: 'waybill', prefix: DOCUMENT_NUMBER.waybillPrefix },
    { path: 'worklogs', entity: 'worklog', table: 'worklogs', what: 'worklog', prefix: DOCUMENT_NUMBER.worklogPrefix },
    { path: 'invoices', entity: 'invoice', table: 'invoices', what: 'invoice', prefix: DOCUMENT_NUMBER.invoicePrefix },
  ] as const;
  for (const d of documents) {
    app.get(
      `/${d.path}/:number/history/`,
      {
        schema: {
          operationId: `${d.entity}History`,
          summary: `The history of a ${d.what}`,
          description: `Any signed-in user; a deleted ${d.what}'s history, staff only. Every change, newest first: who (or the system), when, how, and each changed field before and after. Written by the database in the same transaction as the change; nothing can edit or delete it.`,
          tags: [d.path],
          params: numberParams(d.what, d.prefix),
          querystring: HistoryQuery,
          response: { 200: ref(HistoryPage), ...errors(400, 401, 404) },
        },
      },
      async (request) => read(request, d.entity, request.params.number, await has(d.table, request.params.number)),
    );
  }

  app.get(
    '/user/:email/history/',
    {
      schema: {
        operationId: 'userHistory',
        summary: 'The history of a user account',
        description: 'Staff only. Every change of the account, newest first; a password change is recorded without its values.',
        tags: ['users'],
        params: EmailParams,
        querystring: HistoryQuery,
        response: { 200: ref(HistoryPage), ...errors(400, 401, 403, 404) },
      },
      config: { access: 'staff' },
    },
    async (request) => {
      const email = normaliseEmail(request.params.email);
      const exists = Boolean(await db.selectFrom('users').select('email').where('email', '=', email).executeTakeFirst());
      return read(request, 'user', email, exists);
    },
  );
}
