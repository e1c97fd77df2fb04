// Public API for stories, tests and the mock mode only, kept apart so MSW never reaches the app's bundle.
export { mockAssortmentType } from '@/shared/mock-db';
export { assortmentTypeHandlers } from './api/__mocks__/assortmentTypeHandlers';
