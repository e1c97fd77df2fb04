import { sql } from 'kysely';
import type { App } from '../infra/context.js';
import { findOne, runList } from '../list/index.js';
import { withEtag } from '../records/versions.js';
import { errors, ref, Type } from '../http/schema.js';
import { LIMITS } from '@timberlog/contract';

import {
  Assortment,
  AssortmentPage,
  AssortmentQuery,
  AssortmentType,
  AssortmentTypePage,
  AssortmentTypeQuery,
  Company,
  CompanyPage,
  CompanyQuery,
  Warehouse,
  WarehousePage,
  WarehouseQuery,
  Worker,
  WorkerPage,
  WorkerQuery,
} from './schemas.js';
import { assortmentSpec, assortmentTypeSpec, companySpec, warehouseSpec, workerSpec } from './queries.js';

export const referenceSchemas = [
  AssortmentType,
  Assortment,
  Company,
  Warehouse,
  Worker,
  AssortmentTypePage,
  AssortmentPage,
  CompanyPage,
  WarehousePage,
  WorkerPage,
];

export async function referenceRoutes(app: App) {
  const { db } = app.ctx;
  const tags = ['reference'];

  app.get(
    '/assortment-types/',
    {
      schema: {
        operationId: 'listAssortmentTypes',
        summary: 'List assortment types',
        description: 'Any signed-in user. Read-only reference data; staff edit it under `/api/admin/assortment-types`.',
        tags,
        querystring: AssortmentTypeQuery,
        response: { 200: ref(AssortmentTypePage), ...errors(400, 401, 404) },
      },
    },
    async (request) => runList(db, request, assortmentTypeSpec, request.query),
  );
  app.get(
    '/assortment-types/:id/',
    {
      schema: {
        operationId: 'getAssortmentType',
        summary: 'Get an assortment type',
        description: 'Any signed-in user.',
        tags,
        params: Type.Object({ id: Type.Integer({ minimum: 1, maximum: LIMITS.idMax, description: "The assortment type's id." }) }),
        response: { 200: ref(AssortmentType), ...errors(401, 404) },
      },
    },
    async (request, reply) => withEtag(reply, await findOne(db, assortmentTypeSpec, sql`t.id = ${request.params.id}`)),
  );

  app.get(
    '/assortments/',
    {
      schema: {
        operationId: 'listAssortments',
        summary: 'List assortments',
        description:
          'Any signed-in user. Assortments are the kinds of timber a waybill carries, with their unit and unit price; inactive ones stay listed but cannot go on new waybills.',
        tags,
        querystring: AssortmentQuery,
        response: { 200: ref(AssortmentPage), ...errors(400, 401, 404) },
      },
    },
    async (request) => runList(db, request, assortmentSpec, request.query),
  );
  app.get(
    '/assortments/:code/',
    {
      schema: {
        operationId: 'getAssortment',
        summary: 'Get an assortment by code',
        description: 'Any signed-in user.',
        tags,
        params: Type.Object({
          code: Type.String({ maxLength: LIMITS.codeMaxLength, description: "The assortment's code, e.g. `KU-PALK-18`." }),
        }),
        response: { 200: ref(Assortment), ...errors(401, 404) },
      },
    },
    async (request, reply) => withEtag(reply, await findOne(db, assortmentSpec, sql`a.code = ${request.params.code}`)),
  );

  app.get(
    '/companies/',
    {
      schema: {
        operationId: 'listCompanies',
        summary: 'List companies',
        description:
          "Any signed-in user. Companies own warehouses and receive waybills; invoice customers can be invoiced. `hasWorklogs` tells whether any of the company's warehouses has worklogs.",
        tags,
        querystring: CompanyQuery,
        response: { 200: ref(CompanyPage), ...errors(400, 401, 404) },
      },
    },
    async (request) => runList(db, request, companySpec, request.query),
  );
  app.get(
    '/companies/:registryCode/',
    {
      schema: {
        operationId: 'getCompany',
        summary: 'Get a company by registry code',
        description: 'Any signed-in user.',
        tags,
        params: Type.Object({
          registryCode: Type.String({ maxLength: LIMITS.shortTextMaxLength, description: "The company's registry code." }),
        }),
        response: { 200: ref(Company), ...errors(401, 404) },
      },
    },
    async (request, reply) => withEtag(reply, await findOne(db, companySpec, sql`c.registry_code = ${request.params.registryCode}`)),
  );

  app.get(
    '/warehouses/',
    {
      schema: {
        operationId: 'listWarehouses',
        summary: 'List warehouses',
        description:
          'Any signed-in user. A warehouse may be a waybill origin (it has an origin code), a destination (a destination code), or both.',
        tags,
        querystring: WarehouseQuery,
        response: { 200: ref(WarehousePage), ...errors(400, 401, 404) },
      },
    },
    async (request) => runList(db, request, warehouseSpec, request.query),
  );
  app.get(
    '/warehouses/origins/:originCode/',
    {
      schema: {
        operationId: 'getWarehouseByOrigin',
        summary: 'Get the warehouse with an origin code',
        description: 'Any signed-in user.',
        tags,
        params: Type.Object({
          originCode: Type.String({ maxLength: LIMITS.codeMaxLength, description: 'The origin code that waybills name as their origin.' }),
        }),
        response: { 200: ref(Warehouse), ...errors(401, 404) },
      },
    },
    async (request, reply) => withEtag(reply, await findOne(db, warehouseSpec, sql`w.origin_code = ${request.params.originCode}`)),
  );
  app.get(
    '/warehouses/destinations/:destinationCode/',
    {
      schema: {
        operationId: 'getWarehouseByDestination',
        summary: 'Get the warehouse with a destination code',
        description: 'Any signed-in user.',
        tags,
        params: Type.Object({
          destinationCode: Type.String({
            maxLength: LIMITS.codeMaxLength,
            description: 'The destination code that waybills name as their destination.',
          }),
        }),
        response: { 200: ref(Warehouse), ...errors(401, 404) },
      },
    },
    async (request, reply) =>
      withEtag(reply, await findOne(db, warehouseSpec, sql`w.destination_code = ${request.params.destinationCode}`)),
  );
  app.get(
    '/warehouses/:id/',
    {
      schema: {
        operationId: 'getWarehouse',
        summary: 'Get a warehouse',
        description: 'Any signed-in user.',
        tags,
        params: Type.Object({ id: Type.Integer({ minimum: 1, maximum: LIMITS.idMax, description: "The warehouse's id." }) }),
        response: { 200: ref(Warehouse), ...errors(401, 404) },
      },
    },
    async (request, reply) => withEtag(reply, await findOne(db, warehouseSpec, sql`w.id = ${request.params.id}`)),
  );

  app.get(
    '/workers/',
    {
      schema: {
        operationId: 'listWorkers',
        summary: 'List workers',
        description:
          'Any signed-in user. Workers are the people named on worklogs, with their company, worklog count and latest worklog, kept up to date as worklogs are written.',
        tags,
        querystring: WorkerQuery,
        response: { 200: ref(WorkerPage), ...errors(400, 401, 404) },
      },
    },
    async (request) => runList(db, request, workerSpec, request.query),
  );
  app.get(
    '/workers/detail/:workerName/',
    {
      schema: {
        operationId: 'getWorker',
        summary: 'Get a worker by name',
        description: 'Any signed-in user.',
        tags,
        params: Type.Object({
          workerName: Type.String({
            maxLength: LIMITS.shortTextMaxLength,
            description: "The worker's name, exactly as on their worklogs.",
          }),
        }),
        response: { 200: ref(Worker), ...errors(401, 404) },
      },
    },
    async (request, reply) => withEtag(reply, await findOne(db, workerSpec, sql`k.worker_name = ${request.params.workerName}`)),
  );
}
