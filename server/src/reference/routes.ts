import { sql } from 'kysely';
import type { App } from '../shared/context.js';
import { findOne, runList } from '../shared/list.js';
import { errors, ref, Type } from '../shared/schema.js';
import { requireUser } from '../auth/guards.js';
import {
  Assortment, AssortmentPage, AssortmentQuery, AssortmentType, AssortmentTypePage, AssortmentTypeQuery, Company, CompanyPage, CompanyQuery,
  Warehouse, WarehousePage, WarehouseQuery, Worker, WorkerPage, WorkerQuery,
} from './schemas.js';
import { assortmentSpec, assortmentTypeSpec, companySpec, warehouseSpec, workerSpec } from './queries.js';

export const referenceSchemas = [AssortmentType, Assortment, Company, Warehouse, Worker, AssortmentTypePage, AssortmentPage, CompanyPage, WarehousePage, WorkerPage];

export async function referenceRoutes(app: App) {
  const { db } = app.ctx;
  const tags = ['reference'];
  const opts = { preHandler: requireUser };

  app.get('/api/assortment-types/', { ...opts, schema: { operationId: 'listAssortmentTypes', tags, querystring: AssortmentTypeQuery, response: { 200: ref(AssortmentTypePage), ...errors(400, 401, 404) } } },
    async (request) => runList(db, request, assortmentTypeSpec, request.query));
  app.get('/api/assortment-types/:id/', { ...opts, schema: { operationId: 'getAssortmentType', tags, params: Type.Object({ id: Type.Integer({ minimum: 1, maximum: 2147483647 }) }), response: { 200: ref(AssortmentType), ...errors(401, 404) } } },
    async (request) => findOne(db, assortmentTypeSpec, sql`t.id = ${request.params.id}`));

  app.get('/api/assortments/', { ...opts, schema: { operationId: 'listAssortments', tags, querystring: AssortmentQuery, response: { 200: ref(AssortmentPage), ...errors(400, 401, 404) } } },
    async (request) => runList(db, request, assortmentSpec, request.query));
  app.get('/api/assortments/:code/', { ...opts, schema: { operationId: 'getAssortment', tags, params: Type.Object({ code: Type.String({ maxLength: 100 }) }), response: { 200: ref(Assortment), ...errors(401, 404) } } },
    async (request) => findOne(db, assortmentSpec, sql`a.code = ${request.params.code}`));

  app.get('/api/companies/', { ...opts, schema: { operationId: 'listCompanies', tags, querystring: CompanyQuery, response: { 200: ref(CompanyPage), ...errors(400, 401, 404) } } },
    async (request) => runList(db, request, companySpec, request.query));
  app.get('/api/companies/:registryCode/', { ...opts, schema: { operationId: 'getCompany', tags, params: Type.Object({ registryCode: Type.String({ maxLength: 100 }) }), response: { 200: ref(Company), ...errors(401, 404) } } },
    async (request) => findOne(db, companySpec, sql`c.registry_code = ${request.params.registryCode}`));

  app.get('/api/warehouses/', { ...opts, schema: { operationId: 'listWarehouses', tags, querystring: WarehouseQuery, response: { 200: ref(WarehousePage), ...errors(400, 401, 404) } } },
    async (request) => runList(db, request, warehouseSpec, request.query));
  app.get('/api/warehouses/origins/:originCode/', { ...opts, schema: { operationId: 'getWarehouseByOrigin', tags, params: Type.Object({ originCode: Type.String({ maxLength: 100 }) }), response: { 200: ref(Warehouse), ...errors(401, 404) } } },
    async (request) => findOne(db, warehouseSpec, sql`w.origin_code = ${request.params.originCode}`));
  app.get('/api/warehouses/destinations/:destinationCode/', { ...opts, schema: { operationId: 'getWarehouseByDestination', tags, params: Type.Object({ destinationCode: Type.String({ maxLength: 100 }) }), response: { 200: ref(Warehouse), ...errors(401, 404) } } },
    async (request) => findOne(db, warehouseSpec, sql`w.destination_code = ${request.params.destinationCode}`));
  app.get('/api/warehouses/:id/', { ...opts, schema: { operationId: 'getWarehouse', tags, params: Type.Object({ id: Type.Integer({ minimum: 1, maximum: 2147483647 }) }), response: { 200: ref(Warehouse), ...errors(401, 404) } } },
    async (request) => findOne(db, warehouseSpec, sql`w.id = ${request.params.id}`));

  app.get('/api/workers/', { ...opts, schema: { operationId: 'listWorkers', tags, querystring: WorkerQuery, response: { 200: ref(WorkerPage), ...errors(400, 401, 404) } } },
    async (request) => runList(db, request, workerSpec, request.query));
  app.get('/api/workers/detail/:workerName/', { ...opts, schema: { operationId: 'getWorker', tags, params: Type.Object({ workerName: Type.String({ maxLength: 200 }) }), response: { 200: ref(Worker), ...errors(401, 404) } } },
    async (request) => findOne(db, workerSpec, sql`k.worker_name = ${request.params.workerName}`));
}
