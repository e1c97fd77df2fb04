import { EVR_PRODUCT_GROUPS, LIMITS, productGroupOfName } from '@timberlog/contract';
import { sql } from 'kysely';
import { AssortmentType, AssortmentTypePage } from '../reference/schemas.js';
import { assortmentTypeSpec } from '../reference/queries.js';
import { Nullable, Str, StrEnum, Type } from '../http/schema.js';
import { adminResource, count, countOf, IntKey, notBlank, pick } from './resource.js';

const body = {
  name: Str(LIMITS.assortmentTypeNameMaxLength, 1),
  nameEt: Type.Optional(Nullable(Str(LIMITS.assortmentTypeNameMaxLength))),
  description: Type.Optional(Str(LIMITS.notesMaxLength)),
  evrProductGroup: Type.Optional(
    StrEnum(EVR_PRODUCT_GROUPS, { description: "EVR's product group; on create, without it, what the name suggests." }),
  ),
};
/** Empty text clears the Estonian name, as a form sends its empty inputs. */
const withNameEt = <T extends { nameEt?: string | null | undefined }>(input: T): T =>
  typeof input.nameEt === 'string' ? { ...input, nameEt: input.nameEt.trim() || null } : input;

/** Assortment types: a name, a description and EVR's product group; refused for deletion while assortments use one. */
export const assortmentTypeRoutes = adminResource({
  name: 'assortment-types',
  table: 'assortment_types',
  entity: 'assortment_type',
  title: 'AssortmentType',
  label: 'assortment type',
  plural: 'AssortmentTypes',
  keyParam: 'id',
  keySchema: IntKey("The assortment type's id."),
  rules: 'The name must not be blank.',
  spec: assortmentTypeSpec,
  keyCond: (key) => sql`t.id = ${Number(key)}`,
  item: AssortmentType,
  page: AssortmentTypePage,
  createBody: Type.Object(body, { title: 'AdminAssortmentTypeCreate' }),
  updateBody: Type.Object(body, { title: 'AdminAssortmentTypeUpdate' }),
  prepareCreate: async (_trx, input, errs) => {
    notBlank(errs, 'name', input.name);
    return {
      name: input.name,
      evrProductGroup: input.evrProductGroup ?? productGroupOfName(input.name),
      ...pick(withNameEt(input), ['nameEt', 'description']),
    };
  },
  prepareUpdate: async (_trx, _key, input, errs) => {
    notBlank(errs, 'name', input.name);
    return pick(withNameEt(input), ['name', 'nameEt', 'description', 'evrProductGroup']);
  },
  insert: async (trx, row) => String((await trx.insertInto('assortmentTypes').values(row).returning('id').executeTakeFirstOrThrow()).id),
  update: async (trx, key, row) => {
    await trx
      .updateTable('assortmentTypes')
      .set({ ...row, lastModifiedAt: new Date() })
      .where('id', '=', Number(key))
      .execute();
  },
  remove: async (trx, key) => {
    await trx.deleteFrom('assortmentTypes').where('id', '=', Number(key)).execute();
  },
  references: [
    {
      noun: 'assortments',
      count: (trx, key) => count(trx.selectFrom('assortments').select(countOf).where('assortmentType', '=', Number(key)).execute()),
    },
  ],
});
