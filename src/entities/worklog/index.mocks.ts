// Public API for stories, tests and the mock mode only, kept apart so MSW never reaches the app's bundle.
export { mockWorklog } from '@/shared/mock-db';
export { worklogHandlers } from './api/__mocks__/worklogHandlers';
