import { LIMITS, normaliseWorkerName } from '@timberlog/contract';
import { sql } from 'kysely';
import { Worker, WorkerPage } from '../reference/schemas.js';
import { workerSpec } from '../reference/queries.js';
import { Nullable, Str, Type } from '../http/schema.js';
import { adminResource, companyExists, count, countOf, pick, RegistryCode, TextKey } from './resource.js';

const body = { company: Type.Optional(Nullable(RegistryCode())) };

/** Workers, keyed by their name (tidied as the contract tidies it); refused for deletion while worklogs name one. */
export const workerRoutes = adminResource({
  name: 'workers',
  table: 'workers',
  entity: 'worker',
  title: 'Worker',
  label: 'worker',
  plural: 'Workers',
  keyParam: 'workerName',
  keySchema: TextKey("The worker's name."),
  rules: 'A new name must be free (spaces are tidied); the company, when given, must exist.',
  spec: workerSpec,
  keyCond: (key) => sql`k.worker_name = ${key}`,
  item: Worker,
  page: WorkerPage,
  createBody: Type.Object({ workerName: Str(LIMITS.nameMaxLength, 1), ...body }, { title: 'AdminWorkerCreate' }),
  updateBody: Type.Object(body, { title: 'AdminWorkerUpdate' }),
  prepareCreate: async (trx, input, errs) => {
    await companyExists(trx, input.company, 'company', errs);
    const workerName = normaliseWorkerName(input.workerName);
    if (!workerName) errs.add('workerName', 'field.blank');
    else if (await trx.selectFrom('workers').select('workerName').where('workerName', '=', workerName).executeTakeFirst())
      errs.add('workerName', 'admin.exists');
    return { workerName, ...pick(input, ['company']) };
  },
  prepareUpdate: async (trx, _key, input, errs) => {
    await companyExists(trx, input.company, 'company', errs);
    return pick(input, ['company']);
  },
  insert: async (trx, row) => (await trx.insertInto('workers').values(row).returning('workerName').executeTakeFirstOrThrow()).workerName,
  update: async (trx, key, row) => {
    await trx
      .updateTable('workers')
      .set({ ...row, lastModifiedAt: new Date() })
      .where('workerName', '=', key)
      .execute();
  },
  remove: async (trx, key) => {
    await trx.deleteFrom('workers').where('workerName', '=', key).execute();
  },
  references: [
    { noun: 'worklogs', count: (trx, key) => count(trx.selectFrom('worklogs').select(countOf).where('workerName', '=', key).execute()) },
  ],
});
