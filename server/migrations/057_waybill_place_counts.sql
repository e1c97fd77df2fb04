-- Exact waybill counts per place (an origin, a destination or a destination company), status and
-- transport month, kept by statement triggers in the writing transaction as waybill_counts is
-- (007): a list filtered by one kind of place (any of its values), with or without statuses and
-- whole months, sums a few hundred rows here instead of counting its waybills again after every
-- write (docs/decisions/0030). Split into shards by the writing backend; the sum over the shards is
-- exact, never an estimate.
CREATE TABLE waybill_place_counts (
  -- The list filter's name: 'origin', 'destination' or 'destinationCompany'.
  field text NOT NULL,
  value text NOT NULL,
  status text NOT NULL,
  month date NOT NULL,
  shard smallint NOT NULL,
  n bigint NOT NULL,
  PRIMARY KEY (field, value, status, month, shard)
);

-- Each row's three places, with +1 for a new row and -1 for an old one.
CREATE FUNCTION waybill_place_deltas(rows_new boolean, r waybills) RETURNS TABLE (field text, value text, status text, month date, delta int)
LANGUAGE sql IMMUTABLE AS $$
  SELECT p.field, p.value, r.status, date_trunc('month', r.transport_date::timestamp)::date, CASE WHEN rows_new THEN 1 ELSE -1 END
  FROM (VALUES ('origin', r.origin), ('destination', r.destination), ('destinationCompany', r.destination_company)) p(field, value)
$$;

-- One upsert per statement over its transition tables, buckets in key order (so two statements
-- never wait on each other's rows in opposite orders); an update that moves no row's place, status
-- or month writes nothing.
CREATE FUNCTION waybill_place_counts_apply() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  backend_shard smallint := pg_backend_pid() % 8;
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO waybill_place_counts AS c (field, value, status, month, shard, n)
    SELECT d.field, d.value, d.status, d.month, backend_shard, sum(d.delta)
    FROM new_rows r, waybill_place_deltas(true, r) d GROUP BY 1, 2, 3, 4 ORDER BY 1, 2, 3, 4
    ON CONFLICT ON CONSTRAINT waybill_place_counts_pkey DO UPDATE SET n = c.n + EXCLUDED.n;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO waybill_place_counts AS c (field, value, status, month, shard, n)
    SELECT d.field, d.value, d.status, d.month, backend_shard, sum(d.delta)
    FROM old_rows r, waybill_place_deltas(false, r) d GROUP BY 1, 2, 3, 4 ORDER BY 1, 2, 3, 4
    ON CONFLICT ON CONSTRAINT waybill_place_counts_pkey DO UPDATE SET n = c.n + EXCLUDED.n;
  ELSE
    INSERT INTO waybill_place_counts AS c (field, value, status, month, shard, n)
    SELECT d.field, d.value, d.status, d.month, backend_shard, sum(d.delta)
    FROM (SELECT x.* FROM new_rows r, waybill_place_deltas(true, r) x
          UNION ALL
          SELECT x.* FROM old_rows r, waybill_place_deltas(false, r) x) d
    GROUP BY 1, 2, 3, 4 HAVING sum(d.delta) <> 0 ORDER BY 1, 2, 3, 4
    ON CONFLICT ON CONSTRAINT waybill_place_counts_pkey DO UPDATE SET n = c.n + EXCLUDED.n;
  END IF;
  RETURN NULL;
END $$;

CREATE TRIGGER waybill_place_counts_insert AFTER INSERT ON waybills REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION waybill_place_counts_apply();
CREATE TRIGGER waybill_place_counts_update AFTER UPDATE ON waybills REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION waybill_place_counts_apply();
CREATE TRIGGER waybill_place_counts_delete AFTER DELETE ON waybills REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION waybill_place_counts_apply();

/* Counts every bucket again from the waybills: the backfill below, and after bulk loads that bypass
   triggers (session_replication_role = replica). Blocks writers to waybills until the calling
   transaction ends, so no write slips between the counts and the rows. Moves the waybills' version
   (010), as waybill_counts_rebuild does. */
CREATE FUNCTION waybill_place_counts_rebuild() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  LOCK TABLE waybills IN SHARE MODE;
  DELETE FROM waybill_place_counts;
  INSERT INTO waybill_place_counts (field, value, status, month, shard, n)
  SELECT d.field, d.value, d.status, d.month, 0, sum(d.delta) FROM waybills r, waybill_place_deltas(true, r) d GROUP BY 1, 2, 3, 4;
  UPDATE waybill_versions SET v = v + 1 WHERE shard = 0;
END $$;

CREATE FUNCTION waybill_place_counts_truncated() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM waybill_place_counts;
  RETURN NULL;
END $$;
CREATE TRIGGER waybill_place_counts_truncate AFTER TRUNCATE ON waybills
  FOR EACH STATEMENT EXECUTE FUNCTION waybill_place_counts_truncated();

SELECT waybill_place_counts_rebuild();
