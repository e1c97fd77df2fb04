/**
 * What a list row carries, where it is less than the record's own answer. A waybill list page
 * leaves out the EVR fields no list column, bulk action or invoice draft reads: they are shown on
 * the waybill's own page (its detail and every write's answer carry them). A page's rows are then
 * about a third smaller, for the database to write and the server to send (docs/decisions/0029).
 * The server's list schema (WaybillListItem), its select list and the mocks all take it from here.
 */
export const WAYBILL_DETAIL_FIELDS = [
  'ownerPersonCode',
  'driverIdCode',
  'driverPhone',
  'trailerNumber',
  'grossMass',
  'compartment',
  'forestAllocationNumber',
  'forestNotificationNumber',
  'contractNumber',
  'contractDate',
  'previousOwnerName',
  'previousOwnerCode',
  'previousOwnerAddress',
  'eudrVerificationNumber',
  'evrError',
  'evrExchangedAt',
  'evrMeasurement',
  'evrNotes',
] as const;
export type WaybillDetailField = (typeof WAYBILL_DETAIL_FIELDS)[number];
