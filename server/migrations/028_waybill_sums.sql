-- The totals of the waybill list (how many, quantity and mileage) per status, transport month and
-- assortment, kept by statement triggers in the writing transaction as waybill_counts is (007):
-- the totals of the whole list, or of one filtered by status, whole months and assortment, sum a
-- few thousand rows here instead of a million waybills, and need no recount after a write
-- (src/totals/routes.ts). The assortment decides the unit, so a quantity is summed per unit at
-- answer time from the assortment's unit as it is then. Split into shards by the writing backend,
-- so concurrent writers of one bucket update different rows (a shard may go negative; the sum over
-- the shards is exact). Never an estimate: what a transaction sees here is what summing the
-- waybills would give it.
CREATE TABLE waybill_sums (
  status text NOT NULL,
  month date NOT NULL,
  assortment text NOT NULL,
  shard smallint NOT NULL,
  n bigint NOT NULL,
  quantity numeric NOT NULL,
  mileage bigint NOT NULL,
  PRIMARY KEY (status, month, assortment, shard)
);

-- One upsert per statement over its transition tables, buckets in key order (so two statements
-- never wait on each other's rows in opposite orders); an update that moves no bucket, quantity or
-- mileage (a note, a driver) writes nothing.
CREATE FUNCTION waybill_sums_apply() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  backend_shard smallint := pg_backend_pid() % 8;
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO waybill_sums AS s (status, month, assortment, shard, n, quantity, mileage)
    SELECT status, date_trunc('month', transport_date::timestamp)::date, assortment, backend_shard, count(*), sum(quantity), sum(mileage)
    FROM new_rows GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
    ON CONFLICT ON CONSTRAINT waybill_sums_pkey
      DO UPDATE SET n = s.n + EXCLUDED.n, quantity = s.quantity + EXCLUDED.quantity, mileage = s.mileage + EXCLUDED.mileage;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO waybill_sums AS s (status, month, assortment, shard, n, quantity, mileage)
    SELECT status, date_trunc('month', transport_date::timestamp)::date, assortment, backend_shard, -count(*), -sum(quantity), -sum(mileage)
    FROM old_rows GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
    ON CONFLICT ON CONSTRAINT waybill_sums_pkey
      DO UPDATE SET n = s.n + EXCLUDED.n, quantity = s.quantity + EXCLUDED.quantity, mileage = s.mileage + EXCLUDED.mileage;
  ELSE
    INSERT INTO waybill_sums AS s (status, month, assortment, shard, n, quantity, mileage)
    SELECT status, month, assortment, backend_shard, sum(dn), sum(dq), sum(dm)
    FROM (SELECT status, date_trunc('month', transport_date::timestamp)::date AS month, assortment, 1 AS dn, quantity AS dq, mileage::bigint AS dm FROM new_rows
          UNION ALL
          SELECT status, date_trunc('month', transport_date::timestamp)::date, assortment, -1, -quantity, -mileage::bigint FROM old_rows) d
    GROUP BY 1, 2, 3 HAVING sum(dn) <> 0 OR sum(dq) <> 0 OR sum(dm) <> 0 ORDER BY 1, 2, 3
    ON CONFLICT ON CONSTRAINT waybill_sums_pkey
      DO UPDATE SET n = s.n + EXCLUDED.n, quantity = s.quantity + EXCLUDED.quantity, mileage = s.mileage + EXCLUDED.mileage;
  END IF;
  RETURN NULL;
END $$;

CREATE TRIGGER waybill_sums_insert AFTER INSERT ON waybills REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION waybill_sums_apply();
CREATE TRIGGER waybill_sums_update AFTER UPDATE ON waybills REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION waybill_sums_apply();
CREATE TRIGGER waybill_sums_delete AFTER DELETE ON waybills REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION waybill_sums_apply();

/* Sums every bucket again from the waybills: the backfill below, and after bulk loads that bypass
   triggers (session_replication_role = replica). Blocks writers to waybills until the calling
   transaction ends, so no write slips between the sums and the rows. Moves the waybills' version
   (010), as waybill_counts_rebuild does, so no server answers totals it kept before. */
CREATE FUNCTION waybill_sums_rebuild() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  LOCK TABLE waybills IN SHARE MODE;
  DELETE FROM waybill_sums;
  INSERT INTO waybill_sums (status, month, assortment, shard, n, quantity, mileage)
  SELECT status, date_trunc('month', transport_date::timestamp)::date, assortment, 0, count(*), sum(quantity), sum(mileage)
  FROM waybills GROUP BY 1, 2, 3;
  UPDATE waybill_versions SET v = v + 1 WHERE shard = 0;
END $$;

CREATE FUNCTION waybill_sums_truncated() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM waybill_sums;
  RETURN NULL;
END $$;
CREATE TRIGGER waybill_sums_truncate AFTER TRUNCATE ON waybills
  FOR EACH STATEMENT EXECUTE FUNCTION waybill_sums_truncated();

SELECT waybill_sums_rebuild();
