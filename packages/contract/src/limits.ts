/**
 * Limits, enums, transitions and value patterns: the server validates with them, the web app's
 * forms, badges and filters are built from them. Defined here once; nothing restates them.
 * This package must stay free of server-only and browser-only imports.
 */
export const LIMITS = {
  passwordMinLength: 10,
  passwordMaxLength: 128,
  emailMaxLength: 254,
  nameMaxLength: 150,
  shortTextMaxLength: 200,
  notesMaxLength: 2000,
  /** Codes of assortments, warehouse origins and destinations. */
  codeMaxLength: 50,
  vehicleNumberMaxLength: 20,
  documentNumberMaxLength: 100,
  searchMaxLength: 200,
  filterTextMaxLength: 200,
  /** A timestamp in a query or body: ISO 8601 with a time zone is at most 32 characters. */
  timestampMaxLength: 40,
  sortMaxFields: 5,
  mileageMin: 0,
  mileageMax: 10000,
  durationMinutesMin: 0,
  durationMinutesMax: 1440,
  quantityMaxIntegerDigits: 6,
  quantityMaxDecimals: 3,
  priceMaxDecimals: 2,
  priceMaxIntegerDigits: 6,
  /**
   * The years a date of a record or a filter may name: timber moved, worked and invoiced by an
   * office today (a date of 1900 is a slip of the keyboard, not a transport).
   */
  yearMin: 2000,
  yearMax: 2099,
  /**
   * Live event streams one account keeps open on one server instance (tabs, devices); a new one
   * over it closes the account's oldest, which a tab still shown reopens.
   */
  eventStreamsPerAccount: 8,
  /** Invoices one account may mail to customers in an hour (first sendings and re-sendings). */
  invoiceSendsPerAccountPerHour: 30,
  /** Times one invoice may be sent again (`force`) in an hour. */
  invoiceResendsPerHour: 3,
  pageSizeDefault: 25,
  pageSizeMax: 100,
  pageNumberMax: 10_000_000,
  registryCodeLength: 8,
  waybillNumberMaxLength: 30,
  invoiceMaxWaybills: 500,
  arrayParamMaxItems: 500,
  exportDownloadTokenSeconds: 600,
  passwordResetTokenDays: 3,
  /** Integer ids (warehouses, assortment types) are PostgreSQL `integer`s. */
  idMax: 2147483647,
  /** Reference data the admin screens edit. */
  assortmentTypeNameMaxLength: 100,
  vatNumberMaxLength: 20,
  addressMaxLength: 300,
  /**
   * The waybill's EVR fields (evr.ts), each within what EVR's own models take: text of a holding
   * basis, a party's code (an isikukood is 11 digits), the cadastral numbers of one basis.
   */
  personCodeLength: 11,
  phoneMaxLength: 25,
  holdingBasisTextMaxLength: 100,
  previousOwnerAddressMaxLength: 200,
  cadastralNumbersMax: 10,
  cadastralNumberMaxLength: 200,
  certificateClaimsMax: 10,
  certificateNumberMaxLength: 50,
  eudrReferenceLength: 14,
  eudrVerificationLength: 8,
  evrPlaceCodeMaxLength: 25,
  /** County, city or parish, street of a warehouse's address, as EVR's address takes them. */
  addressPartMaxLength: 100,
  /**
   * A truck and trailer's gross mass in tonnes: Estonian roads allow up to 60 t for timber with a
   * permit; more than this is a typing slip.
   */
  grossMassMax: 80,
} as const;

/** Page sizes the list screens offer; each within LIMITS.pageSizeMax. */
export const PAGE_SIZES = [10, 25, 50, 100] as const;

/** The header the web app sends with every call (value `web`), so a change's history says it came from the web app. */
export const CLIENT_HEADER = 'x-timberlog-client';
export const LOCALES = ['en', 'et'] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = 'en';
/** The interface's colour themes; an account that chose none follows its device's. */
export const THEMES = ['light', 'dark'] as const;
export type Theme = (typeof THEMES)[number];

export const WAYBILL_STATUSES = ['draft', 'confirmed', 'delivered', 'invoiced', 'cancelled'] as const;
export type WaybillStatus = (typeof WAYBILL_STATUSES)[number];

/** Allowed waybill status changes through PATCH; `invoiced` is reached only by invoicing. */
export const WAYBILL_TRANSITIONS: Readonly<Record<WaybillStatus, readonly WaybillStatus[]>> = {
  draft: ['confirmed', 'cancelled'],
  confirmed: ['delivered', 'cancelled'],
  delivered: [],
  invoiced: [],
  cancelled: [],
};
/**
 * Corrections: moves back that only staff may make, each with a reason the history keeps. A
 * waybill marked delivered by mistake, not yet invoiced, goes back to confirmed (and can be edited
 * again); an invoiced one cannot. A waybill confirmed by mistake goes back to draft (and can be
 * deleted again). A cancelled waybill stays cancelled.
 */
export const WAYBILL_CORRECTIONS: Readonly<Record<WaybillStatus, readonly WaybillStatus[]>> = {
  draft: [],
  confirmed: ['draft'],
  delivered: ['confirmed'],
  invoiced: [],
  cancelled: [],
};
export const isWaybillCorrection = (from: WaybillStatus, to: WaybillStatus): boolean => WAYBILL_CORRECTIONS[from].includes(to);
export const WAYBILL_EDITABLE_STATUSES: readonly WaybillStatus[] = ['draft', 'confirmed'];
export const WAYBILL_DELETABLE_STATUSES: readonly WaybillStatus[] = ['draft'];
/** The status a waybill must have to be put on an invoice. */
export const WAYBILL_INVOICEABLE_STATUS: WaybillStatus = 'delivered';

export const canTransition = (from: WaybillStatus, to: WaybillStatus): boolean => WAYBILL_TRANSITIONS[from].includes(to);
export const isWaybillEditable = (status: WaybillStatus): boolean => WAYBILL_EDITABLE_STATUSES.includes(status);
export const isWaybillDeletable = (status: WaybillStatus): boolean => WAYBILL_DELETABLE_STATUSES.includes(status);

export const WORKLOG_ACTIONS = ['arrival', 'loading', 'unloading', 'measuring', 'sorting', 'departure'] as const;
export type WorklogAction = (typeof WORKLOG_ACTIONS)[number];

export const INVOICE_STATUSES = ['pending_sync', 'synced', 'sync_failed'] as const;
export type InvoiceStatus = (typeof INVOICE_STATUSES)[number];
/** `retry_sync` is allowed only from here; it sets the invoice back to `pending_sync`. */
export const INVOICE_RETRYABLE_STATUS: InvoiceStatus = 'sync_failed';
/**
 * Why a sync failed, as users are told it: the accounting system could not be reached, refused
 * the invoice (a 4xx answer), was not working (any other answer), or something else went wrong.
 * The raw error is for staff and the log only.
 */
export const INVOICE_SYNC_FAILURES = ['unreachable', 'rejected', 'unavailable', 'failed'] as const;
export type InvoiceSyncFailure = (typeof INVOICE_SYNC_FAILURES)[number];

export const SPECIES = ['spruce', 'pine', 'birch', 'aspen', 'alder', 'other'] as const;
export type Species = (typeof SPECIES)[number];
export const UNITS = ['m3', 't'] as const;
export type Unit = (typeof UNITS)[number];
/** How a unit is written for people (documents, messages, tables): m³ and t. */
export const UNIT_SYMBOLS: Readonly<Record<Unit, string>> = { m3: 'm³', t: 't' };

/**
 * The most one waybill's load may be, by the assortment's unit: a timber truck with its trailer
 * carries about 40–60 m³, at most about 52–60 t. More is a typing slip (3720 for 37.20), not a load.
 */
export const LOAD_LIMITS: Readonly<Record<Unit, number>> = { m3: 100, t: 60 };

/** True when `quantity` (a decimal string or number) is more than one load of `unit` (`LOAD_LIMITS`). */
export const exceedsLoadLimit = (quantity: string | number, unit: Unit): boolean => Number(quantity) > LOAD_LIMITS[unit];
export const EXPORT_KINDS = ['waybill_report', 'worklog_report'] as const;
export type ExportKind = (typeof EXPORT_KINDS)[number];
export const EXPORT_FORMATS = ['xlsx', 'csv'] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

/** Invoices: currency, the VAT rate when the server's setting is not given, days to pay. */
export const INVOICE = {
  currency: 'EUR',
  vatRateDefault: '24.00',
  paymentDays: 14,
  /** The calendar an invoice is dated in: "today" for its issue date is today here. */
  timeZone: 'Europe/Tallinn',
} as const;

/** Prefixes of the numbers the server assigns: `W-2026-000001`. */
export const DOCUMENT_NUMBER = {
  waybillPrefix: 'W',
  worklogPrefix: 'L',
  invoicePrefix: 'I',
  sequenceDigits: 6,
} as const;

/** `W-2026-000042` from prefix, year and sequence. */
export const documentNumber = (prefix: string, year: number, sequence: number): string =>
  `${prefix}-${year}-${String(sequence).padStart(DOCUMENT_NUMBER.sequenceDigits, '0')}`;

/** Decimal string patterns (money and quantities travel as strings, never floats). */
export const QUANTITY_PATTERN = `^[0-9]{1,${LIMITS.quantityMaxIntegerDigits}}(\\.[0-9]{1,${LIMITS.quantityMaxDecimals}})?$`;
export const PRICE_PATTERN = `^[0-9]{1,${LIMITS.priceMaxIntegerDigits}}(\\.[0-9]{1,${LIMITS.priceMaxDecimals}})?$`;
export const REGISTRY_CODE_PATTERN = `^[0-9]{${LIMITS.registryCodeLength}}$`;
/** Assortment and warehouse codes. */
export const CODE_PATTERN = '^[A-Za-z0-9][A-Za-z0-9_-]*$';
/** A waybill number given by the user (the server assigns one when none is given). */
export const WAYBILL_NUMBER_PATTERN = '^[A-Za-z0-9][A-Za-z0-9/_-]*$';
/** The longest decimal string a quantity or price can be (digits, point, decimals). */
export const DECIMAL_MAX_LENGTH = 14;
/** A plausible email address; the server normalises it to lower case. */
export const EMAIL_PATTERN = '^[^@\\s]+@[^@\\s]+\\.[^@\\s]+$';

export type PasswordProblem = 'tooShort' | 'tooLong' | 'numeric' | 'sameAsEmail' | 'blank' | 'repeated';

/**
 * The password rules: length bounds, not only digits, not only whitespace, not one character
 * repeated, not the email or its local part. (The server also refuses common and easily guessed
 * passwords with an estimator, which is too large for the forms.)
 */
export function passwordProblems(password: string, email = ''): PasswordProblem[] {
  const problems: PasswordProblem[] = [];
  if (password.length < LIMITS.passwordMinLength) problems.push('tooShort');
  if (password.length > LIMITS.passwordMaxLength) problems.push('tooLong');
  if (/^\d+$/.test(password)) problems.push('numeric');
  if (password.length > 0 && password.trim() === '') problems.push('blank');
  else if (password.length > 1 && [...password].every((c) => c === password[0])) problems.push('repeated');
  const lower = password.toLowerCase();
  const mail = email.trim().toLowerCase();
  if (mail && (lower === mail || lower === mail.split('@')[0])) problems.push('sameAsEmail');
  return problems;
}
