// Public API for stories, tests and the mock mode only, kept apart so MSW never reaches the app's bundle.
export { mockWarehouse } from '@/shared/mock-db';
export { warehouseHandlers } from './api/__mocks__/warehouseHandlers';
