import { sql } from 'kysely';
import { afterCond, beforeCond, compact, eqCond, inCond, type Cond, type ListSpec, type SharedQuery } from '../shared/list.js';

export const worklogSpec: ListSpec = {
  from: sql`worklogs l
    JOIN warehouses w ON w.id = l.warehouse
    JOIN companies c ON c.registry_code = w.company
    LEFT JOIN assortments a ON a.code = l.assortment`,
  countFrom: sql`worklogs l`,
  select: sql.raw(`l.number, l.timestamp, l.action, l.warehouse, w.name AS "warehouseName", w.company AS "warehouseCompany", c.name AS "warehouseCompanyName",
    l.worker_name AS "workerName", l.assortment, a.name AS "assortmentName", l.quantity::text AS quantity, l.waybill, l.duration_minutes AS "durationMinutes",
    l.notes, l.created_by AS "createdBy", l.created_at AS "createdAt", l.last_modified_at AS "lastModifiedAt"`),
  sortable: {
    number: 'l.number', timestamp: 'l.timestamp', action: 'l.action', warehouse: 'l.warehouse', workerName: 'l.worker_name', assortment: 'l.assortment',
    quantity: 'l.quantity', waybill: 'l.waybill', durationMinutes: 'l.duration_minutes', createdAt: 'l.created_at', lastModifiedAt: 'l.last_modified_at',
  },
  defaultSort: '-timestamp,-number',
  tiebreak: 'l.number',
  searchExpr: "lower(l.number || ' ' || l.worker_name || ' ' || l.notes)",
  createdCol: 'l.created_at',
  modifiedCol: 'l.last_modified_at',
};

export interface WorklogFilters extends SharedQuery {
  action?: string;
  actionIn?: string[];
  timestamp?: string;
  timestampAfter?: string;
  timestampBefore?: string;
  warehouse?: number[];
  warehouseCompany?: string[];
  workerName?: string[];
  waybill?: string;
}

export function worklogConds(q: WorklogFilters): Cond[] {
  return compact([
    eqCond('l.action', q.action),
    inCond('l.action', q.actionIn),
    q.timestamp ? sql`l.timestamp >= ${q.timestamp}::date AND l.timestamp < (${q.timestamp}::date + 1)` : undefined,
    q.timestampAfter ? afterCond('l.timestamp', q.timestampAfter) : undefined,
    q.timestampBefore ? beforeCond('l.timestamp', q.timestampBefore) : undefined,
    inCond('l.warehouse', q.warehouse),
    q.warehouseCompany?.length ? sql`l.warehouse IN (SELECT id FROM warehouses WHERE company = ANY(${q.warehouseCompany}))` : undefined,
    inCond('l.worker_name', q.workerName),
    eqCond('l.waybill', q.waybill),
  ]);
}
