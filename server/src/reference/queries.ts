import { sql } from 'kysely';
import { ASSORTMENT_LIST, ASSORTMENT_TYPE_LIST, COMPANY_LIST, WAREHOUSE_LIST, WORKER_LIST } from '@timberlog/contract';
import { defineSpec } from '../list/index.js';

// The version moves with every change (migration 021): the admin screens send it back in If-Match.
const stamps = (t: string) => `${t}.created_at AS "createdAt", ${t}.last_modified_at AS "lastModifiedAt", ${t}.version`;
/** `hasWorklogs` is computed: a filter on it tests EXISTS itself rather than comparing the computed column. */
const existsFilter = (expr: string) => (v: unknown) => (v ? sql.raw(expr) : sql.raw(`NOT ${expr}`));

export const assortmentTypeSpec = defineSpec({
  list: ASSORTMENT_TYPE_LIST,
  from: sql`assortment_types t`,
  select: sql.raw(`t.id, t.name, t.name_et AS "nameEt", t.description, t.evr_product_group AS "evrProductGroup", ${stamps('t')}`),
  columns: { id: 't.id', name: 't.name', createdAt: 't.created_at', lastModifiedAt: 't.last_modified_at' },
  searchColumns: { description: 't.description' },
  tiebreak: 't.id',
});

export const assortmentSpec = defineSpec({
  list: ASSORTMENT_LIST,
  from: sql`assortments a JOIN assortment_types t ON t.id = a.assortment_type`,
  select: sql.raw(
    `a.code, a.name, a.assortment_type AS "assortmentType", t.name AS "assortmentTypeName", a.species, a.unit, a.unit_price::text AS "unitPrice", a.is_active AS "isActive", ${stamps('a')}`,
  ),
  columns: {
    code: 'a.code',
    name: 'a.name',
    assortmentType: 'a.assortment_type',
    species: 'a.species',
    unit: 'a.unit',
    unitPrice: 'a.unit_price',
    isActive: 'a.is_active',
    createdAt: 'a.created_at',
    lastModifiedAt: 'a.last_modified_at',
  },
  tiebreak: 'a.code',
});

const companyHasWorklogs =
  'EXISTS (SELECT 1 FROM warehouses hw JOIN worklogs hl ON hl.warehouse = hw.id WHERE hw.company = c.registry_code)';
export const companySpec = defineSpec({
  list: COMPANY_LIST,
  from: sql`companies c`,
  select: sql.raw(
    `c.registry_code AS "registryCode", c.name, c.vat_number AS "vatNumber", c.address, c.county, c.city, c.street, c.email, c.language, c.is_invoice_customer AS "isInvoiceCustomer", ${companyHasWorklogs} AS "hasWorklogs", ${stamps('c')}`,
  ),
  columns: {
    registryCode: 'c.registry_code',
    name: 'c.name',
    isInvoiceCustomer: 'c.is_invoice_customer',
    createdAt: 'c.created_at',
    lastModifiedAt: 'c.last_modified_at',
  },
  custom: { hasWorklogs: existsFilter(companyHasWorklogs) },
  tiebreak: 'c.registry_code',
});

const warehouseHasWorklogs = 'EXISTS (SELECT 1 FROM worklogs hl WHERE hl.warehouse = w.id)';
export const warehouseSpec = defineSpec({
  list: WAREHOUSE_LIST,
  from: sql`warehouses w JOIN companies c ON c.registry_code = w.company`,
  select: sql.raw(
    `w.id, w.name, w.name_et AS "nameEt", w.company, c.name AS "companyName", w.origin_code AS "originCode", w.destination_code AS "destinationCode", w.address, w.evr_place_code AS "evrPlaceCode", w.county, w.city, w.street, w.coord_x::float8 AS "coordX", w.coord_y::float8 AS "coordY", ${warehouseHasWorklogs} AS "hasWorklogs", ${stamps('w')}`,
  ),
  columns: {
    id: 'w.id',
    name: 'w.name',
    company: 'w.company',
    originCode: 'w.origin_code',
    destinationCode: 'w.destination_code',
    createdAt: 'w.created_at',
    lastModifiedAt: 'w.last_modified_at',
  },
  // Codes are optional; coalesced as the trigram index on the three is written.
  searchColumns: { originCode: "coalesce(w.origin_code, '')", destinationCode: "coalesce(w.destination_code, '')" },
  custom: { hasWorklogs: existsFilter(warehouseHasWorklogs) },
  tiebreak: 'w.id',
});

export const workerSpec = defineSpec({
  list: WORKER_LIST,
  from: sql`workers k LEFT JOIN companies c ON c.registry_code = k.company`,
  select: sql.raw(
    `k.worker_name AS "workerName", k.company, c.name AS "companyName", k.worklog_count AS "worklogCount", k.last_worklog_at AS "lastWorklogAt", ${stamps('k')}`,
  ),
  columns: {
    workerName: 'k.worker_name',
    company: 'k.company',
    worklogCount: 'k.worklog_count',
    lastWorklogAt: 'k.last_worklog_at',
    createdAt: 'k.created_at',
    lastModifiedAt: 'k.last_modified_at',
  },
  tiebreak: 'k.worker_name',
});
