-- The changes of each bucket of waybill_counts (a status and a transport month): every statement
-- that writes waybills adds, in its own transaction, the number of rows it inserted into, deleted
-- from or updated in (before or after) each bucket, so the sum over a few buckets is a version of
-- the waybills in them. A list whose filters select whole buckets (a status and whole months)
-- keeps its pages' positions with that version rather than the table's (src/list/positions.ts,
-- docs/decisions/0030): a write elsewhere leaves them as they were. Rows of waybill_counts are
-- never deleted from now on (an emptied bucket keeps n = 0), so a sum over any buckets only grows.
ALTER TABLE waybill_counts ADD COLUMN changes bigint NOT NULL DEFAULT 0;

-- As 007, with the changes; an update writes every bucket its rows were or are in.
CREATE OR REPLACE FUNCTION waybill_counts_apply() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  backend_shard smallint := pg_backend_pid() % 8;
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO waybill_counts AS c (status, month, shard, n, changes)
    SELECT status, date_trunc('month', transport_date::timestamp)::date, backend_shard, count(*), count(*)
    FROM new_rows GROUP BY 1, 2 ORDER BY 1, 2
    ON CONFLICT ON CONSTRAINT waybill_counts_pkey DO UPDATE SET n = c.n + EXCLUDED.n, changes = c.changes + EXCLUDED.changes;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO waybill_counts AS c (status, month, shard, n, changes)
    SELECT status, date_trunc('month', transport_date::timestamp)::date, backend_shard, -count(*), count(*)
    FROM old_rows GROUP BY 1, 2 ORDER BY 1, 2
    ON CONFLICT ON CONSTRAINT waybill_counts_pkey DO UPDATE SET n = c.n + EXCLUDED.n, changes = c.changes + EXCLUDED.changes;
  ELSE
    INSERT INTO waybill_counts AS c (status, month, shard, n, changes)
    SELECT status, month, backend_shard, sum(delta), count(*)
    FROM (SELECT status, date_trunc('month', transport_date::timestamp)::date AS month, 1 AS delta FROM new_rows
          UNION ALL
          SELECT status, date_trunc('month', transport_date::timestamp)::date, -1 FROM old_rows) d
    GROUP BY 1, 2 ORDER BY 1, 2
    ON CONFLICT ON CONSTRAINT waybill_counts_pkey DO UPDATE SET n = c.n + EXCLUDED.n, changes = c.changes + EXCLUDED.changes;
  END IF;
  RETURN NULL;
END $$;

-- As 010, keeping the buckets: each one's count is set afresh and its changes move (rows written
-- without the triggers may be in any of them).
CREATE OR REPLACE FUNCTION waybill_counts_rebuild() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  LOCK TABLE waybills IN SHARE MODE;
  UPDATE waybill_counts SET n = 0, changes = changes + 1;
  INSERT INTO waybill_counts AS c (status, month, shard, n, changes)
  SELECT status, date_trunc('month', transport_date::timestamp)::date, 0, count(*), 1 FROM waybills GROUP BY 1, 2
  ON CONFLICT ON CONSTRAINT waybill_counts_pkey DO UPDATE SET n = EXCLUDED.n;
  UPDATE waybill_versions SET v = v + 1 WHERE shard = 0;
END $$;

CREATE OR REPLACE FUNCTION waybill_counts_truncated() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE waybill_counts SET n = 0, changes = changes + 1;
  RETURN NULL;
END $$;
