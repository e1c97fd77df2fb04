import { adminWorkerHandlers } from './api/__mocks__/adminWorkerHandlers';
import { workerHandlers as publicHandlers } from './api/__mocks__/workerHandlers';
// Public API for stories, tests and the mock mode only, kept apart so MSW never reaches the app's bundle.
export { mockWorker } from '@/shared/mock-db';

// The staff-only admin endpoints ride along, so every place that mocks the entity mocks them too.
export const workerHandlers = [...publicHandlers, ...adminWorkerHandlers];
export { adminWorkerHandlers };
