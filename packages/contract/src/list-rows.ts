import { HOLDING_BASIS_FIELDS, type HoldingBasisField } from './evr-fields.ts';

/** The holding basis's fields a list row leaves out: all but the cadastral number, which a list column shows. */
const DETAIL_BASIS_FIELDS = HOLDING_BASIS_FIELDS.filter(
  (field): field is Exclude<HoldingBasisField, 'cadastralNumber'> => field !== 'cadastralNumber',
);

/**
 * What a list row carries, where it is less than the record's own answer. A waybill list page
 * leaves out the EVR fields no list column, bulk action or invoice draft reads: they are shown on
 * the waybill's own page (its detail and every write's answer carry them). A page's rows are then
 * about 30 % smaller, for the database to write and the server to send (docs/decisions/0029).
 * The server's list schema (WaybillListItem), its select list and the mocks all take it from here.
 */
export const WAYBILL_DETAIL_FIELDS = [
  'ownerPersonCode',
  'driverIdCode',
  'driverPhone',
  'trailerNumber',
  'grossMass',
  ...DETAIL_BASIS_FIELDS,
  'eudrVerificationNumber',
  'evrError',
  'evrExchangedAt',
  'evrMeasurement',
  'evrNotes',
] as const;
export type WaybillDetailField = (typeof WAYBILL_DETAIL_FIELDS)[number];
