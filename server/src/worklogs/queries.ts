import { sql } from 'kysely';
import { WORKLOG_LIST } from '@timberlog/contract';
import { defineSpec } from '../list/index.js';

export const worklogSpec = defineSpec({
  list: WORKLOG_LIST,
  from: sql`worklogs l
    JOIN warehouses w ON w.id = l.warehouse
    JOIN companies c ON c.registry_code = w.company
    LEFT JOIN assortments a ON a.code = l.assortment`,
  countFrom: sql`worklogs l`,
  select:
    sql.raw(`l.number, l.timestamp, l.action, l.warehouse, w.name AS "warehouseName", w.company AS "warehouseCompany", c.name AS "warehouseCompanyName",
    l.worker_name AS "workerName", l.assortment, a.name AS "assortmentName", l.quantity::text AS quantity, l.waybill, l.duration_minutes AS "durationMinutes",
    l.notes, l.created_by AS "createdBy", (SELECT u.name FROM users u WHERE u.email = l.created_by) AS "createdByName", l.created_at AS "createdAt", l.last_modified_at AS "lastModifiedAt", l.version`),
  columns: {
    number: 'l.number',
    timestamp: 'l.timestamp',
    action: 'l.action',
    warehouse: 'l.warehouse',
    workerName: 'l.worker_name',
    assortment: 'l.assortment',
    quantity: 'l.quantity',
    waybill: 'l.waybill',
    durationMinutes: 'l.duration_minutes',
    createdAt: 'l.created_at',
    lastModifiedAt: 'l.last_modified_at',
  },
  searchColumns: { notes: 'l.notes' },
  custom: {
    // Through a subquery on the base table, so counting needs no join (countFrom).
    warehouseCompany: (v) => sql`l.warehouse IN (SELECT id FROM warehouses WHERE company = ANY(${v}))`,
  },
  tiebreak: 'l.number',
  // The worklog filters read the worklogs and, for the company, the warehouses: both move this
  // version (013_worklog_versions.sql), so a filtered count is kept while it holds.
  version: sql`SELECT coalesce(sum(v), 0) FROM worklog_versions`,
});
