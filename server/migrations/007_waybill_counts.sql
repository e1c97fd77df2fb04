-- Exact waybill counts per status and transport month, kept by statement triggers in the writing
-- transaction: the waybill list without filters, or filtered by status, sums a few hundred rows
-- here instead of counting a million. Every bucket is split into shards by the writing backend,
-- so concurrent writers of one status and month update different rows (a shard may go negative;
-- the sum over the shards is exact). Rows are never estimates: what a transaction sees here is
-- what count(*) over waybills would give it.
CREATE TABLE waybill_counts (
  status text NOT NULL,
  month date NOT NULL,
  shard smallint NOT NULL,
  n bigint NOT NULL,
  PRIMARY KEY (status, month, shard)
);

-- One upsert per statement over its transition tables, buckets in key order (so two statements
-- never wait on each other's rows in opposite orders); an update that changes neither status nor
-- month writes nothing.
CREATE FUNCTION waybill_counts_apply() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  backend_shard smallint := pg_backend_pid() % 8;
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO waybill_counts AS c (status, month, shard, n)
    SELECT status, date_trunc('month', transport_date::timestamp)::date, backend_shard, count(*)
    FROM new_rows GROUP BY 1, 2 ORDER BY 1, 2
    ON CONFLICT ON CONSTRAINT waybill_counts_pkey DO UPDATE SET n = c.n + EXCLUDED.n;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO waybill_counts AS c (status, month, shard, n)
    SELECT status, date_trunc('month', transport_date::timestamp)::date, backend_shard, -count(*)
    FROM old_rows GROUP BY 1, 2 ORDER BY 1, 2
    ON CONFLICT ON CONSTRAINT waybill_counts_pkey DO UPDATE SET n = c.n + EXCLUDED.n;
  ELSE
    INSERT INTO waybill_counts AS c (status, month, shard, n)
    SELECT status, month, backend_shard, sum(delta)
    FROM (SELECT status, date_trunc('month', transport_date::timestamp)::date AS month, 1 AS delta FROM new_rows
          UNION ALL
          SELECT status, date_trunc('month', transport_date::timestamp)::date, -1 FROM old_rows) d
    GROUP BY 1, 2 HAVING sum(delta) <> 0 ORDER BY 1, 2
    ON CONFLICT ON CONSTRAINT waybill_counts_pkey DO UPDATE SET n = c.n + EXCLUDED.n;
  END IF;
  RETURN NULL;
END $$;

CREATE TRIGGER waybill_counts_insert AFTER INSERT ON waybills REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION waybill_counts_apply();
CREATE TRIGGER waybill_counts_update AFTER UPDATE ON waybills REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION waybill_counts_apply();
CREATE TRIGGER waybill_counts_delete AFTER DELETE ON waybills REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION waybill_counts_apply();

/* Recounts every bucket from the waybills: the backfill below, and after bulk loads that bypass
   triggers (session_replication_role = replica, COPY with triggers disabled). Blocks writers to
   waybills until the calling transaction ends, so no write slips between the count and the rows. */
CREATE FUNCTION waybill_counts_rebuild() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  LOCK TABLE waybills IN SHARE MODE;
  DELETE FROM waybill_counts;
  INSERT INTO waybill_counts (status, month, shard, n)
  SELECT status, date_trunc('month', transport_date::timestamp)::date, 0, count(*) FROM waybills GROUP BY 1, 2;
END $$;

CREATE FUNCTION waybill_counts_truncated() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM waybill_counts;
  RETURN NULL;
END $$;
CREATE TRIGGER waybill_counts_truncate AFTER TRUNCATE ON waybills
  FOR EACH STATEMENT EXECUTE FUNCTION waybill_counts_truncated();

SELECT waybill_counts_rebuild();
