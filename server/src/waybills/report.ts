import type { ReportDefinition } from '../exports/registry.js';
import { waybillSpec } from './queries.js';

export const waybillReport: ReportDefinition = {
  kind: 'waybill_report',
  spec: waybillSpec,
  sheet: 'report.waybills.sheet',
  fileStem: { en: 'waybills', et: 'veoselehed' },
  columns: [
    { key: 'number', header: 'report.column.number', width: 16 },
    { key: 'status', header: 'report.column.status', width: 16, values: 'value.waybillStatus' },
    { key: 'transportDate', header: 'report.column.transportDate', width: 13, kind: 'date' },
    { key: 'origin', header: 'report.column.origin', width: 12 },
    { key: 'originName', header: 'report.column.originName', width: 28 },
    { key: 'destination', header: 'report.column.destination', width: 12 },
    { key: 'destinationName', header: 'report.column.destinationName', width: 28 },
    { key: 'destinationCompany', header: 'report.column.destinationCompany', width: 12 },
    { key: 'destinationCompanyName', header: 'report.column.destinationCompanyName', width: 28 },
    { key: 'driverName', header: 'report.column.driverName', width: 20 },
    { key: 'vehicleNumber', header: 'report.column.vehicleNumber', width: 12 },
    { key: 'mileage', header: 'report.column.mileage', width: 10, kind: 'number' },
    { key: 'assortment', header: 'report.column.assortment', width: 14 },
    { key: 'assortmentName', header: 'report.column.assortmentName', width: 24 },
    { key: 'quantity', header: 'report.column.quantity', width: 10, kind: 'decimal', decimals: 3 },
    { key: 'unit', header: 'report.column.unit', width: 6 },
    { key: 'invoice', header: 'report.column.invoice', width: 16 },
    { key: 'notes', header: 'report.column.notes', width: 30 },
    { key: 'createdAt', header: 'report.column.createdAt', width: 22, kind: 'timestamp' },
  ],
};
