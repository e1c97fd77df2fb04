/**
 * The columns an import reads (waybills, worklogs): a module of its own, apart from the list pages'
 * volume rules (volume.ts), because only the import screen and the server need them.
 */
import { HOLDING_BASIS_TYPES } from './evr-codes.ts';
import { LIMITS, QUANTITY_PATTERN, WORKLOG_ACTIONS } from './limits.ts';
import type { ImportColumn } from './spreadsheet.ts';
import type { ImportRecord } from './volume.ts';

const quantityColumn = { kind: 'decimal', pattern: QUANTITY_PATTERN, decimals: LIMITS.quantityMaxDecimals } as const;
const text = (maxLength: number) => ({ kind: 'text', maxLength }) as const;
/** A reference column of the waybill import: a code, or a name as long as names are (import-names.ts). */
const codeOrName = text(LIMITS.nameMaxLength);

/**
 * The columns a waybill import reads, by the report column heading they match (the headings the
 * waybill export writes, in either language), whether a row must have it, and how its cells are
 * read (spreadsheet.ts). Other columns of an export (names, status, number, unit) are read past.
 */
export const WAYBILL_IMPORT_COLUMNS = [
  { field: 'transportDate', header: 'report.column.transportDate', required: true, kind: 'date' },
  { field: 'origin', header: 'report.column.origin', required: true, ...codeOrName },
  { field: 'destination', header: 'report.column.destination', required: true, ...codeOrName },
  { field: 'destinationCompany', header: 'report.column.destinationCompany', required: false, ...codeOrName },
  { field: 'driverName', header: 'report.column.driverName', required: true, ...text(LIMITS.nameMaxLength) },
  { field: 'vehicleNumber', header: 'report.column.vehicleNumber', required: true, ...text(LIMITS.vehicleNumberMaxLength) },
  { field: 'mileage', header: 'report.column.mileage', required: true, kind: 'integer', min: LIMITS.mileageMin, max: LIMITS.mileageMax },
  { field: 'assortment', header: 'report.column.assortment', required: true, ...codeOrName },
  { field: 'quantity', header: 'report.column.quantity', required: true, ...quantityColumn },
  { field: 'notes', header: 'report.column.notes', required: false, ...text(LIMITS.notesMaxLength) },
  // The EVR fields the export writes one to a column (a draft may lack any; the departure is read in the office's time zone).
  { field: 'ownerCompany', header: 'report.column.ownerCompany', required: false, ...codeOrName },
  { field: 'transporterCompany', header: 'report.column.transporterCompany', required: false, ...codeOrName },
  { field: 'driverIdCode', header: 'report.column.driverIdCode', required: false, ...text(LIMITS.personCodeLength) },
  { field: 'trailerNumber', header: 'report.column.trailerNumber', required: false, ...text(LIMITS.vehicleNumberMaxLength) },
  { field: 'departureTime', header: 'report.column.departureTime', required: false, kind: 'timestamp' },
  { field: 'grossMass', header: 'report.column.grossMass', required: false, ...quantityColumn },
  {
    field: 'holdingBasisType',
    header: 'report.column.holdingBasisType',
    required: false,
    kind: 'choice',
    values: HOLDING_BASIS_TYPES,
    labels: 'value.holdingBasis',
  },
  { field: 'cadastralNumber', header: 'report.column.cadastralNumber', required: false, ...text(LIMITS.cadastralNumberMaxLength) },
  { field: 'contractNumber', header: 'report.column.contractNumber', required: false, ...text(LIMITS.holdingBasisTextMaxLength) },
  {
    field: 'forestNotificationNumber',
    header: 'report.column.forestNotificationNumber',
    required: false,
    ...text(LIMITS.holdingBasisTextMaxLength),
  },
  { field: 'eudrReferenceNumber', header: 'report.column.eudrReferenceNumber', required: false, ...text(LIMITS.eudrReferenceLength) },
  {
    field: 'eudrVerificationNumber',
    header: 'report.column.eudrVerificationNumber',
    required: false,
    ...text(LIMITS.eudrVerificationLength),
  },
] as const satisfies readonly ImportColumn[];
export type WaybillImportField = (typeof WAYBILL_IMPORT_COLUMNS)[number]['field'];

/**
 * The columns a worklog import reads, by the headings the worklog export writes: its time (read in
 * the office's time zone unless it names one), its action (the value or its label in either
 * language), its warehouse by name (or id), worker, assortment, quantity, waybill, duration and
 * notes. The export's warehouse company columns are read past.
 */
export const WORKLOG_IMPORT_COLUMNS = [
  { field: 'timestamp', header: 'report.column.timestamp', required: true, kind: 'timestamp' },
  {
    field: 'action',
    header: 'report.column.action',
    required: true,
    kind: 'choice',
    values: WORKLOG_ACTIONS,
    labels: 'value.worklogAction',
  },
  { field: 'warehouse', header: 'report.column.warehouseName', required: true, ...text(LIMITS.nameMaxLength) },
  { field: 'workerName', header: 'report.column.workerName', required: true, ...text(LIMITS.nameMaxLength) },
  { field: 'assortment', header: 'report.column.assortment', required: false, ...text(LIMITS.codeMaxLength) },
  { field: 'quantity', header: 'report.column.quantity', required: false, ...quantityColumn },
  { field: 'waybill', header: 'report.column.waybill', required: false, ...text(LIMITS.documentNumberMaxLength) },
  {
    field: 'durationMinutes',
    header: 'report.column.durationMinutes',
    required: true,
    kind: 'integer',
    min: LIMITS.durationMinutesMin,
    max: LIMITS.durationMinutesMax,
  },
  { field: 'notes', header: 'report.column.notes', required: false, ...text(LIMITS.notesMaxLength) },
] as const satisfies readonly ImportColumn[];
export type WorklogImportField = (typeof WORKLOG_IMPORT_COLUMNS)[number]['field'];

/** Each record's import columns. */
export const IMPORT_COLUMNS = {
  waybills: WAYBILL_IMPORT_COLUMNS,
  worklogs: WORKLOG_IMPORT_COLUMNS,
} as const satisfies Record<ImportRecord, readonly ImportColumn[]>;
