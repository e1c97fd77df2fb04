import { adminWarehouseHandlers } from './api/__mocks__/adminWarehouseHandlers';
import { warehouseHandlers as publicHandlers } from './api/__mocks__/warehouseHandlers';
// Public API for stories, tests and the mock mode only, kept apart so MSW never reaches the app's bundle.
export { mockWarehouse } from '@/shared/mock-db';

// The staff-only admin endpoints ride along, so every place that mocks the entity mocks them too.
export const warehouseHandlers = [...publicHandlers, ...adminWarehouseHandlers];
export { adminWarehouseHandlers };
