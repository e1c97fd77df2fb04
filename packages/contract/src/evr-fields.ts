/**
 * The EVR fields of a waybill (database migration 035), listed once: the rules (waybill-rules.ts,
 * evr.ts), the server's columns, the form and the mocks take them from here.
 */

/** The waybill fields a holding basis may carry. */
export const HOLDING_BASIS_FIELDS = [
  'cadastralNumber',
  'compartment',
  'forestAllocationNumber',
  'forestNotificationNumber',
  'contractNumber',
  'contractDate',
  'previousOwnerName',
  'previousOwnerCode',
  'previousOwnerAddress',
] as const;
export type HoldingBasisField = (typeof HOLDING_BASIS_FIELDS)[number];

/** The EVR fields that are text (a date, a time and a decimal too): empty text clears one. In the form's order of its groups. */
export const WAYBILL_EVR_TEXT_FIELDS = [
  'ownerCompany',
  'ownerPersonName',
  'ownerPersonCode',
  'transporterCompany',
  'departureTime',
  'driverIdCode',
  'driverPhone',
  'trailerNumber',
  'grossMass',
  'holdingBasisType',
  ...HOLDING_BASIS_FIELDS,
  'eudrReferenceNumber',
  'eudrVerificationNumber',
] as const;

/** Every EVR field of a waybill (database migration 035). */
export const WAYBILL_EVR_FIELDS = [...WAYBILL_EVR_TEXT_FIELDS, 'certificateClaims'] as const;
export type WaybillEvrField = (typeof WAYBILL_EVR_FIELDS)[number];

/** An EVR field kept as text. */
export type WaybillEvrTextField = (typeof WAYBILL_EVR_TEXT_FIELDS)[number];
