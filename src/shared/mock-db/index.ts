// Test data only: imported by the mock handlers (`index.mocks.ts` of each entity), never by the app's code.
export { advanceMockExports, createMockExport, mockReportResponse } from './exports';
export {
  MOCK_DEFAULT_CALLER,
  createdByCaller,
  mockCaller,
  mockDb,
  mockPassword,
  nextNumber,
  onMockReset,
  replaceRecord,
  resetMockDb,
} from './db';
export type { MockCaller, MockDb } from './db';
export {
  MOCK_EVR,
  NO_EVR,
  mockAssortment,
  mockAssortmentType,
  mockCompany,
  mockExportRequest,
  mockInvoice,
  mockWarehouse,
  mockWaybill,
  mockWorker,
  mockWorklog,
} from './fixtures';
export { decimalText, fieldErrors, isDate, listResponse, nonFieldError, notFound } from './list';
export {
  changed,
  created,
  deleted,
  ifMatchVersion,
  staleDetail,
  stillHolds,
  staleVersion,
  versionConflict,
  versionRequired,
  versionRequiredHandlers,
} from './versions';
export { historyResponse, recordHistory } from './history';
export { changeEventsSince, lastEventId } from './events';
export type { HistoryOptions } from './history';
export type { ListOptions } from './list';
export { message, requestLocale } from './messages';
export { batchJobResponse, mockBatchJob, queueBatchJob } from './batch';
export { importResponse, importTemplateResponse } from './imports';
export type { MockImportSpec } from './imports';
export {
  MockFieldErrors,
  adminRecordHandlers,
  notBlank,
  optional,
  referencedAnswer,
  referencedMessage,
  schemaErrors,
  staffOnly,
  withEtag,
} from './admin';
export type { FieldRule } from './admin';
export type { MessageKey } from './messages';
