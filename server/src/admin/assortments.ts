import { LIMITS, SPECIES, UNITS } from '@timberlog/contract';
import { sql } from 'kysely';
import { Assortment, AssortmentPage } from '../reference/schemas.js';
import { assortmentSpec } from '../reference/queries.js';
import type { FieldErrors } from '../http/errors.js';
import { Price, Str, StrEnum, Type } from '../http/schema.js';
import { adminResource, CodeStr, count, countOf, IntKey, notBlank, pick, TextKey, type Trx } from './resource.js';

const body = {
  name: Str(LIMITS.nameMaxLength, 1),
  assortmentType: IntKey('Id of the assortment type.'),
  species: StrEnum(SPECIES),
  unit: StrEnum(UNITS),
  unitPrice: Price(),
  isActive: Type.Optional(Type.Boolean()),
};
const FIELDS = ['name', 'assortmentType', 'species', 'unit', 'unitPrice', 'isActive'] as const;

async function typeExists(trx: Trx, id: number | undefined, errs: FieldErrors): Promise<void> {
  if (id === undefined) return;
  const found = await trx.selectFrom('assortmentTypes').select('id').where('id', '=', id).executeTakeFirst();
  if (!found) errs.add('assortmentType', 'ref.unknownAssortmentType', { value: String(id) });
}

/** Assortments, keyed by their code; refused for deletion while waybills or worklogs name one. */
export const assortmentRoutes = adminResource({
  name: 'assortments',
  table: 'assortments',
  entity: 'assortment',
  title: 'Assortment',
  label: 'assortment',
  plural: 'Assortments',
  keyParam: 'code',
  keySchema: TextKey("The assortment's code."),
  rules: 'A new code must be free and made of letters, digits, `_` and `-`; the assortment type must exist.',
  spec: assortmentSpec,
  keyCond: (key) => sql`a.code = ${key}`,
  item: Assortment,
  page: AssortmentPage,
  createBody: Type.Object({ code: CodeStr(), ...body }, { title: 'AdminAssortmentCreate' }),
  updateBody: Type.Object(body, { title: 'AdminAssortmentUpdate' }),
  prepareCreate: async (trx, input, errs) => {
    notBlank(errs, 'name', input.name);
    await typeExists(trx, input.assortmentType, errs);
    if (await trx.selectFrom('assortments').select('code').where('code', '=', input.code).executeTakeFirst())
      errs.add('code', 'admin.exists');
    const { code, name, assortmentType, species, unit, unitPrice } = input;
    return { code, name, assortmentType, species, unit, unitPrice, ...pick(input, ['isActive']) };
  },
  prepareUpdate: async (trx, _key, input, errs) => {
    notBlank(errs, 'name', input.name);
    await typeExists(trx, input.assortmentType, errs);
    return pick(input, FIELDS);
  },
  insert: async (trx, row) => (await trx.insertInto('assortments').values(row).returning('code').executeTakeFirstOrThrow()).code,
  update: async (trx, key, row) => {
    await trx
      .updateTable('assortments')
      .set({ ...row, lastModifiedAt: new Date() })
      .where('code', '=', key)
      .execute();
  },
  remove: async (trx, key) => {
    await trx.deleteFrom('assortments').where('code', '=', key).execute();
  },
  references: [
    { noun: 'waybills', count: (trx, key) => count(trx.selectFrom('waybills').select(countOf).where('assortment', '=', key).execute()) },
    { noun: 'worklogs', count: (trx, key) => count(trx.selectFrom('worklogs').select(countOf).where('assortment', '=', key).execute()) },
  ],
});
