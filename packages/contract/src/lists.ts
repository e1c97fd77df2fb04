/**
 * The list contract of every list endpoint: its filters (name, kind, the record field they test),
 * sort fields, what `search` matches and the default sort. The server builds its query schemas
 * and SQL conditions from these, the mocks answer with one generic responder over them, and the
 * web app's URL state and filter bars are made from them.
 */
import { CERTIFICATE_CLAIMS, EVR_STATES, HOLDING_BASIS_TYPES } from './evr-codes.ts';
import { EXPORT_KINDS, INVOICE_STATUSES, LIMITS, SPECIES, UNITS, WAYBILL_STATUSES, WORKLOG_ACTIONS } from './limits.ts';

/** Reference data a filter value points at; the filter bar picks the matching picker. */
export type RefKind = 'assortment' | 'assortmentType' | 'company' | 'invoiceCustomer' | 'origin' | 'destination' | 'warehouse' | 'worker';

export type ValueType = 'string' | 'integer' | 'boolean';

/**
 * - `exact`: the record's field equals the value (`driverName=Jaan Tamm`).
 * - `multi`: the field is one of the values, repeated (`statusIn=a&statusIn=b`); those marked
 *   `commaSeparated` (enum and boolean values, which cannot hold a comma) also as `statusIn=a,b`.
 *   Any other value is taken whole: a worker may be named "Tamm, Jaan".
 * - `boolean`: the field is true or false.
 * - `after` / `before`: inclusive bounds on a date or timestamp field (a bare date on a timestamp
 *   field counts from the start of that day, or to its end).
 * - `day`: a timestamp field falls on that date (UTC).
 * - `min` / `max`: inclusive bounds on a number field.
 * - `present`: true when the field has a value, false when it is null (`hasOrigin`).
 * - `caller`: true when the record belongs to the caller (export requests' `own`); the server and
 *   the mocks resolve it against the signed-in user.
 */
export type FilterDef =
  | { kind: 'exact'; field: string; type: ValueType; values?: readonly string[]; ref?: RefKind; caseInsensitive?: true }
  | { kind: 'multi'; field: string; type: ValueType; values?: readonly string[]; ref?: RefKind; commaSeparated?: true }
  | { kind: 'boolean'; field: string }
  | { kind: 'after' | 'before'; field: string; type: 'date' | 'timestamp' }
  | { kind: 'day'; field: string }
  | { kind: 'min' | 'max'; field: string }
  | { kind: 'present'; field: string }
  | { kind: 'caller'; field: string };

export type FilterKind = FilterDef['kind'];

export interface ListContract<F extends string = string, S extends string = string> {
  /** The list call's path, as the API documents it. */
  path: string;
  filters: Readonly<Record<F, FilterDef>>;
  /** Fields `sort` accepts, each also with a `-` prefix for descending. */
  sort: readonly S[];
  /** Comma-separated, as the server orders when no `sort` is given. */
  defaultSort: string;
  /** Record fields `search` matches (case-insensitive substring). */
  search: readonly string[];
  /** The record field that identifies a row and breaks ties in every order. */
  key: string;
}

/** Filters every list call takes (product rules: Lists and filters), besides search, sort and paging. */
export const SHARED_FILTERS = {
  createdAfter: { kind: 'after', field: 'createdAt', type: 'timestamp' },
  createdBefore: { kind: 'before', field: 'createdAt', type: 'timestamp' },
  lastModifiedAfter: { kind: 'after', field: 'lastModifiedAt', type: 'timestamp' },
  lastModifiedBefore: { kind: 'before', field: 'lastModifiedAt', type: 'timestamp' },
} as const satisfies Record<string, FilterDef>;

/** Query parameters of every list call that are not filters. */
export const LIST_PARAMS = ['search', 'sort', 'pageNumber', 'pageSize'] as const;

// The filters keep their literal types (kind, field), so a consumer can require a column or a
// handler for every field a list filters on, and have the compiler find a missing one.
export const defineList = <const D extends Readonly<Record<string, FilterDef>>, const S extends string>(
  list: ListContract<keyof D & string, S> & { filters: D },
): ListContract<keyof D & string, S> & { filters: D } => list;

export const STAMPS = ['createdAt', 'lastModifiedAt'] as const;

export const WAYBILL_LIST = defineList({
  path: '/api/waybills/',
  filters: {
    assortment: { kind: 'multi', field: 'assortment', type: 'string', ref: 'assortment' },
    destination: { kind: 'multi', field: 'destination', type: 'string', ref: 'destination' },
    destinationCompany: { kind: 'multi', field: 'destinationCompany', type: 'string', ref: 'company' },
    driverName: { kind: 'exact', field: 'driverName', type: 'string' },
    mileage: { kind: 'exact', field: 'mileage', type: 'integer' },
    mileageMin: { kind: 'min', field: 'mileage' },
    mileageMax: { kind: 'max', field: 'mileage' },
    origin: { kind: 'multi', field: 'origin', type: 'string', ref: 'origin' },
    status: { kind: 'exact', field: 'status', type: 'string', values: WAYBILL_STATUSES },
    statusIn: { kind: 'multi', field: 'status', type: 'string', values: WAYBILL_STATUSES, commaSeparated: true },
    transportDate: { kind: 'exact', field: 'transportDate', type: 'string' },
    transportDateAfter: { kind: 'after', field: 'transportDate', type: 'date' },
    transportDateBefore: { kind: 'before', field: 'transportDate', type: 'date' },
    invoice: { kind: 'exact', field: 'invoice', type: 'string' },
    // Chosen waybills by number (a selection exported or acted on in bulk).
    number: { kind: 'multi', field: 'number', type: 'string' },
    // What an office filters by for EVR: the right the timber is held on, its certificates, a due-diligence statement.
    holdingBasisType: { kind: 'multi', field: 'holdingBasisType', type: 'string', values: HOLDING_BASIS_TYPES, commaSeparated: true },
    /** Waybills carrying any of these claims (a waybill may carry several). */
    certificateClaim: { kind: 'multi', field: 'certificateClaims', type: 'string', values: CERTIFICATE_CLAIMS, commaSeparated: true },
    hasEudrNumber: { kind: 'present', field: 'eudrReferenceNumber' },
    /** Where a waybill stands in EVR (not sent, sending, failed, or EVR's own status): evrStateOf. */
    evrState: { kind: 'multi', field: 'evrState', type: 'string', values: EVR_STATES, commaSeparated: true },
    /** Measured by the receiver beyond the tolerance (true) or within it (false): measuredOff. */
    evrMeasuredOff: { kind: 'boolean', field: 'evrMeasuredOff' },
  },
  sort: [
    'number',
    'status',
    'transportDate',
    'origin',
    'destination',
    'destinationCompany',
    'driverName',
    'vehicleNumber',
    'mileage',
    'assortment',
    'quantity',
    'invoice',
    ...STAMPS,
  ],
  defaultSort: '-transportDate,-number',
  search: ['number', 'driverName', 'vehicleNumber', 'notes'],
  key: 'number',
});

export const WORKLOG_LIST = defineList({
  path: '/api/worklogs/',
  filters: {
    action: { kind: 'exact', field: 'action', type: 'string', values: WORKLOG_ACTIONS },
    actionIn: { kind: 'multi', field: 'action', type: 'string', values: WORKLOG_ACTIONS, commaSeparated: true },
    timestamp: { kind: 'day', field: 'timestamp' },
    timestampAfter: { kind: 'after', field: 'timestamp', type: 'timestamp' },
    timestampBefore: { kind: 'before', field: 'timestamp', type: 'timestamp' },
    warehouse: { kind: 'multi', field: 'warehouse', type: 'integer', ref: 'warehouse' },
    warehouseCompany: { kind: 'multi', field: 'warehouseCompany', type: 'string', ref: 'company' },
    workerName: { kind: 'multi', field: 'workerName', type: 'string', ref: 'worker' },
    waybill: { kind: 'exact', field: 'waybill', type: 'string' },
  },
  sort: ['number', 'timestamp', 'action', 'warehouse', 'workerName', 'assortment', 'quantity', 'waybill', 'durationMinutes', ...STAMPS],
  defaultSort: '-timestamp,-number',
  search: ['number', 'workerName', 'notes'],
  key: 'number',
});

export const INVOICE_LIST = defineList({
  path: '/api/invoices/',
  filters: {
    status: { kind: 'exact', field: 'status', type: 'string', values: INVOICE_STATUSES },
    statusIn: { kind: 'multi', field: 'status', type: 'string', values: INVOICE_STATUSES, commaSeparated: true },
    customer: { kind: 'multi', field: 'customer', type: 'string', ref: 'invoiceCustomer' },
    issueDateAfter: { kind: 'after', field: 'issueDate', type: 'date' },
    issueDateBefore: { kind: 'before', field: 'issueDate', type: 'date' },
  },
  sort: ['number', 'status', 'customer', 'issueDate', 'dueDate', 'grossTotal', 'netTotal', 'syncedAt', ...STAMPS],
  defaultSort: '-createdAt,-number',
  search: ['number', 'customerName'],
  key: 'number',
});

export const USER_LIST = defineList({
  path: '/api/user/',
  filters: {
    email: { kind: 'exact', field: 'email', type: 'string', caseInsensitive: true },
    name: { kind: 'exact', field: 'name', type: 'string' },
    isActive: { kind: 'boolean', field: 'isActive' },
    isStaff: { kind: 'boolean', field: 'isStaff' },
    isStaffIn: { kind: 'multi', field: 'isStaff', type: 'boolean', commaSeparated: true },
  },
  sort: ['email', 'name', 'isActive', 'isStaff', 'dateJoined', 'lastLogin', ...STAMPS],
  defaultSort: 'email',
  search: ['email', 'name'],
  key: 'email',
});

export const EXPORT_REQUEST_LIST = defineList({
  path: '/api/export-requests/',
  filters: {
    own: { kind: 'caller', field: 'own' },
    seen: { kind: 'boolean', field: 'seen' },
    kind: { kind: 'exact', field: 'kind', type: 'string', values: EXPORT_KINDS },
    inProgress: { kind: 'boolean', field: 'inProgress' },
    failed: { kind: 'boolean', field: 'failed' },
  },
  sort: ['createdAt', 'lastModifiedAt', 'completeTimestamp', 'kind', 'progress'],
  defaultSort: '-createdAt',
  search: [],
  key: 'id',
});

export const ASSORTMENT_TYPE_LIST = defineList({
  path: '/api/assortment-types/',
  filters: {
    name: { kind: 'exact', field: 'name', type: 'string' },
  },
  sort: ['id', 'name', ...STAMPS],
  defaultSort: 'name',
  search: ['name', 'description'],
  key: 'id',
});

export const ASSORTMENT_LIST = defineList({
  path: '/api/assortments/',
  filters: {
    assortmentType: { kind: 'multi', field: 'assortmentType', type: 'integer', ref: 'assortmentType' },
    species: { kind: 'multi', field: 'species', type: 'string', values: SPECIES },
    unit: { kind: 'exact', field: 'unit', type: 'string', values: UNITS },
    isActive: { kind: 'boolean', field: 'isActive' },
  },
  sort: ['code', 'name', 'assortmentType', 'species', 'unit', 'unitPrice', ...STAMPS],
  defaultSort: 'code',
  search: ['code', 'name'],
  key: 'code',
});

export const COMPANY_LIST = defineList({
  path: '/api/companies/',
  filters: {
    hasWorklogs: { kind: 'boolean', field: 'hasWorklogs' },
    isInvoiceCustomer: { kind: 'boolean', field: 'isInvoiceCustomer' },
    registryCode: { kind: 'multi', field: 'registryCode', type: 'string' },
  },
  sort: ['registryCode', 'name', ...STAMPS],
  defaultSort: 'name',
  search: ['name', 'registryCode'],
  key: 'registryCode',
});

export const WAREHOUSE_LIST = defineList({
  path: '/api/warehouses/',
  filters: {
    origin: { kind: 'multi', field: 'originCode', type: 'string', ref: 'origin' },
    destination: { kind: 'multi', field: 'destinationCode', type: 'string', ref: 'destination' },
    hasOrigin: { kind: 'present', field: 'originCode' },
    hasDestination: { kind: 'present', field: 'destinationCode' },
    hasWorklogs: { kind: 'boolean', field: 'hasWorklogs' },
    company: { kind: 'multi', field: 'company', type: 'string', ref: 'company' },
  },
  sort: ['id', 'name', 'company', 'originCode', 'destinationCode', ...STAMPS],
  defaultSort: 'name',
  search: ['name', 'originCode', 'destinationCode'],
  key: 'id',
});

export const WORKER_LIST = defineList({
  path: '/api/workers/',
  filters: {
    company: { kind: 'multi', field: 'company', type: 'string', ref: 'company' },
    workerName: { kind: 'exact', field: 'workerName', type: 'string' },
  },
  sort: ['workerName', 'company', 'worklogCount', 'lastWorklogAt', ...STAMPS],
  defaultSort: 'workerName',
  search: ['workerName'],
  key: 'workerName',
});

/** Every list contract by a short name. */
export const LISTS = {
  waybills: WAYBILL_LIST,
  worklogs: WORKLOG_LIST,
  invoices: INVOICE_LIST,
  users: USER_LIST,
  exportRequests: EXPORT_REQUEST_LIST,
  assortmentTypes: ASSORTMENT_TYPE_LIST,
  assortments: ASSORTMENT_LIST,
  companies: COMPANY_LIST,
  warehouses: WAREHOUSE_LIST,
  workers: WORKER_LIST,
} as const;
export type ListName = keyof typeof LISTS;

export type SortField<L extends ListContract> = L['sort'][number];
/** A value of the `sort` parameter: a sort field, or one with `-` for descending. */
export type SortValue<L extends ListContract> = SortField<L> | `-${SortField<L>}`;
export type FilterName<L extends ListContract> = keyof L['filters'] & string;

/** Every value the `sort` parameter takes for a list: each field ascending, then descending. */
export const sortValues = <L extends ListContract>(list: L): SortValue<L>[] => [
  ...(list.sort as SortField<L>[]),
  ...(list.sort as SortField<L>[]).map((field) => `-${field}` as const),
];

/** Splits `-transportDate,number` into the values of the `sort` parameter. */
export const parseSort = (sort: string): string[] =>
  sort
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean);

/** Every filter a list call takes: its own and the shared ones. */
export const allFilters = (list: ListContract): Readonly<Record<string, FilterDef>> => ({ ...list.filters, ...SHARED_FILTERS });

/** The last page of a list of `total` rows (1 when empty): a page number above it is the API's 404 "Invalid page.". */
export const lastPageOf = (total: number, pageSize: number): number => Math.max(1, Math.ceil(total / pageSize));

/** Clamps a page size to the server's bounds. */
export const clampPageSize = (size: number): number => Math.min(LIMITS.pageSizeMax, Math.max(1, Math.trunc(size)));

/**
 * How search folds case: letter by letter to lower case (Unicode's simple mapping, one letter for
 * one), as PostgreSQL's lower() does under its built-in `pg_c_utf8` collation. The server's search
 * indexes hold their text folded so, the server folds the term so, and the mocks fold both so:
 * "ülle" finds "Ülle Õunapuu" and "ÕUN" finds it too.
 */
export function foldCase(text: string): string {
  let folded = '';
  // A letter whose full mapping is longer (İ → i̇) keeps its first code point, the simple mapping.
  for (const letter of text) folded += String.fromCodePoint(letter.toLowerCase().codePointAt(0)!);
  return folded;
}
