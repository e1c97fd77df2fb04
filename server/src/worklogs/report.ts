import type { ReportDefinition } from '../exports/registry.js';
import { worklogSpec } from './queries.js';

export const worklogReport: ReportDefinition = {
  kind: 'worklog_report',
  spec: worklogSpec,
  sheet: 'report.worklogs.sheet',
  fileStem: { en: 'worklogs', et: 'tookanded' },
  columns: [
    { key: 'number', header: 'report.column.number', width: 16 },
    { key: 'timestamp', header: 'report.column.timestamp', width: 22, kind: 'timestamp' },
    { key: 'action', header: 'report.column.action', width: 14, values: 'value.worklogAction' },
    { key: 'warehouseName', header: 'report.column.warehouseName', width: 28 },
    { key: 'warehouseCompany', header: 'report.column.warehouseCompany', width: 12 },
    { key: 'warehouseCompanyName', header: 'report.column.warehouseCompanyName', width: 28 },
    { key: 'workerName', header: 'report.column.workerName', width: 20 },
    { key: 'assortment', header: 'report.column.assortment', width: 14 },
    { key: 'quantity', header: 'report.column.quantity', width: 10, kind: 'decimal', decimals: 3 },
    { key: 'waybill', header: 'report.column.waybill', width: 16 },
    { key: 'durationMinutes', header: 'report.column.durationMinutes', width: 10, kind: 'number' },
    { key: 'notes', header: 'report.column.notes', width: 30 },
  ],
};
