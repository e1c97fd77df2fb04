import { sql } from 'kysely';
import { WAYBILL_LIST } from '@timberlog/contract';
import { defineSpec } from '../shared/list.js';

export const waybillSpec = defineSpec({
  list: WAYBILL_LIST,
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
  columns: {
    number: 'b.number', status: 'b.status', transportDate: 'b.transport_date', origin: 'b.origin', destination: 'b.destination',
    destinationCompany: 'b.destination_company', driverName: 'b.driver_name', vehicleNumber: 'b.vehicle_number', mileage: 'b.mileage',
    assortment: 'b.assortment', quantity: 'b.quantity', invoice: 'b.invoice', createdAt: 'b.created_at', lastModifiedAt: 'b.last_modified_at',
  },
  searchColumns: { notes: 'b.notes' },
  tiebreak: 'b.number',
});
