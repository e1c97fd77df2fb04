// Public API for stories, tests and the mock mode only, kept apart so MSW never reaches the app's bundle.
export { mockCompany } from '@/shared/mock-db';
export { companyHandlers } from './api/__mocks__/companyHandlers';
