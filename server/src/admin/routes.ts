import { sql, type Transaction } from 'kysely';
import type { FastifyRequest } from 'fastify';
import type { App } from '../shared/context.js';
import type { Database } from '../shared/db.js';
import { ApiError, FieldErrors, notFound } from '../shared/errors.js';
import { findOne, runList, type ListSpec } from '../shared/list.js';
import { CODE_PATTERN, LIMITS, REGISTRY_CODE_PATTERN, SPECIES, UNITS } from '@timberlog/contract';
import { errors, listQuery, Nullable, Price, ref, Str, StrEnum, Type, type TSchema } from '../shared/schema.js';

import { Assortment, AssortmentPage, AssortmentType, AssortmentTypePage, Company, CompanyPage, Warehouse, WarehousePage, Worker, WorkerPage } from '../reference/schemas.js';
import { assortmentSpec, assortmentTypeSpec, companySpec, warehouseSpec, workerSpec } from '../reference/queries.js';
import { transaction } from '../shared/transaction.js';

type Trx = Transaction<Database>;
type Body = Record<string, unknown>;

interface Reference {
  /** i18n-free noun; translated through NOUNS. */
  noun: keyof typeof NOUNS;
  count: (trx: Trx, key: string) => Promise<number>;
}

const NOUNS = {
  assortments: { en: 'assortments', et: 'sortimenti' },
  waybills: { en: 'waybills', et: 'veoselehte' },
  worklogs: { en: 'worklogs', et: 'töölogi' },
  warehouses: { en: 'warehouses', et: 'ladu' },
  invoices: { en: 'invoices', et: 'arvet' },
  workers: { en: 'workers', et: 'töötajat' },
} as const;

interface Resource {
  name: string;
  title: string;
  keyParam: string;
  keySchema: TSchema;
  /** For the API document: the record in words, its plural, and the rules a write enforces. */
  label: string;
  plural: string;
  rules: string;
  spec: ListSpec;
  keyCond: (key: string) => ReturnType<typeof sql>;
  item: TSchema & { $id?: string };
  page: TSchema & { $id?: string };
  create: TSchema;
  update: TSchema;
  /** Validates references and uniqueness; returns the row values to write. */
  prepare: (trx: Trx, body: Body, errs: FieldErrors, key: string | undefined) => Promise<Body>;
  insert: (trx: Trx, values: Body) => Promise<string>;
  updateRow: (trx: Trx, key: string, values: Body) => Promise<number>;
  remove: (trx: Trx, key: string) => Promise<number>;
  references: Reference[];
}

const count = async (q: Promise<{ n: number }[]>) => Number((await q)[0]?.n ?? 0);
const pick = (body: Body, keys: string[]) => Object.fromEntries(keys.filter((k) => body[k] !== undefined).map((k) => [k, body[k]]));

const IntKey = (description: string) => Type.Integer({ minimum: 1, maximum: LIMITS.idMax, description });
const TextKey = (description: string) => Type.String({ maxLength: LIMITS.shortTextMaxLength, description });

const assortmentTypeBody = { name: Str(LIMITS.assortmentTypeNameMaxLength, 1), description: Type.Optional(Str(LIMITS.notesMaxLength)) };
const assortmentBody = {
  name: Str(LIMITS.nameMaxLength, 1),
  assortmentType: IntKey('Id of the assortment type.'),
  species: StrEnum(SPECIES),
  unit: StrEnum(UNITS),
  unitPrice: Price(),
  isActive: Type.Optional(Type.Boolean()),
};
const companyBody = {
  name: Str(LIMITS.shortTextMaxLength, 1),
  vatNumber: Type.Optional(Str(LIMITS.vatNumberMaxLength)),
  address: Type.Optional(Str(LIMITS.addressMaxLength)),
  email: Type.Optional(Type.Union([Type.String({ format: 'email', maxLength: LIMITS.emailMaxLength }), Type.Literal('')])),
  isInvoiceCustomer: Type.Optional(Type.Boolean()),
};
const CodeStr = () => Type.String({ minLength: 1, maxLength: LIMITS.codeMaxLength, pattern: CODE_PATTERN });
const warehouseBody = {
  name: Str(LIMITS.shortTextMaxLength, 1),
  company: Type.String({ pattern: REGISTRY_CODE_PATTERN, maxLength: LIMITS.registryCodeLength }),
  originCode: Type.Optional(Nullable(CodeStr())),
  destinationCode: Type.Optional(Nullable(CodeStr())),
  address: Type.Optional(Str(LIMITS.addressMaxLength)),
};
const workerBody = { company: Type.Optional(Nullable(Type.String({ pattern: REGISTRY_CODE_PATTERN, maxLength: LIMITS.registryCodeLength }))) };

async function companyExists(trx: Trx, code: unknown, field: string, errs: FieldErrors) {
  if (typeof code !== 'string') return;
  const c = await trx.selectFrom('companies').select('registryCode').where('registryCode', '=', code).executeTakeFirst();
  if (!c) errs.add(field, 'ref.unknownCompany', { value: code });
}

const resources: Resource[] = [
  {
    name: 'assortment-types', title: 'AssortmentType', label: 'assortment type', plural: 'AssortmentTypes', keyParam: 'id', keySchema: IntKey('The assortment type\'s id.'),
    rules: 'The name must not be blank.', spec: assortmentTypeSpec, keyCond: (k) => sql`t.id = ${Number(k)}`,
    item: AssortmentType, page: AssortmentTypePage,
    create: Type.Object(assortmentTypeBody, { title: 'AdminAssortmentTypeCreate' }),
    update: Type.Object(assortmentTypeBody, { title: 'AdminAssortmentTypeUpdate' }),
    prepare: async (_trx, body) => pick(body, ['name', 'description']),
    insert: async (trx, v) => String((await trx.insertInto('assortmentTypes').values(v as never).returning('id').executeTakeFirstOrThrow()).id),
    updateRow: async (trx, k, v) => Number((await trx.updateTable('assortmentTypes').set({ ...v, lastModifiedAt: new Date() }).where('id', '=', Number(k)).executeTakeFirst()).numUpdatedRows),
    remove: async (trx, k) => Number((await trx.deleteFrom('assortmentTypes').where('id', '=', Number(k)).executeTakeFirst()).numDeletedRows),
    references: [{ noun: 'assortments', count: (trx, k) => count(trx.selectFrom('assortments').select(sql<number>`count(*)::int`.as('n')).where('assortmentType', '=', Number(k)).execute()) }],
  },
  {
    name: 'assortments', title: 'Assortment', label: 'assortment', plural: 'Assortments', keyParam: 'code', keySchema: TextKey('The assortment\'s code.'),
    rules: 'A new code must be free and made of letters, digits, `_` and `-`; the assortment type must exist.', spec: assortmentSpec, keyCond: (k) => sql`a.code = ${k}`,
    item: Assortment, page: AssortmentPage,
    create: Type.Object({ code: CodeStr(), ...assortmentBody }, { title: 'AdminAssortmentCreate' }),
    update: Type.Object(assortmentBody, { title: 'AdminAssortmentUpdate' }),
    prepare: async (trx, body, errs, key) => {
      if (body.assortmentType !== undefined) {
        const at = await trx.selectFrom('assortmentTypes').select('id').where('id', '=', body.assortmentType as number).executeTakeFirst();
        if (!at) errs.add('assortmentType', 'ref.unknownAssortmentType', { value: String(body.assortmentType) });
      }
      if (!key && typeof body.code === 'string' && (await trx.selectFrom('assortments').select('code').where('code', '=', body.code).executeTakeFirst())) errs.add('code', 'admin.exists');
      return pick(body, key ? ['name', 'assortmentType', 'species', 'unit', 'unitPrice', 'isActive'] : ['code', 'name', 'assortmentType', 'species', 'unit', 'unitPrice', 'isActive']);
    },
    insert: async (trx, v) => (await trx.insertInto('assortments').values(v as never).returning('code').executeTakeFirstOrThrow()).code,
    updateRow: async (trx, k, v) => Number((await trx.updateTable('assortments').set({ ...v, lastModifiedAt: new Date() }).where('code', '=', k).executeTakeFirst()).numUpdatedRows),
    remove: async (trx, k) => Number((await trx.deleteFrom('assortments').where('code', '=', k).executeTakeFirst()).numDeletedRows),
    references: [
      { noun: 'waybills', count: (trx, k) => count(trx.selectFrom('waybills').select(sql<number>`count(*)::int`.as('n')).where('assortment', '=', k).execute()) },
      { noun: 'worklogs', count: (trx, k) => count(trx.selectFrom('worklogs').select(sql<number>`count(*)::int`.as('n')).where('assortment', '=', k).execute()) },
    ],
  },
  {
    name: 'companies', title: 'Company', label: 'company', plural: 'Companies', keyParam: 'registryCode', keySchema: TextKey('The company\'s registry code.'),
    rules: `A new registry code must be free and have ${LIMITS.registryCodeLength} digits.`, spec: companySpec, keyCond: (k) => sql`c.registry_code = ${k}`,
    item: Company, page: CompanyPage,
    create: Type.Object({ registryCode: Type.String({ pattern: REGISTRY_CODE_PATTERN, maxLength: LIMITS.registryCodeLength }), ...companyBody }, { title: 'AdminCompanyCreate' }),
    update: Type.Object(companyBody, { title: 'AdminCompanyUpdate' }),
    prepare: async (trx, body, errs, key) => {
      if (!key && typeof body.registryCode === 'string' && (await trx.selectFrom('companies').select('registryCode').where('registryCode', '=', body.registryCode).executeTakeFirst())) errs.add('registryCode', 'admin.exists');
      return pick(body, key ? ['name', 'vatNumber', 'address', 'email', 'isInvoiceCustomer'] : ['registryCode', 'name', 'vatNumber', 'address', 'email', 'isInvoiceCustomer']);
    },
    insert: async (trx, v) => (await trx.insertInto('companies').values(v as never).returning('registryCode').executeTakeFirstOrThrow()).registryCode,
    updateRow: async (trx, k, v) => Number((await trx.updateTable('companies').set({ ...v, lastModifiedAt: new Date() }).where('registryCode', '=', k).executeTakeFirst()).numUpdatedRows),
    remove: async (trx, k) => Number((await trx.deleteFrom('companies').where('registryCode', '=', k).executeTakeFirst()).numDeletedRows),
    references: [
      { noun: 'warehouses', count: (trx, k) => count(trx.selectFrom('warehouses').select(sql<number>`count(*)::int`.as('n')).where('company', '=', k).execute()) },
      { noun: 'waybills', count: (trx, k) => count(trx.selectFrom('waybills').select(sql<number>`count(*)::int`.as('n')).where('destinationCompany', '=', k).execute()) },
      { noun: 'invoices', count: (trx, k) => count(trx.selectFrom('invoices').select(sql<number>`count(*)::int`.as('n')).where('customer', '=', k).execute()) },
      { noun: 'workers', count: (trx, k) => count(trx.selectFrom('workers').select(sql<number>`count(*)::int`.as('n')).where('company', '=', k).execute()) },
    ],
  },
  {
    name: 'warehouses', title: 'Warehouse', label: 'warehouse', plural: 'Warehouses', keyParam: 'id', keySchema: IntKey('The warehouse\'s id.'),
    rules: 'The company must exist. Origin and destination codes are optional, each used by one warehouse at most; a code that waybills use cannot be changed.', spec: warehouseSpec, keyCond: (k) => sql`w.id = ${Number(k)}`,
    item: Warehouse, page: WarehousePage,
    create: Type.Object(warehouseBody, { title: 'AdminWarehouseCreate' }),
    update: Type.Object(warehouseBody, { title: 'AdminWarehouseUpdate' }),
    prepare: async (trx, body, errs, key) => {
      await companyExists(trx, body.company, 'company', errs);
      for (const [field, col, msg] of [['originCode', 'originCode', 'admin.originTaken'], ['destinationCode', 'destinationCode', 'admin.destinationTaken']] as const) {
        const code = body[field];
        if (typeof code !== 'string') continue;
        let q = trx.selectFrom('warehouses').select('id').where(col, '=', code);
        if (key) q = q.where('id', '<>', Number(key));
        if (await q.executeTakeFirst()) errs.add(field, msg);
        // A code in use by waybills cannot be taken away (waybills refer to it).
      }
      if (key) {
        const current = await trx.selectFrom('warehouses').select(['originCode', 'destinationCode']).where('id', '=', Number(key)).executeTakeFirst();
        if (current?.originCode && body.originCode !== undefined && body.originCode !== current.originCode) {
          const used = await count(trx.selectFrom('waybills').select(sql<number>`count(*)::int`.as('n')).where('origin', '=', current.originCode).execute());
          if (used > 0) errs.add('originCode', 'admin.referenced', { list: `${used} waybills` });
        }
        if (current?.destinationCode && body.destinationCode !== undefined && body.destinationCode !== current.destinationCode) {
          const used = await count(trx.selectFrom('waybills').select(sql<number>`count(*)::int`.as('n')).where('destination', '=', current.destinationCode).execute());
          if (used > 0) errs.add('destinationCode', 'admin.referenced', { list: `${used} waybills` });
        }
      }
      return pick(body, ['name', 'company', 'originCode', 'destinationCode', 'address']);
    },
    insert: async (trx, v) => String((await trx.insertInto('warehouses').values(v as never).returning('id').executeTakeFirstOrThrow()).id),
    updateRow: async (trx, k, v) => Number((await trx.updateTable('warehouses').set({ ...v, lastModifiedAt: new Date() }).where('id', '=', Number(k)).executeTakeFirst()).numUpdatedRows),
    remove: async (trx, k) => Number((await trx.deleteFrom('warehouses').where('id', '=', Number(k)).executeTakeFirst()).numDeletedRows),
    references: [
      { noun: 'waybills', count: (trx, k) => count(sql<{ n: number }>`SELECT count(*)::int AS n FROM waybills b JOIN warehouses w ON w.id = ${Number(k)} WHERE b.origin = w.origin_code OR b.destination = w.destination_code`.execute(trx).then((r) => r.rows)) },
      { noun: 'worklogs', count: (trx, k) => count(trx.selectFrom('worklogs').select(sql<number>`count(*)::int`.as('n')).where('warehouse', '=', Number(k)).execute()) },
    ],
  },
  {
    name: 'workers', title: 'Worker', label: 'worker', plural: 'Workers', keyParam: 'workerName', keySchema: TextKey('The worker\'s name.'),
    rules: 'A new name must be free (spaces are tidied); the company, when given, must exist.', spec: workerSpec, keyCond: (k) => sql`k.worker_name = ${k}`,
    item: Worker, page: WorkerPage,
    create: Type.Object({ workerName: Str(LIMITS.nameMaxLength, 1), ...workerBody }, { title: 'AdminWorkerCreate' }),
    update: Type.Object(workerBody, { title: 'AdminWorkerUpdate' }),
    prepare: async (trx, body, errs, key) => {
      await companyExists(trx, body.company, 'company', errs);
      if (!key && typeof body.workerName === 'string') {
        body.workerName = body.workerName.trim().replace(/\s+/g, ' ');
        if (!body.workerName) errs.add('workerName', 'field.blank');
        else if (await trx.selectFrom('workers').select('workerName').where('workerName', '=', body.workerName as string).executeTakeFirst()) errs.add('workerName', 'admin.exists');
      }
      return pick(body, key ? ['company'] : ['workerName', 'company']);
    },
    insert: async (trx, v) => (await trx.insertInto('workers').values(v as never).returning('workerName').executeTakeFirstOrThrow()).workerName,
    updateRow: async (trx, k, v) => Number((await trx.updateTable('workers').set({ ...v, lastModifiedAt: new Date() }).where('workerName', '=', k).executeTakeFirst()).numUpdatedRows),
    remove: async (trx, k) => Number((await trx.deleteFrom('workers').where('workerName', '=', k).executeTakeFirst()).numDeletedRows),
    references: [{ noun: 'worklogs', count: (trx, k) => count(trx.selectFrom('worklogs').select(sql<number>`count(*)::int`.as('n')).where('workerName', '=', k).execute()) }],
  },
];

/** Staff-only write endpoints for reference data under /api/admin/{resource}/ (the public reference endpoints stay read-only). */
export async function adminRoutes(app: App) {
  const { db } = app.ctx;
  for (const r of resources) {
    // Unlike the seed's endpoints, the admin ones carry no trailing slash (the router accepts one anyway).
    const base = `/api/admin/${r.name}`;
    const item = `${base}/:${r.keyParam}`;
    const staffOnly = 'Staff only.';
    const refs = r.references.map((x) => NOUNS[x.noun].en).join(', ');
    const params = Type.Object({ [r.keyParam]: r.keySchema });
    const op = r.title;
    const tags = ['admin'];
    const keyOf = (request: FastifyRequest) => String((request.params as Record<string, unknown>)[r.keyParam]);
    const get = (key: string) => findOne(db, r.spec, r.keyCond(key));

    app.route({
      method: 'GET', url: base, config: { access: 'staff' },
      schema: {
        operationId: `adminList${r.plural}`, summary: `List ${r.label} records for editing`,
        description: `${staffOnly} The same rows, filters, search and sort as \`GET /api/${r.name}/\`.`, tags, querystring: listQuery(r.spec.list, `Admin${op}ListQuery`), response: { 200: ref(r.page), ...errors(400, 401, 403, 404) } },
      handler: async (request) => runList(db, request, r.spec, request.query as Record<string, unknown>),
    });
    app.route({
      method: 'POST', url: base, config: { access: 'staff' },
      schema: { operationId: `adminCreate${op}`, summary: `Create a ${r.label}`, description: `${staffOnly} ${r.rules}`, tags, body: r.create, response: { 201: ref(r.item), ...errors(400, 401, 403) } },
      handler: async (request, reply) => {
        const key = await transaction(db, async (trx) => {
          const errs = new FieldErrors();
          const values = await r.prepare(trx, { ...(request.body as Body) }, errs, undefined);
          errs.throwIfAny();
          return r.insert(trx, values);
        });
        reply.status(201);
        return get(key);
      },
    });
    app.route({
      method: 'GET', url: item, config: { access: 'staff' },
      schema: { operationId: `adminGet${op}`, summary: `Get a ${r.label} for editing`, description: staffOnly, tags, params, response: { 200: ref(r.item), ...errors(401, 403, 404) } },
      handler: async (request) => get(keyOf(request)),
    });
    for (const method of ['PUT', 'PATCH'] as const) {
      app.route({
        method, url: item, config: { access: 'staff' },
        schema: {
          operationId: `admin${method === 'PUT' ? 'Update' : 'Patch'}${op}`,
          summary: method === 'PUT' ? `Update a ${r.label}` : `Update some fields of a ${r.label}`,
          description: method === 'PUT' ? `${staffOnly} ${r.rules} The key cannot change.` : 'As PUT, with every field optional.',
          tags, params,
          body: method === 'PUT' ? r.update : Type.Partial(r.update as never, { title: `Admin${op}Patch` }),
          response: { 200: ref(r.item), ...errors(400, 401, 403, 404) },
        },
        handler: async (request) => {
          const key = keyOf(request);
          await transaction(db, async (trx) => {
            await get(key);
            const errs = new FieldErrors();
            const values = await r.prepare(trx, { ...(request.body as Body) }, errs, key);
            errs.throwIfAny();
            if (Object.keys(values).length > 0) await r.updateRow(trx, key, values);
          });
          return get(key);
        },
      });
    }
    app.route({
      method: 'DELETE', url: item, config: { access: 'staff' },
      schema: { operationId: `adminDelete${op}`, summary: `Delete a ${r.label}`, description: `${staffOnly} Refused while any of these refer to it: ${refs}.`, tags, params, response: { 204: Type.Null(), ...errors(400, 401, 403, 404) } },
      handler: async (request, reply) => {
        const key = keyOf(request);
        await transaction(db, async (trx) => {
          const found = await sql`SELECT 1 FROM ${r.spec.from} WHERE ${r.keyCond(key)} FOR UPDATE OF ${sql.raw(r.spec.tiebreak.split('.')[0]!)}`.execute(trx);
          if (found.rows.length === 0) throw notFound();
          const refs: string[] = [];
          for (const ref of r.references) {
            const n = await ref.count(trx, key);
            if (n > 0) refs.push(`${n} ${NOUNS[ref.noun][request.locale]}`);
          }
          if (refs.length) throw new ApiError(400, undefined, { nonFieldErrors: [{ key: 'admin.referenced', params: { list: refs.join(', ') } }] });
          await r.remove(trx, key);
        });
        return reply.status(204).send(null);
      },
    });
  }
}

