import { sql, type Insertable, type Transaction } from 'kysely';
import type { FastifyRequest } from 'fastify';
import type { Static } from '@sinclair/typebox';
import type { App } from '../infra/context.js';
import type { Database } from '../infra/db.js';
import { FieldErrors } from '../http/errors.js';
import { findOne, runList } from '../list/index.js';
import { nextDocumentNumber } from '../records/numbers.js';
import { errors, ref, conflict, IfMatchHeaders } from '../http/schema.js';
import {
  checkWorklogFields,
  DOCUMENT_NUMBER,
  documentNumber,
  LIMITS,
  WORKLOG_EDIT_FIELDS,
  type WorklogFieldValues,
  type WorklogLookups,
} from '@timberlog/contract';
import { currentUser, writer } from '../auth/guards.js';
import { createExportRequest } from '../exports/service.js';
import { ExportRequest } from '../exports/schemas.js';
import { numberParams, ReportBody } from '../waybills/schemas.js';
import { Worklog, WorklogCreate, WorklogListQuery, WorklogPage, WorklogPatch, WorklogUpdate } from './schemas.js';
import { worklogSpec } from './queries.js';
import { transaction } from '../infra/transaction.js';
import { lockForWrite, withEtag } from '../records/versions.js';

const NumberParams = numberParams('worklog', DOCUMENT_NUMBER.worklogPrefix);
export const worklogSchemas = [Worklog, WorklogPage];

/** A worklog's fields as a change gives them: the contract's (worklog-rules.ts). */
export type WorklogFields = WorklogFieldValues;

/** Reference data read once for many rows (an import): each warehouse's company, the assortment codes. */
export interface WorklogRefs {
  readonly warehouses: ReadonlyMap<number, string>;
  readonly assortments: ReadonlySet<string>;
  /** Of the waybills the rows name, those that exist (the rest are unknown). */
  readonly waybills: ReadonlySet<string>;
}

/** The reference data of many worklogs' checks, with which of the `waybills` they name exist. */
export async function loadWorklogRefs(trx: Transaction<Database>, waybills: readonly string[] = []): Promise<WorklogRefs> {
  const names = [...new Set(waybills)];
  const [warehouses, assortments, found] = await Promise.all([
    trx.selectFrom('warehouses').select(['id', 'company']).execute(),
    trx.selectFrom('assortments').select('code').execute(),
    names.length > 0
      ? trx.selectFrom('waybills').select('number').where(sql<boolean>`number = ANY(${names})`).execute()
      : Promise.resolve([]),
  ]);
  return {
    warehouses: new Map(warehouses.map((w) => [w.id, w.company])),
    assortments: new Set(assortments.map((a) => a.code)),
    waybills: new Set(found.map((b) => b.number)),
  };
}

/** The row of a new worklog from checked fields: one for the create call and the import. */
export function newWorklogRow(number: string, f: WorklogFields, createdBy: string | null): Insertable<Database['worklogs']> {
  return {
    number,
    timestamp: f.timestamp!,
    action: f.action!,
    warehouse: f.warehouse!,
    workerName: f.workerName!,
    assortment: f.assortment ?? null,
    quantity: f.quantity ?? null,
    waybill: f.waybill ?? null,
    durationMinutes: f.durationMinutes!,
    notes: f.notes ?? '',
    createdBy,
  };
}

/** The reference data as the transaction reads it, one lookup per check. */
const databaseLookups = (trx: Transaction<Database>): WorklogLookups => ({
  warehouseCompany: async (id) => (await trx.selectFrom('warehouses').select('company').where('id', '=', id).executeTakeFirst())?.company,
  hasAssortment: async (code) => Boolean(await trx.selectFrom('assortments').select('code').where('code', '=', code).executeTakeFirst()),
  hasWaybill: async (number) => Boolean(await trx.selectFrom('waybills').select('number').where('number', '=', number).executeTakeFirst()),
});

/** The reference data read once (an import's): the same answers as databaseLookups. */
const loadedLookups = (refs: WorklogRefs): WorklogLookups => ({
  warehouseCompany: (id) => refs.warehouses.get(id),
  hasAssortment: (code) => refs.assortments.has(code),
  hasWaybill: (number) => refs.waybills.has(number),
});

/**
 * Checks a worklog's fields by the contract's rules (checkWorklogFields) against the reference
 * data (read once for many rows when `refs` is given), adding each problem to `errs`; answers the
 * fields as they are kept, with the warehouse's company (the worker's).
 */
export async function checkFields(
  trx: Transaction<Database>,
  input: WorklogFields,
  errs: FieldErrors,
  refs?: WorklogRefs,
): Promise<WorklogFields & { company?: string }> {
  const { fields, company, problems } = await checkWorklogFields(input, refs ? loadedLookups(refs) : databaseLookups(trx));
  for (const p of problems) errs.add(p.field, p.key, p.params);
  return { ...fields, company };
}

/** Keeps the workers table (name, count, last worklog) in step with worklogs, in the same transaction. */
export async function touchWorkers(trx: Transaction<Database>, names: string[]) {
  for (const name of new Set(names)) {
    await sql`
      INSERT INTO workers (worker_name, company, worklog_count, last_worklog_at)
      SELECT ${name}, (SELECT w.company FROM worklogs l JOIN warehouses w ON w.id = l.warehouse WHERE l.worker_name = ${name} ORDER BY l.timestamp DESC LIMIT 1),
             (SELECT count(*) FROM worklogs WHERE worker_name = ${name}), (SELECT max(timestamp) FROM worklogs WHERE worker_name = ${name})
      ON CONFLICT (worker_name) DO UPDATE SET company = EXCLUDED.company, worklog_count = EXCLUDED.worklog_count,
        last_worklog_at = EXCLUDED.last_worklog_at, last_modified_at = now()`.execute(trx);
  }
}

export async function ensureWorker(trx: Transaction<Database>, name: string, company: string | undefined) {
  await sql`INSERT INTO workers (worker_name, company) VALUES (${name}, ${company ?? null}) ON CONFLICT (worker_name) DO NOTHING`.execute(
    trx,
  );
}

export async function worklogRoutes(app: App) {
  const { db } = app.ctx;
  const tags = ['worklogs'];
  const get = async (number: string) =>
    (await findOne(db, worklogSpec, sql`l.number = ${number}`)) as Static<typeof Worklog> & { version: number };

  app.get(
    '/worklogs/',
    {
      schema: {
        operationId: 'listWorklogs',
        summary: 'List worklogs',
        description: 'Any signed-in user. Worklogs record the work done at warehouses: arrivals, loading, measuring and the like.',
        tags,
        querystring: WorklogListQuery,
        response: { 200: ref(WorklogPage), ...errors(400, 401, 404) },
      },
    },
    async (request) => runList(db, request, worklogSpec, request.query),
  );

  app.post(
    '/worklogs/',
    {
      schema: {
        operationId: 'createWorklog',
        summary: 'Create a worklog',
        description: `Any signed-in user. The warehouse, and the assortment and waybill when given, must exist; a quantity must be above zero; the duration is ${LIMITS.durationMinutesMin} to ${LIMITS.durationMinutesMax} minutes. The next number is assigned (the year of creation and a running number that never restarts, so no number repeats: \`${documentNumber(DOCUMENT_NUMBER.worklogPrefix, 2026, 1)}\`). A new worker name creates the worker.`,
        tags,
        body: WorklogCreate,
        response: { 201: ref(Worklog), ...errors(400, 401) },
      },
    },
    async (request, reply) => {
      const user = currentUser(request);
      const number = await transaction(
        db,
        async (trx) => {
          const errs = new FieldErrors();
          const f = await checkFields(trx, request.body, errs);
          errs.throwIfAny();
          const number = await nextDocumentNumber(trx, 'worklogPrefix');
          await ensureWorker(trx, f.workerName!, f.company);
          await trx
            .insertInto('worklogs')
            .values(newWorklogRow(number, f, user.email))
            .execute();
          await touchWorkers(trx, [f.workerName!]);
          return number;
        },
        writer(request),
      );
      reply.status(201);
      return withEtag(reply, await get(number));
    },
  );

  app.get(
    '/worklogs/:number/',
    {
      schema: {
        operationId: 'getWorklog',
        summary: 'Get a worklog',
        description: 'Any signed-in user.',
        tags,
        params: NumberParams,
        response: { 200: ref(Worklog), ...errors(401, 404) },
      },
    },
    async (request, reply) => withEtag(reply, await get(request.params.number)),
  );

  const update = async (request: FastifyRequest, number: string, body: WorklogFields) => {
    await transaction(
      db,
      async (trx) => {
        const current = await lockForWrite(request, trx, 'worklogs', number, () => get(number), ['workerName']);
        const errs = new FieldErrors();
        const f = await checkFields(trx, body, errs);
        errs.throwIfAny();
        const set: Record<string, unknown> = { lastModifiedAt: new Date() };
        for (const k of WORKLOG_EDIT_FIELDS) if (f[k] !== undefined) set[k] = f[k];
        if (f.workerName) await ensureWorker(trx, f.workerName, f.company);
        await trx.updateTable('worklogs').set(set).where('number', '=', number).execute();
        await touchWorkers(trx, [current.workerName, ...(f.workerName ? [f.workerName] : [])]);
      },
      writer(request),
    );
    return get(number);
  };

  app.put(
    '/worklogs/:number/',
    {
      schema: {
        operationId: 'updateWorklog',
        summary: 'Update a worklog',
        description:
          "Any signed-in user. The same rules as on create apply; renaming the worker moves the worklog to the other worker's count. Worklogs are never deleted.",
        tags,
        params: NumberParams,
        body: WorklogUpdate,
        headers: IfMatchHeaders,
        response: { 200: ref(Worklog), ...errors(400, 401, 404), ...conflict(ref(Worklog)) },
      },
    },
    async (request, reply) => withEtag(reply, await update(request, request.params.number, request.body)),
  );
  app.patch(
    '/worklogs/:number/',
    {
      schema: {
        operationId: 'patchWorklog',
        summary: 'Update some fields of a worklog',
        description: 'As PUT, with every field optional.',
        tags,
        params: NumberParams,
        body: WorklogPatch,
        headers: IfMatchHeaders,
        response: { 200: ref(Worklog), ...errors(400, 401, 404), ...conflict(ref(Worklog)) },
      },
    },
    async (request, reply) => withEtag(reply, await update(request, request.params.number, request.body)),
  );

  app.post(
    '/worklogs/worklog_report/',
    {
      schema: {
        operationId: 'createWorklogReport',
        summary: 'Export worklogs to a report file',
        description:
          "Any signed-in user. Takes the same filters, search and sort as the worklog list in the query string and the file format in the body; answers the new export request at once. The file (xlsx or csv, headings and actions in the caller's language) is written in the background: poll the export request until it completes, then download it. One user may have a few exports in progress at once (`EXPORTS_IN_PROGRESS_PER_USER`); past that the answer is 429 with `Retry-After`.",
        tags,
        querystring: WorklogListQuery,
        body: ReportBody,
        response: { 201: ref(ExportRequest), ...errors(400, 401, 429) },
      },
    },
    async (request, reply) => {
      reply.status(201);
      return createExportRequest(app.ctx, request, {
        kind: 'worklog_report',
        format: request.body.format,
        filters: request.query,
        user: currentUser(request),
      });
    },
  );
}
