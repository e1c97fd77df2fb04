// Public API for stories, tests and the mock mode only, kept apart so MSW never reaches the app's bundle.
export { mockWorker } from '@/shared/mock-db';
export { workerHandlers } from './api/__mocks__/workerHandlers';
