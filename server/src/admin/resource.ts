import { sql, type RawBuilder, type Transaction } from 'kysely';
import type { FastifyRequest } from 'fastify';
import type { Static, TObject } from '@sinclair/typebox';
import {
  LIMITS,
  CODE_PATTERN,
  REGISTRY_CODE_PATTERN,
  referrerList,
  type AdminReferrer,
  type HistoryEntity,
  type Locale,
} from '@timberlog/contract';
import type { App } from '../infra/context.js';
import type { Database } from '../infra/db.js';
import { ApiError, FieldErrors } from '../http/errors.js';
import { findOne, runList, type ListSpec } from '../list/index.js';
import { conflict, IfMatchHeaders, errors, listQuery, ref, Type, type TSchema } from '../http/schema.js';
import { transaction } from '../infra/transaction.js';
import { lockForWrite, withEtag, type VERSIONED } from '../records/versions.js';
import { writer } from '../auth/guards.js';
import { HistoryPage, HistoryQuery, readHistory } from '../history/routes.js';

export type Trx = Transaction<Database>;

/** Records of another kind that refer to a record: while any do, it cannot be deleted. */
export interface Reference {
  /** What they are, counted in the catalogue's words (`admin.count.*`). */
  noun: AdminReferrer;
  count: (trx: Trx, key: string) => Promise<number>;
}

/**
 * One kind of reference data under /api/admin/{name}: its schemas, its list, and how a write is
 * checked and stored. `Insert` and `Patch` are the rows the checks answer and the writes take, so a
 * body field that is not a column fails the type check.
 */
export interface AdminResource<C extends TObject, U extends TObject, Insert, Patch> {
  name: string;
  title: string;
  keyParam: string;
  keySchema: TSchema;
  /** For the API document: the record in words, its plural, and the rules a write enforces. */
  label: string;
  plural: string;
  rules: string;
  spec: ListSpec;
  keyCond: (key: string) => RawBuilder<unknown>;
  /** The table its records live in (their version is locked and checked there) and the name its history is kept under. */
  table: keyof typeof VERSIONED;
  entity: HistoryEntity;
  item: TSchema;
  page: TSchema;
  createBody: C;
  updateBody: U;
  /** Checks a new record's references and uniqueness into `errs`; answers the row to insert. */
  prepareCreate: (trx: Trx, body: Static<C>, errs: FieldErrors) => Promise<Insert>;
  /** Checks a change (every field optional, as PATCH sends it) into `errs`; answers the columns to set. */
  prepareUpdate: (trx: Trx, key: string, body: Partial<Static<U>>, errs: FieldErrors, locale: Locale) => Promise<Patch>;
  /** Inserts the row and answers its key. */
  insert: (trx: Trx, row: Insert) => Promise<string>;
  update: (trx: Trx, key: string, row: Patch) => Promise<void>;
  remove: (trx: Trx, key: string) => Promise<void>;
  references: readonly Reference[];
}

/** The routes of one resource, its types checked where it is defined. */
export type AdminRoutes = (app: App) => void;

/** Counts rows: `count(*)` as a number. */
export const countOf = sql<number>`count(*)::int`.as('n');
export const count = async (rows: Promise<readonly { n: number }[]>): Promise<number> => Number((await rows)[0]?.n ?? 0);

/** The fields of `body` among `keys` that were sent (PATCH leaves the others as they are). */
export function pick<T extends object, K extends keyof T>(body: T, keys: readonly K[]): Partial<Pick<T, K>> {
  const out: Partial<Pick<T, K>> = {};
  for (const key of keys) if (body[key] !== undefined) out[key] = body[key];
  return out;
}

export const IntKey = (description: string) => Type.Integer({ minimum: 1, maximum: LIMITS.idMax, description });
export const TextKey = (description: string) => Type.String({ maxLength: LIMITS.shortTextMaxLength, description });
export const CodeStr = () => Type.String({ minLength: 1, maxLength: LIMITS.codeMaxLength, pattern: CODE_PATTERN });
export const RegistryCode = () => Type.String({ pattern: REGISTRY_CODE_PATTERN, maxLength: LIMITS.registryCodeLength });

/** A name of only spaces is blank (the schema's minimum length counts the spaces). */
export function notBlank(errs: FieldErrors, field: string, value: string | undefined): void {
  if (value !== undefined && value.trim() === '') errs.add(field, 'field.blank');
}

/** The company named by `code`, when one is given, must exist. */
export async function companyExists(trx: Trx, code: string | null | undefined, field: string, errs: FieldErrors): Promise<void> {
  if (typeof code !== 'string') return;
  const found = await trx.selectFrom('companies').select('registryCode').where('registryCode', '=', code).executeTakeFirst();
  if (!found) errs.add(field, 'ref.unknownCompany', { value: code });
}

/** The `admin.referenced` refusal for what still refers to a record, in the request's words. */
export const referencedBy = (locale: Locale, counts: readonly (readonly [AdminReferrer, number])[]) => ({
  key: 'admin.referenced',
  params: { list: referrerList(locale, counts) },
});

const STAFF_ONLY = 'Staff only.';
const IF_MATCH =
  'Send the version read in `If-Match` (required: 428 without). Naming a version the record has moved on from: 412 with the record as it is now, and nothing changes.';

/**
 * The staff-only routes of one resource: list, create, read, update (PUT and PATCH) and delete,
 * refused while other records refer to it, and its history. Every write runs in one transaction,
 * for the signed-in account (the history says who), and requires If-Match as every versioned
 * record's writes do (docs/decisions/0009-record-versions.md).
 */
export function adminResource<C extends TObject, U extends TObject, Insert, Patch>(r: AdminResource<C, U, Insert, Patch>): AdminRoutes {
  return (app) => {
    const { db } = app.ctx;
    // Unlike the seed's endpoints, the admin ones carry no trailing slash (the router accepts one anyway).
    const base = `/admin/${r.name}`;
    const item = `${base}/:${r.keyParam}`;
    const refs = r.references.map((x) => x.noun).join(', ');
    const params = Type.Object({ [r.keyParam]: r.keySchema });
    const op = r.title;
    const tags = ['admin'];
    const keyOf = (request: FastifyRequest) => String((request.params as Record<string, unknown>)[r.keyParam]);
    const get = (key: string) => findOne(db, r.spec, r.keyCond(key));

    app.route({
      method: 'GET',
      url: base,
      config: { access: 'staff' },
      schema: {
        operationId: `adminList${r.plural}`,
        summary: `List ${r.label} records for editing`,
        description: `${STAFF_ONLY} The same rows, filters, search and sort as \`GET /api/${r.name}/\`.`,
        tags,
        querystring: listQuery(r.spec.list, `Admin${op}ListQuery`),
        response: { 200: ref(r.page), ...errors(400, 401, 403, 404) },
      },
      handler: async (request) => runList(db, request, r.spec, request.query as Record<string, unknown>),
    });
    app.route({
      method: 'POST',
      url: base,
      config: { access: 'staff' },
      schema: {
        operationId: `adminCreate${op}`,
        summary: `Create a ${r.label}`,
        description: `${STAFF_ONLY} ${r.rules}`,
        tags,
        body: r.createBody,
        response: { 201: ref(r.item), ...errors(400, 401, 403) },
      },
      handler: async (request, reply) => {
        const key = await transaction(
          db,
          async (trx) => {
            const errs = new FieldErrors();
            // The body passed the create schema before the handler runs.
            const row = await r.prepareCreate(trx, { ...(request.body as Static<C>) }, errs);
            errs.throwIfAny();
            return r.insert(trx, row);
          },
          writer(request),
        );
        reply.status(201);
        return withEtag(reply, await get(key));
      },
    });
    app.route({
      method: 'GET',
      url: item,
      config: { access: 'staff' },
      schema: {
        operationId: `adminGet${op}`,
        summary: `Get a ${r.label} for editing`,
        description: STAFF_ONLY,
        tags,
        params,
        response: { 200: ref(r.item), ...errors(401, 403, 404) },
      },
      handler: async (request, reply) => withEtag(reply, await get(keyOf(request))),
    });
    for (const method of ['PUT', 'PATCH'] as const) {
      app.route({
        method,
        url: item,
        config: { access: 'staff' },
        schema: {
          operationId: `admin${method === 'PUT' ? 'Update' : 'Patch'}${op}`,
          summary: method === 'PUT' ? `Update a ${r.label}` : `Update some fields of a ${r.label}`,
          description:
            method === 'PUT' ? `${STAFF_ONLY} ${r.rules} The key cannot change. ${IF_MATCH}` : 'As PUT, with every field optional.',
          tags,
          params,
          body: method === 'PUT' ? r.updateBody : Type.Partial(r.updateBody, { title: `Admin${op}Patch` }),
          headers: IfMatchHeaders,
          response: { 200: ref(r.item), ...errors(400, 401, 403, 404), ...conflict(ref(r.item)) },
        },
        handler: async (request, reply) => {
          const key = keyOf(request);
          await transaction(
            db,
            async (trx) => {
              await lockForWrite(request, trx, r.table, key, () => get(key));
              const errs = new FieldErrors();
              // The body passed the PUT or PATCH schema: the update's fields, some or all.
              const row = await r.prepareUpdate(trx, key, { ...(request.body as Partial<Static<U>>) }, errs, request.locale);
              errs.throwIfAny();
              if (Object.keys(row as object).length > 0) await r.update(trx, key, row);
            },
            writer(request),
          );
          return withEtag(reply, await get(key));
        },
      });
    }
    app.route({
      method: 'DELETE',
      url: item,
      config: { access: 'staff' },
      schema: {
        operationId: `adminDelete${op}`,
        summary: `Delete a ${r.label}`,
        description: `${STAFF_ONLY} Refused while any of these refer to it: ${refs}. ${IF_MATCH}`,
        tags,
        params,
        headers: IfMatchHeaders,
        response: { 204: Type.Null(), ...errors(400, 401, 403, 404), ...conflict(ref(r.item)) },
      },
      handler: async (request, reply) => {
        const key = keyOf(request);
        await transaction(
          db,
          async (trx) => {
            await lockForWrite(request, trx, r.table, key, () => get(key));
            const counts: (readonly [AdminReferrer, number])[] = [];
            for (const reference of r.references) counts.push([reference.noun, await reference.count(trx, key)]);
            if (counts.some(([, n]) => n > 0))
              throw new ApiError(400, undefined, { nonFieldErrors: [referencedBy(request.locale, counts)] });
            await r.remove(trx, key);
          },
          writer(request),
        );
        return reply.status(204).send(null);
      },
    });
    app.route({
      method: 'GET',
      url: `${item}/history`,
      config: { access: 'staff' },
      schema: {
        operationId: `admin${op}History`,
        summary: `The history of a ${r.label}`,
        description: `${STAFF_ONLY} Every change, newest first: who (or the system), when, how, and each changed field before and after; a deleted ${r.label}'s history stays readable. Written by the database in the same transaction as the change; nothing can edit or delete it.`,
        tags,
        params,
        querystring: HistoryQuery,
        response: { 200: ref(HistoryPage), ...errors(400, 401, 403, 404) },
      },
      handler: async (request) => {
        const key = keyOf(request);
        const exists = (await sql`SELECT 1 FROM ${r.spec.from} WHERE ${r.keyCond(key)}`.execute(db)).rows.length > 0;
        return readHistory(db, request, r.entity, key, exists);
      },
    });
  };
}
