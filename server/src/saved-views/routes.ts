import { sql, type Transaction } from 'kysely';
import type { FastifyRequest } from 'fastify';
import {
  personFor,
  type Viewer,
  DENSITIES,
  LIST_COLUMNS,
  SAVED_VIEW,
  SAVED_VIEW_LISTS,
  defaultColumns,
  savedViewColumnsProblem,
  savedViewQuery,
  type SavedViewList as ListOfView,
} from '@timberlog/contract';
import type { App } from '../infra/context.js';
import type { Database } from '../infra/db.js';
import { ApiError, FieldErrors, forbidden, notFound } from '../http/errors.js';
import {
  conflict,
  IfMatchHeaders,
  errors,
  Person,
  ref,
  StrEnum,
  Str,
  Timestamp,
  Type,
  RecordVersion,
  type Static,
} from '../http/schema.js';
import { currentUser, writer } from '../auth/guards.js';
import { transaction } from '../infra/transaction.js';
import { lockForWrite, withEtag } from '../records/versions.js';

/**
 * Saved views of the lists (migration 024): a named list query with its columns and row density,
 * private or shared. Everyone reads their own and every shared one; only the owner changes a view,
 * and staff may also delete a shared one. A user's default view of a list opens that list when it
 * is opened with no query.
 */

const COLUMN_IDS = [...new Set(Object.values(LIST_COLUMNS).flatMap((cols) => cols.map((c) => c.id)))];

export const SavedView = Type.Object(
  {
    id: Type.Integer(),
    list: StrEnum(SAVED_VIEW_LISTS),
    name: Type.String(),
    query: Type.String({
      description: "The list's URL query without `?` (`statusIn=confirmed&sort=-transportDate`), as the contract's codec writes it.",
    }),
    columns: Type.Array(Type.String(), { description: "Column ids of the list (the contract's LIST_COLUMNS), in the order shown." }),
    density: StrEnum(DENSITIES),
    shared: Type.Boolean({ description: 'Shared views are listed for everyone; private ones for their owner only.' }),
    isDefault: Type.Boolean({ description: "The owner's default view of the list: at most one per user and list." }),
    owner: Person(),
    own: Type.Boolean({ description: 'Whether the caller owns the view (and may change it).' }),
    version: RecordVersion(),
    createdAt: Timestamp(),
    lastModifiedAt: Timestamp(),
  },
  { $id: 'SavedView', title: 'SavedView' },
);
export const SavedViews = Type.Array(Type.Ref('SavedView'), { $id: 'SavedViewList', title: 'SavedViewList' });
export const savedViewSchemas = [SavedView, SavedViews];

const editable = {
  name: Str(SAVED_VIEW.nameMaxLength, 1),
  query: Type.String({ maxLength: SAVED_VIEW.queryMaxLength * 3, description: SavedView.properties.query.description }),
  columns: Type.Array(StrEnum(COLUMN_IDS), {
    minItems: 1,
    maxItems: 50,
    description: "Column ids of the list, in order; when not given, the list's default columns.",
  }),
  density: StrEnum(DENSITIES),
  shared: Type.Boolean(),
  isDefault: Type.Boolean({ description: 'Makes this the default view of the list for its owner; their earlier default stops being one.' }),
};
const SavedViewCreate = Type.Object(
  {
    list: StrEnum(SAVED_VIEW_LISTS),
    name: editable.name,
    query: Type.Optional(editable.query),
    columns: Type.Optional(editable.columns),
    density: Type.Optional(editable.density),
    shared: Type.Optional(editable.shared),
    isDefault: Type.Optional(editable.isDefault),
  },
  { title: 'SavedViewCreate', additionalProperties: false },
);
const SavedViewPatch = Type.Partial(Type.Object(editable), { title: 'SavedViewPatch', additionalProperties: false });
const IdParams = Type.Object({ id: Type.Integer({ minimum: 1, maximum: Number.MAX_SAFE_INTEGER, description: "The view's id." }) });
const ListFilter = Type.Object({ list: Type.Optional(StrEnum(SAVED_VIEW_LISTS, { description: 'Only the views of this list.' })) });

type Row = Static<typeof SavedView>;

const SELECT = sql`v.id::int AS id, v.list, v.name, v.query, v.columns, v.density, v.shared, v.is_default AS "isDefault",
  json_build_object('email', v.owner, 'name', coalesce(u.name, '')) AS owner, v.version,
  v.created_at AS "createdAt", v.last_modified_at AS "lastModifiedAt"`;

async function readViews(db: Transaction<Database> | App['ctx']['db'], viewer: Viewer, where: ReturnType<typeof sql>): Promise<Row[]> {
  const res = await sql<
    Omit<Row, 'own'> & { owner: { email: string; name: string } }
  >`SELECT ${SELECT} FROM saved_views v LEFT JOIN users u ON u.email = v.owner
    WHERE (v.owner = ${viewer.email} OR v.shared) AND ${where} ORDER BY v.list, lower(v.name), v.id`.execute(db);
  return res.rows.map((row) => ({
    ...row,
    owner: personFor(viewer, row.owner.email, row.owner.name),
    own: row.owner.email === viewer.email,
  }));
}

interface Fields {
  name?: string;
  query?: string;
  columns?: string[];
  density?: string;
  shared?: boolean;
  isDefault?: boolean;
}

/** The fields as kept: the name trimmed, the query read and written by the list's codec, the columns the list's. */
function checkFields(list: ListOfView, body: Fields): Fields {
  const errs = new FieldErrors();
  const out: Fields = { ...body };
  if (out.name !== undefined) {
    out.name = out.name.trim();
    if (!out.name) errs.add('name', 'field.blank');
  }
  if (out.query !== undefined) {
    const checked = savedViewQuery(list, out.query);
    if ('problem' in checked) errs.add('query', checked.problem.key, checked.problem.params);
    else out.query = checked.query;
  }
  if (out.columns !== undefined) {
    const problem = savedViewColumnsProblem(list, out.columns);
    if (problem) errs.add('columns', problem.key, problem.params);
  }
  errs.throwIfAny();
  return out;
}

/** A name the owner already gave another view of the list is a 400 on `name`. */
async function checkName(trx: Transaction<Database>, owner: string, list: string, name: string, id?: number): Promise<void> {
  const taken = await sql`SELECT 1 FROM saved_views WHERE owner = ${owner} AND list = ${list} AND lower(name) = lower(${name})
    AND id IS DISTINCT FROM ${id ?? null}::bigint`.execute(trx);
  if (taken.rows.length > 0) throw new ApiError(400, undefined, { name: [{ key: 'savedView.nameTaken' }] });
}

/** Takes the owner's row lock (their views change one writer at a time), then clears their default of the list unless it is `keep`. */
async function clearDefault(trx: Transaction<Database>, owner: string, list: string, keep?: number): Promise<void> {
  await sql`UPDATE saved_views SET is_default = false WHERE owner = ${owner} AND list = ${list} AND is_default
    AND id IS DISTINCT FROM ${keep ?? null}::bigint`.execute(trx);
}
const lockOwner = (trx: Transaction<Database>, owner: string) => sql`SELECT 1 FROM users WHERE email = ${owner} FOR UPDATE`.execute(trx);

export async function savedViewRoutes(app: App) {
  const { db } = app.ctx;
  const tags = ['saved views'];

  /** A view the caller can see, or 404. */
  const visible = async (request: FastifyRequest, id: number, trx: Transaction<Database> | typeof db = db): Promise<Row> => {
    const [row] = await readViews(trx, currentUser(request), sql`v.id = ${id}`);
    if (!row) throw notFound();
    return row;
  };

  app.get(
    '/saved-views/',
    {
      schema: {
        operationId: 'listSavedViews',
        summary: 'List saved views',
        description: "Any signed-in user: the caller's own views and every shared one, by list and name.",
        tags,
        querystring: ListFilter,
        response: { 200: ref(SavedViews), ...errors(400, 401) },
      },
    },
    async (request) =>
      readViews(db, currentUser(request), request.query.list ? sql`v.list = ${request.query.list}` : sql`true`) as Promise<never>,
  );

  app.post(
    '/saved-views/',
    {
      schema: {
        operationId: 'createSavedView',
        summary: 'Save a view of a list',
        description: `Any signed-in user; the view is theirs. \`query\` must be one the list takes (the contract's URL codec reads it; an unknown parameter or a value the list refuses is a 400 on \`query\`); it is kept as the codec writes it, without the page number. At most ${SAVED_VIEW.perUserPerList} views per user and list, their names different.`,
        tags,
        body: SavedViewCreate,
        response: { 201: ref(SavedView), ...errors(400, 401) },
      },
    },
    async (request, reply) => {
      const user = currentUser(request);
      const list = request.body.list;
      const f = checkFields(list, request.body);
      const id = await transaction(
        db,
        async (trx) => {
          await lockOwner(trx, user.email);
          const owned = await sql<{
            n: number;
          }>`SELECT count(*)::int AS n FROM saved_views WHERE owner = ${user.email} AND list = ${list}`.execute(trx);
          if ((owned.rows[0]?.n ?? 0) >= SAVED_VIEW.perUserPerList)
            throw new ApiError(400, undefined, {
              nonFieldErrors: [{ key: 'savedView.tooMany', params: { limit: SAVED_VIEW.perUserPerList } }],
            });
          await checkName(trx, user.email, list, f.name!);
          if (f.isDefault) await clearDefault(trx, user.email, list);
          const res = await sql<{ id: number }>`INSERT INTO saved_views (list, name, query, columns, density, shared, is_default, owner)
            VALUES (${list}, ${f.name!}, ${f.query ?? ''}, ${f.columns ?? defaultColumns(list)}, ${f.density ?? SAVED_VIEW.defaultDensity},
              ${f.shared ?? false}, ${f.isDefault ?? false}, ${user.email}) RETURNING id::int AS id`.execute(trx);
          return res.rows[0]!.id;
        },
        writer(request),
      );
      reply.status(201);
      return withEtag(reply, await visible(request, id));
    },
  );

  app.get(
    '/saved-views/:id/',
    {
      schema: {
        operationId: 'getSavedView',
        summary: 'Get a saved view',
        description: "Any signed-in user, for their own views and shared ones; another user's private view is 404.",
        tags,
        params: IdParams,
        response: { 200: ref(SavedView), ...errors(401, 404) },
      },
    },
    async (request, reply) => withEtag(reply, await visible(request, request.params.id)),
  );

  app.patch(
    '/saved-views/:id/',
    {
      schema: {
        operationId: 'patchSavedView',
        summary: 'Change a saved view',
        description:
          'The owner only (403 for a shared view of someone else). `isDefault: true` makes it their default of the list in the same transaction that unsets the one before. Sends the version read in If-Match (required: 428 without; 412 when the view changed since).',
        tags,
        params: IdParams,
        body: SavedViewPatch,
        headers: IfMatchHeaders,
        response: { 200: ref(SavedView), ...errors(400, 401, 403, 404), ...conflict(ref(SavedView)) },
      },
    },
    async (request, reply) => {
      const user = currentUser(request);
      const id = request.params.id;
      await transaction(
        db,
        async (trx) => {
          const view = await visible(request, id, trx);
          if (!view.own) throw forbidden();
          const f = checkFields(view.list, request.body);
          await lockOwner(trx, user.email);
          await lockForWrite(request, trx, 'saved_views', id, () => visible(request, id));
          if (f.name !== undefined) await checkName(trx, user.email, view.list, f.name, id);
          if (f.isDefault) await clearDefault(trx, user.email, view.list, id);
          const sets = [
            f.name !== undefined && sql`name = ${f.name}`,
            f.query !== undefined && sql`query = ${f.query}`,
            f.columns !== undefined && sql`columns = ${f.columns}`,
            f.density !== undefined && sql`density = ${f.density}`,
            f.shared !== undefined && sql`shared = ${f.shared}`,
            f.isDefault !== undefined && sql`is_default = ${f.isDefault}`,
          ].filter((s) => s !== false);
          if (sets.length > 0) await sql`UPDATE saved_views SET ${sql.join(sets)} WHERE id = ${id}`.execute(trx);
        },
        writer(request),
      );
      return withEtag(reply, await visible(request, id));
    },
  );

  app.delete(
    '/saved-views/:id/',
    {
      schema: {
        operationId: 'deleteSavedView',
        summary: 'Delete a saved view',
        description:
          'The owner, or staff for a shared view. Sends the version read in If-Match (required: 428 without; 412 when the view changed since).',
        tags,
        params: IdParams,
        headers: IfMatchHeaders,
        response: { 204: Type.Null(), ...errors(401, 403, 404), ...conflict(ref(SavedView)) },
      },
    },
    async (request, reply) => {
      const user = currentUser(request);
      await transaction(
        db,
        async (trx) => {
          const view = await visible(request, request.params.id, trx);
          if (!view.own && !(view.shared && user.isStaff)) throw forbidden();
          await lockForWrite(request, trx, 'saved_views', view.id, () => visible(request, view.id));
          await sql`DELETE FROM saved_views WHERE id = ${view.id}`.execute(trx);
        },
        writer(request),
      );
      return reply.status(204).send(null);
    },
  );
}
