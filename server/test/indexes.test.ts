import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { sql } from 'kysely';
import { startServer, type TestServer } from './helpers.js';
import { waybillSpec } from '../src/waybills/queries.js';
import { worklogSpec } from '../src/worklogs/queries.js';
import { invoiceSpec } from '../src/invoices/queries.js';
import { exportSpec } from '../src/exports/service.js';
import { assortmentSpec, assortmentTypeSpec, companySpec, warehouseSpec, workerSpec } from '../src/reference/queries.js';
import type { ListSpec } from '../src/shared/list.js';

let s: TestServer;
before(async () => {
  s = await startServer({}, { seed: false, workers: false });
});
after(async () => {
  await s.close();
});

const TABLES: Record<string, string> = { b: 'waybills', l: 'worklogs', i: 'invoices', e: 'export_requests', a: 'assortments', t: 'assortment_types', c: 'companies', w: 'warehouses', k: 'workers' };
const USERS_SORTS = ['email', 'name', 'is_active', 'is_staff', 'date_joined', 'last_login', 'created_at', 'last_modified_at'];

test('every sortable column leads some index', async () => {
  const rows = await sql<{ table: string; def: string }>`SELECT tablename AS table, indexdef AS def FROM pg_indexes WHERE schemaname = 'public'`.execute(s.ctx.db);
  const leading = new Set<string>();
  for (const r of rows.rows) {
    const m = r.def.match(/\("?(\w+)/);
    if (m) leading.add(`${r.table}.${m[1]}`);
  }
  const specs: ListSpec[] = [waybillSpec, worklogSpec, invoiceSpec, exportSpec, assortmentSpec, assortmentTypeSpec, companySpec, warehouseSpec, workerSpec];
  const missing: string[] = [];
  for (const spec of specs) {
    for (const expr of Object.values(spec.sortable)) {
      const [alias, col] = expr.split('.');
      const key = `${TABLES[alias!]}.${col}`;
      if (!leading.has(key)) missing.push(key);
    }
  }
  for (const col of USERS_SORTS) if (!leading.has(`users.${col}`)) missing.push(`users.${col}`);
  assert.deepEqual(missing, []);
});
