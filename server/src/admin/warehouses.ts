import { EVR_PLACE_CODE_PATTERN, LEST97, LIMITS } from '@timberlog/contract';
import { sql } from 'kysely';
import { Warehouse, WarehousePage } from '../reference/schemas.js';
import { warehouseSpec } from '../reference/queries.js';
import type { FieldErrors } from '../http/errors.js';
import { Nullable, Str, Type } from '../http/schema.js';
import {
  adminResource,
  CodeStr,
  companyExists,
  count,
  countOf,
  IntKey,
  notBlank,
  pick,
  RegistryCode,
  referencedBy,
  type Trx,
} from './resource.js';

const body = {
  name: Str(LIMITS.shortTextMaxLength, 1),
  nameEt: Type.Optional(Nullable(Str(LIMITS.shortTextMaxLength))),
  company: RegistryCode(),
  originCode: Type.Optional(Nullable(CodeStr())),
  destinationCode: Type.Optional(Nullable(CodeStr())),
  address: Type.Optional(Str(LIMITS.addressMaxLength)),
  evrPlaceCode: Type.Optional(
    Nullable(Type.String({ minLength: 1, maxLength: LIMITS.evrPlaceCodeMaxLength, pattern: EVR_PLACE_CODE_PATTERN })),
  ),
  county: Type.Optional(Nullable(Str(LIMITS.addressPartMaxLength))),
  city: Type.Optional(Nullable(Str(LIMITS.addressPartMaxLength))),
  street: Type.Optional(Nullable(Str(LIMITS.addressPartMaxLength))),
  coordX: Type.Optional(Nullable(Type.Number({ minimum: LEST97.xMin, maximum: LEST97.xMax }))),
  coordY: Type.Optional(Nullable(Type.Number({ minimum: LEST97.yMin, maximum: LEST97.yMax }))),
};
const EVR_FIELDS = ['evrPlaceCode', 'county', 'city', 'street', 'coordX', 'coordY'] as const;
const FIELDS = ['name', 'nameEt', 'company', 'originCode', 'destinationCode', 'address', ...EVR_FIELDS] as const;
const CODES = [
  { field: 'originCode', taken: 'admin.originTaken', waybillColumn: 'origin' },
  { field: 'destinationCode', taken: 'admin.destinationTaken', waybillColumn: 'destination' },
] as const;

interface Fields {
  name?: string | undefined;
  nameEt?: string | null | undefined;
  company?: string | undefined;
  originCode?: string | null | undefined;
  destinationCode?: string | null | undefined;
  evrPlaceCode?: string | null | undefined;
  county?: string | null | undefined;
  city?: string | null | undefined;
  street?: string | null | undefined;
  coordX?: number | null | undefined;
  coordY?: number | null | undefined;
}

/** The company must exist; each code is used by one warehouse at most (`id`: the one being changed). */
async function check(trx: Trx, input: Fields, errs: FieldErrors, id?: number): Promise<void> {
  notBlank(errs, 'name', input.name);
  await companyExists(trx, input.company, 'company', errs);
  for (const { field, taken } of CODES) {
    const code = input[field];
    if (typeof code !== 'string') continue;
    let query = trx.selectFrom('warehouses').select('id').where(field, '=', code);
    if (id !== undefined) query = query.where('id', '<>', id);
    if (await query.executeTakeFirst()) errs.add(field, taken);
  }
  // Empty text clears the Estonian name or an address part, as a form sends its empty inputs.
  for (const k of ['nameEt', 'evrPlaceCode', 'county', 'city', 'street'] as const)
    if (typeof input[k] === 'string') input[k] = input[k].trim() || null;
  if (input.evrPlaceCode) {
    let query = trx.selectFrom('warehouses').select('id').where('evrPlaceCode', '=', input.evrPlaceCode);
    if (id !== undefined) query = query.where('id', '<>', id);
    if (await query.executeTakeFirst()) errs.add('evrPlaceCode', 'admin.evrPlaceCodeTaken');
  }
  // A point is both coordinates: they are sent, and cleared, together.
  const x = input.coordX;
  const y = input.coordY;
  if ((x === undefined) !== (y === undefined) || (x !== undefined && (x === null) !== (y === null)))
    errs.add(x === undefined || x === null ? 'coordX' : 'coordY', 'admin.coordinatesPair');
}

/** Warehouses, with their origin and destination codes; refused for deletion while waybills or worklogs refer to one. */
export const warehouseRoutes = adminResource({
  name: 'warehouses',
  table: 'warehouses',
  entity: 'warehouse',
  title: 'Warehouse',
  label: 'warehouse',
  plural: 'Warehouses',
  keyParam: 'id',
  keySchema: IntKey("The warehouse's id."),
  rules:
    'The company must exist. Origin and destination codes are optional, each used by one warehouse at most; a code that waybills use cannot be changed.',
  spec: warehouseSpec,
  keyCond: (key) => sql`w.id = ${Number(key)}`,
  item: Warehouse,
  page: WarehousePage,
  createBody: Type.Object(body, { title: 'AdminWarehouseCreate' }),
  updateBody: Type.Object(body, { title: 'AdminWarehouseUpdate' }),
  prepareCreate: async (trx, input, errs) => {
    await check(trx, input, errs);
    return {
      name: input.name,
      company: input.company,
      ...pick(input, ['nameEt', 'originCode', 'destinationCode', 'address', ...EVR_FIELDS]),
    };
  },
  prepareUpdate: async (trx, key, input, errs, locale) => {
    await check(trx, input, errs, Number(key));
    // Waybills refer to a warehouse by its codes: a code they use cannot be changed or taken away.
    const current = await trx
      .selectFrom('warehouses')
      .select(['originCode', 'destinationCode'])
      .where('id', '=', Number(key))
      .executeTakeFirst();
    for (const { field, waybillColumn } of CODES) {
      const code = current?.[field];
      if (!code || input[field] === undefined || input[field] === code) continue;
      const used = await count(trx.selectFrom('waybills').select(countOf).where(waybillColumn, '=', code).execute());
      if (used > 0) {
        const refused = referencedBy(locale, [['waybills', used]]);
        errs.add(field, refused.key, refused.params);
      }
    }
    return pick(input, FIELDS);
  },
  insert: async (trx, row) => String((await trx.insertInto('warehouses').values(row).returning('id').executeTakeFirstOrThrow()).id),
  update: async (trx, key, row) => {
    await trx
      .updateTable('warehouses')
      .set({ ...row, lastModifiedAt: new Date() })
      .where('id', '=', Number(key))
      .execute();
  },
  remove: async (trx, key) => {
    await trx.deleteFrom('warehouses').where('id', '=', Number(key)).execute();
  },
  references: [
    {
      noun: 'waybills',
      count: (trx, key) =>
        count(
          sql<{
            n: number;
          }>`SELECT count(*)::int AS n FROM waybills b JOIN warehouses w ON w.id = ${Number(key)} WHERE b.origin = w.origin_code OR b.destination = w.destination_code`
            .execute(trx)
            .then((result) => result.rows),
        ),
    },
    {
      noun: 'worklogs',
      count: (trx, key) => count(trx.selectFrom('worklogs').select(countOf).where('warehouse', '=', Number(key)).execute()),
    },
  ],
});
