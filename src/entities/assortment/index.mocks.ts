// Public API for stories, tests and the mock mode only, kept apart so MSW never reaches the app's bundle.
export { mockAssortment } from '@/shared/mock-db';
export { assortmentHandlers } from './api/__mocks__/assortmentHandlers';
