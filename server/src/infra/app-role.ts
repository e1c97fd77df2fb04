/**
 * The role the production server runs as (decision 0017): it reads and writes the product's rows
 * and the job queue, and owns nothing. History is append-only for it by privilege, not only by
 * trigger: it may insert and read history, never update, delete or truncate it; it cannot disable
 * a trigger (that takes the table's owner), set `session_replication_role` (superuser only) or
 * change the schema. Migrations run as the owner in the release step, which then grants this role
 * what it needs (again after every release: a migration's new table is covered at once).
 */
import pg from 'pg';

/** The server's role in production; `DATABASE_URL` names it with the password the release step set. */
export const APP_ROLE = 'timberlog_app';

/** Tables the server only appends to and reads. */
const APPEND_ONLY = ['history'];
/** Tables the server only reads: the migrations' own records. */
const READ_ONLY = ['pgmigrations', 'migration_checksums'];

/**
 * Makes APP_ROLE (with LOGIN and `password` when one is given) and grants it exactly what the
 * server needs on this database: rows of the product's tables (history append-only, the
 * migrations' records read-only), their sequences, and the job queue's schema. Run by the owner.
 */
export async function grantAppRole(databaseUrl: string, opts: { password?: string } = {}): Promise<void> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    // Roles belong to the whole cluster: another database's release may be making it at this moment.
    await client.query(`DO $$ BEGIN
      CREATE ROLE ${APP_ROLE} NOLOGIN NOSUPERUSER NOCREATEDB NOCREATEROLE NOBYPASSRLS;
    EXCEPTION WHEN duplicate_object OR unique_violation THEN NULL; END $$`);
    if (opts.password) await client.query(`ALTER ROLE ${APP_ROLE} LOGIN PASSWORD ${client.escapeLiteral(opts.password)}`);
    await client.query('BEGIN');
    const database = client.escapeIdentifier((await client.query<{ db: string }>('SELECT current_database() AS db')).rows[0]!.db);
    await client.query(`GRANT CONNECT, TEMPORARY ON DATABASE ${database} TO ${APP_ROLE}`);
    await client.query(`GRANT USAGE ON SCHEMA public TO ${APP_ROLE}`);
    await client.query(`GRANT SELECT, INSERT, UPDATE, DELETE ON ALL TABLES IN SCHEMA public TO ${APP_ROLE}`);
    await client.query(`GRANT USAGE, SELECT, UPDATE ON ALL SEQUENCES IN SCHEMA public TO ${APP_ROLE}`);
    for (const table of APPEND_ONLY) await client.query(`REVOKE UPDATE, DELETE, TRUNCATE ON ${table} FROM ${APP_ROLE}`);
    for (const table of READ_ONLY) {
      const exists = (await client.query('SELECT to_regclass($1) AS t', [`public.${table}`])).rows[0]?.t;
      if (exists) await client.query(`REVOKE INSERT, UPDATE, DELETE, TRUNCATE ON ${table} FROM ${APP_ROLE}`);
    }
    // The job queue (pg-boss): its schema and queues are made by the release step first (they take DDL).
    const boss = (await client.query(`SELECT to_regnamespace('pgboss') AS s`)).rows[0]?.s;
    if (boss) {
      await client.query(`GRANT USAGE ON SCHEMA pgboss TO ${APP_ROLE}`);
      await client.query(`GRANT SELECT, INSERT, UPDATE, DELETE ON ALL TABLES IN SCHEMA pgboss TO ${APP_ROLE}`);
      await client.query(`GRANT USAGE, SELECT, UPDATE ON ALL SEQUENCES IN SCHEMA pgboss TO ${APP_ROLE}`);
      await client.query(`GRANT EXECUTE ON ALL FUNCTIONS IN SCHEMA pgboss TO ${APP_ROLE}`);
    }
    await client.query('COMMIT');
  } catch (err) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw err;
  } finally {
    await client.end();
  }
}
