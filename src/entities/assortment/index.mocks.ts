import { adminAssortmentHandlers } from './api/__mocks__/adminAssortmentHandlers';
import { assortmentHandlers as publicHandlers } from './api/__mocks__/assortmentHandlers';
// Public API for stories, tests and the mock mode only, kept apart so MSW never reaches the app's bundle.
export { mockAssortment } from '@/shared/mock-db';

// The staff-only admin endpoints ride along, so every place that mocks the entity mocks them too.
export const assortmentHandlers = [...publicHandlers, ...adminAssortmentHandlers];
export { adminAssortmentHandlers };
