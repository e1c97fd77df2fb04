/** Writes the OpenAPI document to server/openapi.json; with --check, fails when that file is stale. */
import fs from 'node:fs';
import path from 'node:path';
import { buildApp } from '../app.js';
import { loadConfig, SERVER_ROOT } from '../infra/config.js';
import { createDb } from '../infra/db.js';
import type { AppContext } from '../infra/context.js';
import { UserCache } from '../auth/user-cache.js';

export async function openApiDocument(): Promise<string> {
  const config = loadConfig({ publicUrl: undefined });
  // Building the routes needs no live database, keys or queue: nothing is queried until a request
  // comes. The account copies are a plain object the event routes watch (nothing is announced here).
  const { db, pool } = createDb('postgres://unused@127.0.0.1:1/unused');
  const ctx = { config, db, pool, keys: undefined, mailer: undefined, jobs: undefined, accounts: new UserCache() } as unknown as AppContext;
  const app = await buildApp(ctx, { logger: false });
  await app.ready();
  const doc = app.swagger();
  await app.close();
  await pool.end();
  return `${JSON.stringify(doc, null, 2)}\n`;
}

const file = path.join(SERVER_ROOT, 'openapi.json');
const text = await openApiDocument();
if (process.argv.includes('--check')) {
  const current = fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : '';
  if (current !== text) {
    console.error('server/openapi.json is stale: run `npm run openapi -w server` and commit the result.');
    process.exit(1);
  }
  console.log('server/openapi.json is up to date.');
} else {
  fs.writeFileSync(file, text);
  console.log(`Wrote ${path.relative(process.cwd(), file)} (${Object.keys(JSON.parse(text).paths).length} paths).`);
}
