// Public API for stories, tests and the mock mode only, kept apart so MSW never reaches the app's bundle.
export { mockExportRequest } from '@/shared/mock-db';
export { exportRequestHandlers } from './api/__mocks__/exportRequestHandlers';
