import { adminAssortmentTypeHandlers } from './api/__mocks__/adminAssortmentTypeHandlers';
import { assortmentTypeHandlers as publicHandlers } from './api/__mocks__/assortmentTypeHandlers';
// Public API for stories, tests and the mock mode only, kept apart so MSW never reaches the app's bundle.
export { mockAssortmentType } from '@/shared/mock-db';

// The staff-only admin endpoints ride along, so every place that mocks the entity mocks them too.
export const assortmentTypeHandlers = [...publicHandlers, ...adminAssortmentTypeHandlers];
export { adminAssortmentTypeHandlers };
