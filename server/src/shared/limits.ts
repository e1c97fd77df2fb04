/**
 * Business limits shared by the server's validation and the web app's forms.
 * This module must not import anything server-only.
 */
export const LIMITS = {
  passwordMinLength: 10,
  passwordMaxLength: 128,
  emailMaxLength: 254,
  nameMaxLength: 150,
  shortTextMaxLength: 200,
  notesMaxLength: 2000,
  mileageMin: 0,
  mileageMax: 10000,
  durationMinutesMin: 0,
  durationMinutesMax: 1440,
  quantityMaxIntegerDigits: 6,
  quantityMaxDecimals: 3,
  priceMaxDecimals: 2,
  priceMaxIntegerDigits: 6,
  yearMin: 1900,
  yearMax: 2999,
  pageSizeDefault: 25,
  pageSizeMax: 100,
  registryCodeLength: 8,
  waybillNumberMaxLength: 30,
  invoiceMaxWaybills: 500,
  exportDownloadTokenSeconds: 600,
  passwordResetTokenDays: 3,
} as const;

export const WAYBILL_STATUSES = ['draft', 'confirmed', 'delivered', 'invoiced', 'cancelled'] as const;
export type WaybillStatus = (typeof WAYBILL_STATUSES)[number];

/** Allowed waybill status changes through PATCH; `invoiced` is reached only by invoicing. */
export const WAYBILL_TRANSITIONS: Record<WaybillStatus, readonly WaybillStatus[]> = {
  draft: ['confirmed', 'cancelled'],
  confirmed: ['delivered', 'cancelled'],
  delivered: [],
  invoiced: [],
  cancelled: [],
};
export const WAYBILL_EDITABLE_STATUSES: readonly WaybillStatus[] = ['draft', 'confirmed'];
export const WAYBILL_DELETABLE_STATUSES: readonly WaybillStatus[] = ['draft'];

export const WORKLOG_ACTIONS = ['arrival', 'loading', 'unloading', 'measuring', 'sorting', 'departure'] as const;
export type WorklogAction = (typeof WORKLOG_ACTIONS)[number];

export const INVOICE_STATUSES = ['pending_sync', 'synced', 'sync_failed'] as const;
export type InvoiceStatus = (typeof INVOICE_STATUSES)[number];

export const SPECIES = ['spruce', 'pine', 'birch', 'aspen', 'alder', 'other'] as const;
export const UNITS = ['m3', 't'] as const;
export const EXPORT_KINDS = ['waybill_report', 'worklog_report'] as const;
export const EXPORT_FORMATS = ['xlsx', 'csv'] as const;
export const LOCALES = ['en', 'et'] as const;
export type Locale = (typeof LOCALES)[number];

/** Decimal string patterns (money and quantities travel as strings, never floats). */
export const QUANTITY_PATTERN = '^[0-9]{1,6}(\\.[0-9]{1,3})?$';
export const PRICE_PATTERN = '^[0-9]{1,6}(\\.[0-9]{1,2})?$';
export const REGISTRY_CODE_PATTERN = '^[0-9]{8}$';
