import {
  ASSORTMENT_LIST,
  ASSORTMENT_TYPE_LIST,
  CODE_PATTERN,
  COMPANY_LIST,
  EVR_PLACE_CODE_PATTERN,
  EVR_PRODUCT_GROUPS,
  LEST97,
  LIMITS,
  PRICE_PATTERN,
  REGISTRY_CODE_PATTERN,
  SPECIES,
  UNITS,
  WAREHOUSE_LIST,
  WORKER_LIST,
} from '@timberlog/contract';

import type { AdminResourceName } from '../api/adminApi';

import { describe, type AdminCreate, type AdminItem, type AnyResourceDescription } from './describe';

const code = { source: CODE_PATTERN, messageKey: 'admin.validation.code' };
const registryCode = { source: REGISTRY_CODE_PATTERN, messageKey: 'admin.validation.registryCode' };

/** The five reference resources of the admin panel, in the order shown. */
export const ADMIN_RESOURCES: Readonly<Record<AdminResourceName, AnyResourceDescription>> = {
  companies: describe<AdminItem<'Company'>, AdminCreate<'/api/admin/companies'>>({
    resource: 'companies',
    list: COMPANY_LIST,
    keyField: 'registryCode',
    i18n: 'admin.companies',
    fields: [
      { name: 'registryCode', kind: 'text', required: true, maxLength: LIMITS.registryCodeLength, pattern: registryCode, keyOnly: true },
      { name: 'name', kind: 'text', required: true, maxLength: LIMITS.shortTextMaxLength },
      { name: 'vatNumber', kind: 'text', maxLength: LIMITS.vatNumberMaxLength },
      { name: 'address', kind: 'textarea', maxLength: LIMITS.addressMaxLength },
      // The address as EVR takes it, in parts (an owner's or a receiver's).
      { name: 'county', kind: 'nullableText', maxLength: LIMITS.addressPartMaxLength },
      { name: 'city', kind: 'nullableText', maxLength: LIMITS.addressPartMaxLength },
      { name: 'street', kind: 'nullableText', maxLength: LIMITS.addressPartMaxLength },
      { name: 'email', kind: 'text', maxLength: LIMITS.emailMaxLength },
      { name: 'isInvoiceCustomer', kind: 'boolean' },
    ],
    columns: [
      { field: 'registryCode', sortField: 'registryCode' },
      { field: 'name', sortField: 'name' },
      { field: 'vatNumber' },
      { field: 'isInvoiceCustomer' },
    ],
  }),
  warehouses: describe<AdminItem<'Warehouse'>, AdminCreate<'/api/admin/warehouses'>>({
    resource: 'warehouses',
    list: WAREHOUSE_LIST,
    keyField: 'id',
    i18n: 'admin.warehouses',
    fields: [
      { name: 'name', kind: 'text', required: true, maxLength: LIMITS.shortTextMaxLength },
      { name: 'nameEt', kind: 'nullableText', maxLength: LIMITS.shortTextMaxLength },
      { name: 'company', kind: 'text', required: true, maxLength: LIMITS.registryCodeLength, pattern: registryCode },
      { name: 'originCode', kind: 'nullableText', maxLength: LIMITS.codeMaxLength, pattern: code },
      { name: 'destinationCode', kind: 'nullableText', maxLength: LIMITS.codeMaxLength, pattern: code },
      { name: 'address', kind: 'textarea', maxLength: LIMITS.addressMaxLength },
      // The place as EVR knows it: its code, the address in parts, L-EST97 coordinates (both or neither).
      {
        name: 'evrPlaceCode',
        kind: 'nullableText',
        maxLength: LIMITS.evrPlaceCodeMaxLength,
        pattern: { source: EVR_PLACE_CODE_PATTERN, messageKey: 'admin.validation.code' },
      },
      { name: 'county', kind: 'nullableText', maxLength: LIMITS.addressPartMaxLength },
      { name: 'city', kind: 'nullableText', maxLength: LIMITS.addressPartMaxLength },
      { name: 'street', kind: 'nullableText', maxLength: LIMITS.addressPartMaxLength },
      { name: 'coordX', kind: 'nullableNumber', min: LEST97.xMin, max: LEST97.xMax },
      { name: 'coordY', kind: 'nullableNumber', min: LEST97.yMin, max: LEST97.yMax },
    ],
    columns: [
      { field: 'id', sortField: 'id', numeric: true },
      { field: 'name', sortField: 'name' },
      { field: 'companyName' },
      { field: 'originCode' },
      { field: 'destinationCode' },
      { field: 'evrPlaceCode' },
    ],
  }),
  assortments: describe<AdminItem<'Assortment'>, AdminCreate<'/api/admin/assortments'>>({
    resource: 'assortments',
    list: ASSORTMENT_LIST,
    keyField: 'code',
    i18n: 'admin.assortments',
    fields: [
      { name: 'code', kind: 'text', required: true, maxLength: LIMITS.codeMaxLength, pattern: code, keyOnly: true },
      { name: 'name', kind: 'text', required: true, maxLength: LIMITS.nameMaxLength },
      { name: 'assortmentType', kind: 'integer', required: true },
      { name: 'species', kind: 'enum', required: true, options: SPECIES },
      { name: 'unit', kind: 'enum', required: true, options: UNITS },
      { name: 'unitPrice', kind: 'decimal', required: true, pattern: { source: PRICE_PATTERN, messageKey: 'admin.validation.price' } },
      { name: 'isActive', kind: 'boolean' },
    ],
    columns: [
      { field: 'code', sortField: 'code' },
      { field: 'name', sortField: 'name' },
      { field: 'assortmentTypeName' },
      { field: 'species', format: 'option' },
      { field: 'unitPrice', numeric: true, format: 'money' },
      { field: 'isActive' },
    ],
  }),
  'assortment-types': describe<AdminItem<'AssortmentType'>, AdminCreate<'/api/admin/assortment-types'>>({
    resource: 'assortment-types',
    list: ASSORTMENT_TYPE_LIST,
    keyField: 'id',
    i18n: 'admin.assortmentTypes',
    fields: [
      { name: 'name', kind: 'text', required: true, maxLength: LIMITS.assortmentTypeNameMaxLength },
      { name: 'nameEt', kind: 'nullableText', maxLength: LIMITS.assortmentTypeNameMaxLength },
      { name: 'description', kind: 'textarea', maxLength: LIMITS.notesMaxLength },
      { name: 'evrProductGroup', kind: 'enum', required: true, options: EVR_PRODUCT_GROUPS },
    ],
    columns: [
      { field: 'id', sortField: 'id', numeric: true },
      { field: 'name', sortField: 'name' },
      { field: 'evrProductGroup', format: 'option' },
      { field: 'description' },
    ],
  }),
  workers: describe<AdminItem<'Worker'>, AdminCreate<'/api/admin/workers'>>({
    resource: 'workers',
    list: WORKER_LIST,
    keyField: 'workerName',
    i18n: 'admin.workers',
    fields: [
      { name: 'workerName', kind: 'text', required: true, maxLength: LIMITS.nameMaxLength, keyOnly: true },
      { name: 'company', kind: 'nullableText', maxLength: LIMITS.registryCodeLength, pattern: registryCode },
    ],
    columns: [{ field: 'workerName', sortField: 'workerName' }, { field: 'companyName' }],
  }),
};
