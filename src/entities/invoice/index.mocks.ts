// Public API for stories, tests and the mock mode only, kept apart so MSW never reaches the app's bundle.
export { mockInvoice } from '@/shared/mock-db';
export { invoiceHandlers } from './api/__mocks__/invoiceHandlers';
