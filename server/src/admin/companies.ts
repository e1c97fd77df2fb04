import { LIMITS, LOCALES } from '@timberlog/contract';
import { sql } from 'kysely';
import { Company, CompanyPage } from '../reference/schemas.js';
import { companySpec } from '../reference/queries.js';
import { Nullable, Str, StrEnum, Type } from '../http/schema.js';
import { adminResource, count, countOf, notBlank, pick, RegistryCode, TextKey } from './resource.js';

const body = {
  name: Str(LIMITS.shortTextMaxLength, 1),
  vatNumber: Type.Optional(Str(LIMITS.vatNumberMaxLength)),
  address: Type.Optional(Str(LIMITS.addressMaxLength)),
  county: Type.Optional(Nullable(Str(LIMITS.addressPartMaxLength))),
  city: Type.Optional(Nullable(Str(LIMITS.addressPartMaxLength))),
  street: Type.Optional(Nullable(Str(LIMITS.addressPartMaxLength))),
  email: Type.Optional(Type.Union([Type.String({ format: 'email', maxLength: LIMITS.emailMaxLength }), Type.Literal('')])),
  isInvoiceCustomer: Type.Optional(Type.Boolean()),
  language: Type.Optional(
    Nullable(StrEnum(LOCALES, { description: 'The language its invoices are mailed in; null: not known (Estonian is used).' })),
  ),
};
const OPTIONAL = ['vatNumber', 'address', 'county', 'city', 'street', 'email', 'isInvoiceCustomer', 'language'] as const;

/** Empty text clears an address part, as a form sends its empty inputs. */
const withParts = <T extends { county?: string | null; city?: string | null; street?: string | null }>(input: T): T => {
  const out = { ...input };
  for (const k of ['county', 'city', 'street'] as const) if (typeof out[k] === 'string') out[k] = out[k].trim() || null;
  return out;
};

/** Companies, keyed by their registry code; refused for deletion while warehouses, waybills, invoices or workers name one. */
export const companyRoutes = adminResource({
  name: 'companies',
  table: 'companies',
  entity: 'company',
  title: 'Company',
  label: 'company',
  plural: 'Companies',
  keyParam: 'registryCode',
  keySchema: TextKey("The company's registry code."),
  rules: `A new registry code must be free and have ${LIMITS.registryCodeLength} digits.`,
  spec: companySpec,
  keyCond: (key) => sql`c.registry_code = ${key}`,
  item: Company,
  page: CompanyPage,
  createBody: Type.Object({ registryCode: RegistryCode(), ...body }, { title: 'AdminCompanyCreate' }),
  updateBody: Type.Object(body, { title: 'AdminCompanyUpdate' }),
  prepareCreate: async (trx, input, errs) => {
    notBlank(errs, 'name', input.name);
    if (await trx.selectFrom('companies').select('registryCode').where('registryCode', '=', input.registryCode).executeTakeFirst())
      errs.add('registryCode', 'admin.exists');
    return { registryCode: input.registryCode, name: input.name, ...pick(withParts(input), OPTIONAL) };
  },
  prepareUpdate: async (_trx, _key, input, errs) => {
    notBlank(errs, 'name', input.name);
    return pick(withParts(input), ['name', ...OPTIONAL]);
  },
  insert: async (trx, row) =>
    (await trx.insertInto('companies').values(row).returning('registryCode').executeTakeFirstOrThrow()).registryCode,
  update: async (trx, key, row) => {
    await trx
      .updateTable('companies')
      .set({ ...row, lastModifiedAt: new Date() })
      .where('registryCode', '=', key)
      .execute();
  },
  remove: async (trx, key) => {
    await trx.deleteFrom('companies').where('registryCode', '=', key).execute();
  },
  references: [
    { noun: 'warehouses', count: (trx, key) => count(trx.selectFrom('warehouses').select(countOf).where('company', '=', key).execute()) },
    {
      noun: 'waybills',
      count: (trx, key) =>
        count(
          trx
            .selectFrom('waybills')
            .select(countOf)
            .where((eb) => eb.or([eb('destinationCompany', '=', key), eb('ownerCompany', '=', key), eb('transporterCompany', '=', key)]))
            .execute(),
        ),
    },
    { noun: 'invoices', count: (trx, key) => count(trx.selectFrom('invoices').select(countOf).where('customer', '=', key).execute()) },
    { noun: 'workers', count: (trx, key) => count(trx.selectFrom('workers').select(countOf).where('company', '=', key).execute()) },
  ],
});
