/**
 * The kept counts checked against the rows they stand for, and rebuilt from them on request.
 *
 * - `waybill_counts` (migration 007): waybills per status and month, kept by statement triggers in
 *   shards. A write that bypasses triggers (a bulk load with `session_replication_role = replica`,
 *   a restore of one table) leaves it wrong, and every waybill count the lists answer with it.
 * - `waybill_sums` (migration 028): waybills, quantity and mileage per status, month and
 *   assortment, kept the same way; the waybill totals answer from it. `waybill_text_sums` (029):
 *   the same per search text and assortment, for the totals of a search.
 * - `waybill_place_counts` (migration 057): waybills per place (an origin, a destination, a
 *   destination company), status and month, kept the same way; the lists filtered by a place count
 *   from it.
 * - `waybill_versions`, `worklog_versions` and `waybill_reference_versions` (migrations 010, 013,
 *   027): one row per shard 0-7, bumped by triggers; the count cache (ListSpec.version) trusts a
 *   count, and the kept waybill answers (ListSpec.pageVersion) an answer, while their sum is
 *   unchanged. A missing shard row makes writes from that shard bump nothing, so what is kept goes
 *   stale.
 * - `workers.worklog_count` and `last_worklog_at`: kept by the worklog routes (touchWorkers).
 *
 * `checkCounts` reads everything in one REPEATABLE READ snapshot, so counters and rows are seen at
 * the same moment and a write under way cannot look like drift.
 */
import { sql } from 'kysely';
import type { DB } from '../infra/db.js';

/** Shards of the counter and version tables (`pg_backend_pid() % 8` in the triggers). */
export const SHARDS = 8;
export const VERSION_TABLES = ['waybill_versions', 'worklog_versions', 'waybill_reference_versions'] as const;

export interface CountDrift {
  /** The kept table (and column) that disagrees. */
  readonly table: string;
  /** Which row: `status month`, a shard, a worker. */
  readonly key: string;
  readonly stored: string | null;
  readonly actual: string | null;
}

/** Every kept count that disagrees with the rows; empty when all agree. */
export async function checkCounts(db: DB): Promise<CountDrift[]> {
  return db
    .transaction()
    .setIsolationLevel('repeatable read')
    .execute(async (trx) => {
      const drift: CountDrift[] = [];
      const buckets = await sql<{ key: string; stored: string | null; actual: string | null }>`
      WITH stored AS (SELECT status, month, sum(n) AS n FROM waybill_counts GROUP BY 1, 2 HAVING sum(n) <> 0),
           actual AS (SELECT status, date_trunc('month', transport_date::timestamp)::date AS month, count(*) AS n FROM waybills GROUP BY 1, 2)
      SELECT coalesce(s.status, a.status) || ' ' || to_char(coalesce(s.month, a.month), 'YYYY-MM') AS key, s.n::text AS stored, a.n::text AS actual
      FROM stored s FULL JOIN actual a ON a.status = s.status AND a.month = s.month
      WHERE s.n IS DISTINCT FROM a.n
      ORDER BY 1`.execute(trx);
      for (const row of buckets.rows) drift.push({ table: 'waybill_counts', ...row });
      const places = await sql<{ key: string; stored: string | null; actual: string | null }>`
      WITH stored AS (SELECT field, value, status, month, sum(n) AS n FROM waybill_place_counts GROUP BY 1, 2, 3, 4 HAVING sum(n) <> 0),
           actual AS (SELECT d.field, d.value, d.status, d.month, sum(d.delta) AS n FROM waybills r, waybill_place_deltas(true, r) d GROUP BY 1, 2, 3, 4)
      SELECT concat_ws(' ', coalesce(s.field, a.field), coalesce(s.value, a.value), coalesce(s.status, a.status),
               to_char(coalesce(s.month, a.month), 'YYYY-MM')) AS key, s.n::text AS stored, a.n::text AS actual
      FROM stored s FULL JOIN actual a ON (a.field, a.value, a.status, a.month) = (s.field, s.value, s.status, s.month)
      WHERE s.n IS DISTINCT FROM a.n
      ORDER BY 1`.execute(trx);
      for (const row of places.rows) drift.push({ table: 'waybill_place_counts', ...row });
      const sums = await sql<{ key: string; stored: string | null; actual: string | null }>`
      WITH stored AS (SELECT status, month, assortment, sum(n) AS n, sum(quantity) AS q, sum(mileage) AS m FROM waybill_sums GROUP BY 1, 2, 3
                      HAVING sum(n) <> 0 OR sum(quantity) <> 0 OR sum(mileage) <> 0),
           actual AS (SELECT status, date_trunc('month', transport_date::timestamp)::date AS month, assortment, count(*) AS n, sum(quantity) AS q,
                        sum(mileage) AS m FROM waybills GROUP BY 1, 2, 3)
      SELECT concat_ws(' ', coalesce(s.status, a.status), to_char(coalesce(s.month, a.month), 'YYYY-MM'), coalesce(s.assortment, a.assortment)) AS key,
             s.n || ' / ' || s.q || ' / ' || s.m AS stored, a.n || ' / ' || a.q || ' / ' || a.m AS actual
      FROM stored s FULL JOIN actual a ON a.status = s.status AND a.month = s.month AND a.assortment = s.assortment
      WHERE (s.n, s.q, s.m) IS DISTINCT FROM (a.n, a.q, a.m)
      ORDER BY 1`.execute(trx);
      for (const row of sums.rows) drift.push({ table: 'waybill_sums', ...row });
      const textSums = await sql<{ key: string; stored: string | null; actual: string | null }>`
      WITH stored AS (SELECT key, assortment, sum(n) AS n, sum(quantity) AS q, sum(mileage) AS m FROM waybill_text_sums GROUP BY 1, 2
                      HAVING sum(n) <> 0 OR sum(quantity) <> 0 OR sum(mileage) <> 0),
           actual AS (SELECT b.text_key AS key, b.assortment, count(*) AS n, sum(b.quantity) AS q, sum(b.mileage) AS m
                      FROM waybills b GROUP BY 1, 2)
      SELECT encode(coalesce(s.key, a.key), 'hex') || ' ' || coalesce(s.assortment, a.assortment) AS key,
             s.n || ' / ' || s.q || ' / ' || s.m AS stored, a.n || ' / ' || a.q || ' / ' || a.m AS actual
      FROM stored s FULL JOIN actual a ON a.key = s.key AND a.assortment = s.assortment
      WHERE (s.n, s.q, s.m) IS DISTINCT FROM (a.n, a.q, a.m)
      ORDER BY 1`.execute(trx);
      for (const row of textSums.rows) drift.push({ table: 'waybill_text_sums', ...row });
      for (const table of VERSION_TABLES) {
        const shards = await sql<{ key: string; stored: string | null; actual: string | null }>`
        SELECT coalesce(t.shard, s)::text AS key, CASE WHEN t.shard IS NULL THEN NULL ELSE 'shard ' || t.shard END AS stored,
               CASE WHEN s IS NULL THEN NULL ELSE 'shard ' || s END AS actual
        FROM ${sql.table(table)} t FULL JOIN generate_series(0, ${SHARDS - 1}) s ON s = t.shard
        WHERE t.shard IS NULL OR s IS NULL OR t.v < 0
        ORDER BY 1`.execute(trx);
        for (const row of shards.rows) drift.push({ table, ...row });
      }
      const workers = await sql<{ key: string; stored: string | null; actual: string | null }>`
      SELECT k.worker_name AS key, k.worklog_count || ' / ' || coalesce(k.last_worklog_at::text, '-') AS stored,
             coalesce(a.n, 0) || ' / ' || coalesce(a.last::text, '-') AS actual
      FROM workers k LEFT JOIN (SELECT worker_name, count(*) AS n, max(timestamp) AS last FROM worklogs GROUP BY 1) a USING (worker_name)
      WHERE k.worklog_count <> coalesce(a.n, 0) OR k.last_worklog_at IS DISTINCT FROM a.last
      ORDER BY 1`.execute(trx);
      for (const row of workers.rows) drift.push({ table: 'workers.worklog_count / last_worklog_at', ...row });
      return drift;
    });
}

/**
 * Rebuilds every kept count from the rows, in one transaction: the waybill buckets (the migrations'
 * own `waybill_counts_rebuild`, `waybill_sums_rebuild` and `waybill_place_counts_rebuild`, which hold writers to waybills off until the end), the version
 * tables' shard rows (then every shard bumped, so no process trusts a count it cached before), and
 * the workers' counts. Writers to waybills and worklogs wait while it runs (seconds on a million rows).
 */
export async function rebuildCounts(db: DB): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await sql`SELECT waybill_counts_rebuild()`.execute(trx);
    await sql`SELECT waybill_sums_rebuild()`.execute(trx);
    await sql`SELECT waybill_place_counts_rebuild()`.execute(trx);
    await sql`SELECT waybill_text_sums_rebuild()`.execute(trx);
    for (const table of VERSION_TABLES) {
      await sql`DELETE FROM ${sql.table(table)} WHERE shard NOT BETWEEN 0 AND ${SHARDS - 1}`.execute(trx);
      await sql`INSERT INTO ${sql.table(table)} (shard, v) SELECT s, 0 FROM generate_series(0, ${SHARDS - 1}) s ON CONFLICT (shard) DO NOTHING`.execute(
        trx,
      );
      await sql`UPDATE ${sql.table(table)} SET v = greatest(v, 0) + 1`.execute(trx);
    }
    await sql`LOCK TABLE worklogs IN SHARE MODE`.execute(trx);
    await sql`
      UPDATE workers k SET worklog_count = coalesce(a.n, 0), last_worklog_at = a.last, last_modified_at = now()
      FROM workers w LEFT JOIN (SELECT worker_name, count(*) AS n, max(timestamp) AS last FROM worklogs GROUP BY 1) a USING (worker_name)
      WHERE k.worker_name = w.worker_name AND (k.worklog_count <> coalesce(a.n, 0) OR k.last_worklog_at IS DISTINCT FROM a.last)`.execute(
      trx,
    );
  });
}
