import { adminCompanyHandlers } from './api/__mocks__/adminCompanyHandlers';
import { companyHandlers as publicHandlers } from './api/__mocks__/companyHandlers';
// Public API for stories, tests and the mock mode only, kept apart so MSW never reaches the app's bundle.
export { mockCompany } from '@/shared/mock-db';

// The staff-only admin endpoints ride along, so every place that mocks the entity mocks them too.
export const companyHandlers = [...publicHandlers, ...adminCompanyHandlers];
export { adminCompanyHandlers };
