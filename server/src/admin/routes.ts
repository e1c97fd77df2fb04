import type { App } from '../infra/context.js';
import { assortmentTypeRoutes } from './assortment-types.js';
import { assortmentRoutes } from './assortments.js';
import { companyRoutes } from './companies.js';
import { warehouseRoutes } from './warehouses.js';
import { workerRoutes } from './workers.js';

/**
 * Staff-only write endpoints for reference data under /api/admin/{resource}/ (the public reference
 * endpoints stay read-only): one module per resource, the routes they share in resource.ts.
 */
export async function adminRoutes(app: App) {
  for (const routes of [assortmentTypeRoutes, assortmentRoutes, companyRoutes, warehouseRoutes, workerRoutes]) routes(app);
}
