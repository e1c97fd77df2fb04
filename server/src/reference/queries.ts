import { sql } from 'kysely';
import type { ListSpec } from '../shared/list.js';

const stamps = (t: string) => `${t}.created_at AS "createdAt", ${t}.last_modified_at AS "lastModifiedAt"`;

export const assortmentTypeSpec: ListSpec = {
  from: sql`assortment_types t`,
  select: sql.raw(`t.id, t.name, t.description, ${stamps('t')}`),
  sortable: { id: 't.id', name: 't.name', createdAt: 't.created_at', lastModifiedAt: 't.last_modified_at' },
  defaultSort: 'name',
  tiebreak: 't.id',
  searchExpr: "lower(t.name || ' ' || t.description)",
  createdCol: 't.created_at',
  modifiedCol: 't.last_modified_at',
};

export const assortmentSpec: ListSpec = {
  from: sql`assortments a JOIN assortment_types t ON t.id = a.assortment_type`,
  select: sql.raw(
    `a.code, a.name, a.assortment_type AS "assortmentType", t.name AS "assortmentTypeName", a.species, a.unit, a.unit_price::text AS "unitPrice", a.is_active AS "isActive", ${stamps('a')}`,
  ),
  sortable: { code: 'a.code', name: 'a.name', assortmentType: 'a.assortment_type', species: 'a.species', unit: 'a.unit', unitPrice: 'a.unit_price', createdAt: 'a.created_at', lastModifiedAt: 'a.last_modified_at' },
  defaultSort: 'code',
  tiebreak: 'a.code',
  searchExpr: "lower(a.code || ' ' || a.name)",
  createdCol: 'a.created_at',
  modifiedCol: 'a.last_modified_at',
};

const companyHasWorklogs = 'EXISTS (SELECT 1 FROM warehouses hw JOIN worklogs hl ON hl.warehouse = hw.id WHERE hw.company = c.registry_code)';
export const companySpec: ListSpec = {
  from: sql`companies c`,
  select: sql.raw(
    `c.registry_code AS "registryCode", c.name, c.vat_number AS "vatNumber", c.address, c.email, c.is_invoice_customer AS "isInvoiceCustomer", ${companyHasWorklogs} AS "hasWorklogs", ${stamps('c')}`,
  ),
  sortable: { registryCode: 'c.registry_code', name: 'c.name', createdAt: 'c.created_at', lastModifiedAt: 'c.last_modified_at' },
  defaultSort: 'name',
  tiebreak: 'c.registry_code',
  searchExpr: "lower(c.name || ' ' || c.registry_code)",
  createdCol: 'c.created_at',
  modifiedCol: 'c.last_modified_at',
};
export const COMPANY_HAS_WORKLOGS = companyHasWorklogs;

const warehouseHasWorklogs = 'EXISTS (SELECT 1 FROM worklogs hl WHERE hl.warehouse = w.id)';
export const warehouseSpec: ListSpec = {
  from: sql`warehouses w JOIN companies c ON c.registry_code = w.company`,
  select: sql.raw(
    `w.id, w.name, w.company, c.name AS "companyName", w.origin_code AS "originCode", w.destination_code AS "destinationCode", w.address, ${warehouseHasWorklogs} AS "hasWorklogs", ${stamps('w')}`,
  ),
  sortable: { id: 'w.id', name: 'w.name', company: 'w.company', originCode: 'w.origin_code', destinationCode: 'w.destination_code', createdAt: 'w.created_at', lastModifiedAt: 'w.last_modified_at' },
  defaultSort: 'name',
  tiebreak: 'w.id',
  searchExpr: "lower(w.name || ' ' || coalesce(w.origin_code, '') || ' ' || coalesce(w.destination_code, ''))",
  createdCol: 'w.created_at',
  modifiedCol: 'w.last_modified_at',
};
export const WAREHOUSE_HAS_WORKLOGS = warehouseHasWorklogs;

export const workerSpec: ListSpec = {
  from: sql`workers k LEFT JOIN companies c ON c.registry_code = k.company`,
  select: sql.raw(
    `k.worker_name AS "workerName", k.company, c.name AS "companyName", k.worklog_count AS "worklogCount", k.last_worklog_at AS "lastWorklogAt", ${stamps('k')}`,
  ),
  sortable: { workerName: 'k.worker_name', company: 'k.company', worklogCount: 'k.worklog_count', lastWorklogAt: 'k.last_worklog_at', createdAt: 'k.created_at', lastModifiedAt: 'k.last_modified_at' },
  defaultSort: 'workerName',
  tiebreak: 'k.worker_name',
  searchExpr: 'lower(k.worker_name)',
  createdCol: 'k.created_at',
  modifiedCol: 'k.last_modified_at',
};
