export {
  LIMITS,
  PAGE_SIZES,
  LOCALES,
  THEMES,
  CLIENT_HEADER,
  DEFAULT_LOCALE,
  WAYBILL_STATUSES,
  WAYBILL_TRANSITIONS,
  WAYBILL_CORRECTIONS,
  isWaybillCorrection,
  WAYBILL_EDITABLE_STATUSES,
  WAYBILL_DELETABLE_STATUSES,
  WAYBILL_INVOICEABLE_STATUS,
  canTransition,
  isWaybillEditable,
  isWaybillDeletable,
  WORKLOG_ACTIONS,
  INVOICE_STATUSES,
  INVOICE_RETRYABLE_STATUS,
  INVOICE_SYNC_FAILURES,
  SPECIES,
  UNITS,
  UNIT_SYMBOLS,
  LOAD_LIMITS,
  exceedsLoadLimit,
  EXPORT_KINDS,
  EXPORT_FORMATS,
  INVOICE,
  DOCUMENT_NUMBER,
  documentNumber,
  QUANTITY_PATTERN,
  PRICE_PATTERN,
  REGISTRY_CODE_PATTERN,
  CODE_PATTERN,
  WAYBILL_NUMBER_PATTERN,
  DECIMAL_MAX_LENGTH,
  EMAIL_PATTERN,
  passwordProblems,
} from './limits.ts';
export type {
  Locale,
  Theme,
  WaybillStatus,
  WorklogAction,
  InvoiceStatus,
  InvoiceSyncFailure,
  Species,
  Unit,
  ExportKind,
  ExportFormat,
  PasswordProblem,
} from './limits.ts';
export {
  SHARED_FILTERS,
  LIST_PARAMS,
  WAYBILL_LIST,
  WORKLOG_LIST,
  INVOICE_LIST,
  USER_LIST,
  EXPORT_REQUEST_LIST,
  ASSORTMENT_TYPE_LIST,
  ASSORTMENT_LIST,
  COMPANY_LIST,
  WAREHOUSE_LIST,
  WORKER_LIST,
  LISTS,
  sortValues,
  parseSort,
  allFilters,
  clampPageSize,
  lastPageOf,
  foldCase,
} from './lists.ts';
export { LIST_TIES, orderParts } from './order.ts';
export { WAYBILL_DETAIL_FIELDS, type WaybillDetailField } from './list-rows.ts';
export {
  DATE_PATTERN,
  DATE_TIME_PATTERN,
  WHOLE_NUMBER_PATTERN,
  isValidDate,
  isValidDateTime,
  dateProblem,
  isWholeNumber,
  isDateField,
  isValidFilterValue,
  filterValueProblems,
  integerProblem,
  decimalProblem,
  DECIMAL_RULES,
  QUANTITY_DECIMAL,
  PRICE_DECIMAL,
  splitsOnComma,
  normaliseWorkerName,
  FORBIDDEN_TEXT_CHARS,
  forbiddenTextChar,
} from './values.ts';
export {
  MESSAGES,
  ADMIN_REFERRERS,
  isMessageKey,
  translate,
  waybillStatusLabel,
  worklogActionLabel,
  invoiceStatusLabel,
  referrerList,
  changeTime,
  versionConflictDetail,
} from './messages.ts';
export { VALUE_LABELS, valueLabel, pickLocale } from './value-labels.ts';
export { SHARED_TEXTS, sharedText } from './shared-texts.ts';
export type { SharedTextKey } from './shared-texts.ts';
export type { MessageKey, MessageParams, AdminReferrer, ReportColumnKey, ReportSheetKey, ValueLabelPrefix } from './messages.ts';
export type { ValueProblem, DecimalRule } from './values.ts';
export {
  HISTORY_ACTIONS,
  HISTORY_VIA,
  UNCONFLICTING_VIA,
  HISTORY_ENTITIES,
  HISTORY_STAFF_ONLY_FIELDS,
  historyChangesFor,
  mayReceiveChange,
  personFor,
  changeEventFor,
  STAFF_ONLY_ENTITIES,
} from './history.ts';
export type {
  AnnouncedChange,
  ChangeEvent,
  HistoryAction,
  HistoryVia,
  HistoryEntity,
  HistoryFieldChange,
  ShownPerson,
  Viewer,
} from './history.ts';
export { INVOICE_RULES, invoiceWaybillNumbers, defaultDueDate, invoiceDateProblem, invoiceProblem, invoiceToday } from './invoice-rules.ts';
export type { InvoiceRule, InvoiceWaybill, InvoiceProblem } from './invoice-rules.ts';
export type { RefKind, ValueType, FilterDef, FilterKind, ListContract, ListName, SortField, SortValue, FilterName } from './lists.ts';
export { emptyListState, parseListQuery, serializeListQuery } from './list-query.ts';
export type { FilterValues, IgnoredParam, IgnoredReason, ListQueryOptions, ListState, ParsedListQuery } from './list-query.ts';
export {
  SAVED_VIEW_LISTS,
  DENSITIES,
  SAVED_VIEW,
  LIST_COLUMNS,
  defaultColumns,
  savedViewQuery,
  checkListQuery,
  savedViewColumnsProblem,
  BULK_ACTIONS,
  BULK_ACTION_STATUS,
  BULK,
  BULK_OUTCOMES,
  BATCH_STATES,
  IMPORT,
  IMPORT_COLUMNS_MAX_LENGTH,
  IMPORT_RECORDS,
  importFileName,
} from './volume.ts';
export { WAYBILL_IMPORT_COLUMNS, WORKLOG_IMPORT_COLUMNS, IMPORT_COLUMNS } from './import-columns.ts';
export { WAYBILL_IMPORT_NAMED_FIELDS, byCodeOrName, resolveWaybillImportNames } from './import-names.ts';
export type { CodeAndName, WaybillImportNames } from './import-names.ts';
export type { WaybillImportField, WorklogImportField } from './import-columns.ts';
export type {
  SavedViewList,
  Density,
  ListColumn,
  Problem,
  BulkAction,
  BulkOutcome,
  BatchState,
  ImportRecord,
} from './volume.ts';
export {
  csvSeparator,
  readCsv,
  csvField,
  csvText,
  csvCell,
  headingKey,
  importHeadings,
  hasZone,
  wallClockInstant,
  readImportRow,
  readImportSheet,
  readImportColumns,
  importColumnsParam,
} from './spreadsheet.ts';
export type {
  CsvSeparator,
  CsvRead,
  SheetCell,
  ImportColumn,
  ImportColumnKind,
  ImportProblem,
  ImportRow,
  ImportLimits,
  ImportColumnFields,
} from './spreadsheet.ts';
export {
  WAYBILL_REQUIRED_FIELDS,
  WAYBILL_EVR_TEXT_FIELDS,
  WAYBILL_EVR_FIELDS,
  WAYBILL_EDIT_FIELDS,
  waybillEdits,
  checkWaybillFields,
  waybillChangeRefusal,
  waybillEvrProblems,
  waybillEvrCheck,
  evrNotReadyErrors,
} from './waybill-rules.ts';
export type {
  WaybillEvrField,
  WaybillEditField,
  WaybillFieldValues,
  WaybillLookups,
  WaybillProblem,
  WaybillChangeRefusal,
  WaybillChangeAsked,
} from './waybill-rules.ts';
export { WORKLOG_REQUIRED_FIELDS, WORKLOG_EDIT_FIELDS, checkWorklogFields } from './worklog-rules.ts';
export type { WorklogEditField, WorklogFieldValues, WorklogLookups } from './worklog-rules.ts';
export type { Lookup, RuleProblem } from './rules.ts';
export { undoMove, isBulkActionFinal } from './undo.ts';
export type { UndoMove } from './undo.ts';
export { SUMMARY_CHARTS, chartPeriods, todayIn } from './charts.ts';
export type { ChartPeriods } from './charts.ts';
export {
  DOCUMENT_TEXTS,
  documentText,
  documentDate,
  documentDateTime,
  documentDecimal,
  documentMoney,
  paymentReference,
} from './documents.ts';
export type { DocumentTextKey } from './documents.ts';
export {
  HOLDING_BASIS_TYPES,
  CERTIFICATE_CLAIMS,
  EVR_STATUSES,
  EVR_SYNC_STATES,
  EVR_FAILURES,
  EVR_STATES,
  evrStateOf,
  EVR_MEASUREMENT_TOLERANCE_PERCENT,
  measurementDifference,
  measuredOff,
  isTolerancePercent,
} from './evr-codes.ts';
export type { HoldingBasisType, CertificateClaimCode, EvrStatus, EvrSync, EvrFailure, EvrState } from './evr-codes.ts';
export { EVR_PRODUCT_GROUPS, productGroupOfName } from './evr-products.ts';
export type { EvrProductGroup } from './evr-products.ts';
export {
  HOLDING_BASIS_FIELDS,
  HOLDING_BASIS,
  isHoldingBasisType,
  isValidIsikukood,
  isikukoodCheckDigit,
  CADASTRAL_NUMBER_PATTERN,
  isValidCadastralNumber,
  isValidCadastralNumbers,
  isValidPartyCode,
  EUDR_REFERENCE_PATTERN,
  EUDR_VERIFICATION_PATTERN,
  EVR_PLACE_CODE_PATTERN,
  PHONE_PATTERN,
  LEST97,
  evrValueProblems,
  evrReadiness,
  evrEditProblems,
  isEvrReady,
} from './evr.ts';
export type { HoldingBasisField, CertificateClaim, EvrWaybillFields, EvrProblem } from './evr.ts';
export {
  eudrComment,
  eudrFromComment,
  evrUnitCode,
  evrUnitSymbol,
  incomingOf,
  measuredQuantity,
  measurementOf,
  notesOf,
  unitOfEvrCode,
} from './evr-answers.ts';
export type { EvrDocument, EvrMeasurement, EvrNote } from './evr-answers.ts';
export { INCOMING_WAYBILL_LIST } from './incoming-list.ts';
