// Test data only: imported by the mock handlers (`index.mocks.ts` of each entity), never by the app's code.
export { advanceMockExports, createMockExport, mockReportResponse } from './exports';
export { MOCK_DEFAULT_CALLER, mockCaller, mockDb, mockPassword, nextNumber, replaceRecord, resetMockDb } from './db';
export type { MockCaller, MockDb } from './db';
export {
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
export { fieldErrors, isDate, listResponse, nonFieldError, notFound } from './list';
export { changed, created, versionConflict } from './versions';
export type { ListOptions } from './list';
export { message, requestLocale } from './messages';
export { MockFieldErrors, notBlank, optional, referencedAnswer, referencedMessage, schemaErrors, staffOnly } from './admin';
export type { FieldRule } from './admin';
export type { MessageKey } from './messages';
