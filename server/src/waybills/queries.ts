import { sql } from 'kysely';
import { compact, eqCond, inCond, type Cond, type ListSpec, type SharedQuery } from '../shared/list.js';

export const waybillSpec: ListSpec = {
  from: sql`waybills b
    JOIN warehouses wo ON wo.origin_code = b.origin
    JOIN warehouses wd ON wd.destination_code = b.destination
    JOIN companies dc ON dc.registry_code = b.destination_company
    JOIN assortments a ON a.code = b.assortment`,
  countFrom: sql`waybills b`,
  select: sql.raw(`b.number, b.status, b.transport_date AS "transportDate", b.origin, wo.name AS "originName", b.destination, wd.name AS "destinationName",
    b.destination_company AS "destinationCompany", dc.name AS "destinationCompanyName", b.driver_name AS "driverName", b.vehicle_number AS "vehicleNumber",
    b.mileage, b.assortment, a.name AS "assortmentName", b.quantity::text AS quantity, a.unit, b.invoice, b.notes, b.created_by AS "createdBy",
    b.created_at AS "createdAt", b.last_modified_at AS "lastModifiedAt"`),
  sortable: {
    number: 'b.number', status: 'b.status', transportDate: 'b.transport_date', origin: 'b.origin', destination: 'b.destination',
    destinationCompany: 'b.destination_company', driverName: 'b.driver_name', vehicleNumber: 'b.vehicle_number', mileage: 'b.mileage',
    assortment: 'b.assortment', quantity: 'b.quantity', invoice: 'b.invoice', createdAt: 'b.created_at', lastModifiedAt: 'b.last_modified_at',
  },
  defaultSort: '-transportDate,-number',
  tiebreak: 'b.number',
  searchExpr: "lower(b.number || ' ' || b.driver_name || ' ' || b.vehicle_number || ' ' || b.notes)",
  createdCol: 'b.created_at',
  modifiedCol: 'b.last_modified_at',
};

export interface WaybillFilters extends SharedQuery {
  assortment?: string[];
  destination?: string[];
  destinationCompany?: string[];
  driverName?: string;
  mileage?: number;
  mileageMin?: number;
  mileageMax?: number;
  origin?: string[];
  status?: string;
  statusIn?: string[];
  transportDate?: string;
  transportDateAfter?: string;
  transportDateBefore?: string;
  invoice?: string;
}

export function waybillConds(q: WaybillFilters): Cond[] {
  return compact([
    inCond('b.assortment', q.assortment),
    inCond('b.destination', q.destination),
    inCond('b.destination_company', q.destinationCompany),
    eqCond('b.driver_name', q.driverName),
    eqCond('b.mileage', q.mileage),
    q.mileageMin !== undefined ? sql`b.mileage >= ${q.mileageMin}` : undefined,
    q.mileageMax !== undefined ? sql`b.mileage <= ${q.mileageMax}` : undefined,
    inCond('b.origin', q.origin),
    eqCond('b.status', q.status),
    inCond('b.status', q.statusIn),
    q.transportDate ? sql`b.transport_date = ${q.transportDate}::date` : undefined,
    q.transportDateAfter ? sql`b.transport_date >= ${q.transportDateAfter}::date` : undefined,
    q.transportDateBefore ? sql`b.transport_date <= ${q.transportDateBefore}::date` : undefined,
    eqCond('b.invoice', q.invoice),
  ]);
}
