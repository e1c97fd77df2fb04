// Test data only: imported by the mock handlers (`index.mocks.ts` of each entity), never by the app's code.
export { advanceMockExports, createMockExport, mockReportResponse } from './exports';
export { createSeed, mockDb, replaceRecord, resetMockDb } from './db';
export type { MockDb } from './db';
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
export { dateRange, equals, fieldErrors, flag, listResponse, nonFieldError, notFound, numberRange, oneOf } from './list';
export type { Filter, ListSpec } from './list';
