/**
 * Writes `server/schema.sql`: the database schema as the migrations leave it, in one file and a
 * stable order (tables with their columns, constraints, indexes, functions, triggers), so that
 * what a write does in the database (the triggers that keep versions, counts and history) can be
 * read in one place. Made on a fresh database on an embedded PostgreSQL; the job queue's own
 * schema and the migration runner's bookkeeping are left out.
 *   npm run schema -w server             write it
 *   npm run check:schema -w server       fail when it is not what the migrations make
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { startEmbeddedPostgres } from '../dev/embedded-pg.js';
import { migrate } from '../infra/migrate.js';

const OUT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../schema.sql');
const BOOKKEEPING = ['pgmigrations', 'migration_checksums'];

/** The public schema as SQL text, one statement per object, in name order. */
export async function describeSchema(client: pg.ClientBase): Promise<string> {
  const parts: string[] = [
    '-- The database schema as the migrations in server/migrations leave it, written by',
    '-- `npm run schema -w server` (`npm test` checks it is current). Read it; never apply it.',
    '',
  ];
  const tables = (
    await client.query<{ name: string; oid: number }>(
      `SELECT c.relname AS name, c.oid::int AS oid FROM pg_class c
        WHERE c.relnamespace = 'public'::regnamespace AND c.relkind IN ('r', 'p') AND NOT (c.relname = ANY($1))
        ORDER BY c.relname`,
      [BOOKKEEPING],
    )
  ).rows;
  for (const table of tables) {
    const columns = (
      await client.query<{ line: string }>(
        `SELECT format('  %I %s%s%s', a.attname, format_type(a.atttypid, a.atttypmod),
                  CASE WHEN a.attnotnull THEN ' NOT NULL' ELSE '' END,
                  CASE WHEN d.adbin IS NOT NULL THEN ' DEFAULT ' || pg_get_expr(d.adbin, d.adrelid) ELSE '' END) AS line
           FROM pg_attribute a LEFT JOIN pg_attrdef d ON d.adrelid = a.attrelid AND d.adnum = a.attnum
          WHERE a.attrelid = $1 AND a.attnum > 0 AND NOT a.attisdropped
          ORDER BY a.attnum`,
        [table.oid],
      )
    ).rows.map((row) => row.line);
    parts.push(`CREATE TABLE ${table.name} (\n${columns.join(',\n')}\n);`);
    const constraints = (
      await client.query<{ line: string }>(
        `SELECT format('ALTER TABLE %I ADD CONSTRAINT %I %s;', $2::text, conname, pg_get_constraintdef(oid)) AS line
           FROM pg_constraint WHERE conrelid = $1 AND contype <> 'n' ORDER BY contype, conname`,
        [table.oid, table.name],
      )
    ).rows.map((row) => row.line);
    const indexes = (
      await client.query<{ line: string }>(
        `SELECT pg_get_indexdef(i.indexrelid) || ';' AS line FROM pg_index i JOIN pg_class c ON c.oid = i.indexrelid
          WHERE i.indrelid = $1 AND NOT EXISTS (SELECT 1 FROM pg_constraint k WHERE k.conindid = i.indexrelid)
          ORDER BY c.relname`,
        [table.oid],
      )
    ).rows.map((row) => row.line);
    const triggers = (
      await client.query<{ line: string }>(
        `SELECT pg_get_triggerdef(oid) || ';' AS line FROM pg_trigger WHERE tgrelid = $1 AND NOT tgisinternal ORDER BY tgname`,
        [table.oid],
      )
    ).rows.map((row) => row.line);
    for (const group of [constraints, indexes, triggers]) if (group.length > 0) parts.push(group.join('\n'));
    parts.push('');
  }
  const functions = (
    await client.query<{ def: string }>(
      `SELECT pg_get_functiondef(p.oid) AS def FROM pg_proc p
        WHERE p.pronamespace = 'public'::regnamespace ORDER BY p.proname, pg_get_function_identity_arguments(p.oid)`,
    )
  ).rows.map((row) => `${row.def.trim()};`);
  parts.push('-- Functions (the triggers above call them)', '', functions.join('\n\n'), '');
  return parts.join('\n');
}

async function main(): Promise<void> {
  const check = process.argv.includes('--check');
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'timberlog-schema-'));
  fs.chmodSync(dir, 0o755);
  const server = await startEmbeddedPostgres(path.join(dir, 'data'), { database: 'schema' });
  try {
    await migrate(server.url);
    const client = new pg.Client({ connectionString: server.url });
    await client.connect();
    const text = await describeSchema(client).finally(() => client.end());
    if (check) {
      const committed = fs.existsSync(OUT) ? fs.readFileSync(OUT, 'utf8') : '';
      if (committed !== text) {
        console.error('server/schema.sql is not what the migrations make: run `npm run schema -w server` and commit it.');
        process.exitCode = 1;
      } else console.log('server/schema.sql is up to date.');
    } else {
      fs.writeFileSync(OUT, text);
      console.log(`wrote ${path.relative(process.cwd(), OUT)}`);
    }
  } finally {
    await server.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

await main();
