-- The totals of a waybill search (how many, quantity and mileage) per search text and assortment,
-- beside waybill_texts (011), which keeps how many waybills carry each text for the search's
-- count. Kept by statement triggers in the writing transaction, in shards of the writing backend
-- (a shard may go negative; the sum is exact), so a search's totals sum the rows of the texts that
-- match (a few thousand texts for a million waybills) instead of every matching waybill; the
-- assortment decides the unit at answer time (src/totals/routes.ts). Keyed by the text's hash, as
-- waybill_texts is: the search reads the matching keys there. Never an estimate.
CREATE TABLE waybill_text_sums (
  key bytea NOT NULL,
  assortment text NOT NULL,
  shard smallint NOT NULL,
  n bigint NOT NULL,
  quantity numeric NOT NULL,
  mileage bigint NOT NULL,
  PRIMARY KEY (key, assortment, shard)
);

-- One upsert per statement over its transition tables, keys in order; an update that moves no
-- text, assortment, quantity or mileage (a status, a date) writes nothing. Rows this shard no
-- longer counts are dropped after, skipping any another transaction holds.
CREATE INDEX waybill_text_sums_empty_idx ON waybill_text_sums (shard) WHERE n = 0;
CREATE FUNCTION waybill_text_sums_apply() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  backend_shard smallint := pg_backend_pid() % 8;
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO waybill_text_sums AS s (key, assortment, shard, n, quantity, mileage)
    SELECT sha256(convert_to(waybill_text(r), 'UTF8')), r.assortment, backend_shard, count(*), sum(r.quantity), sum(r.mileage)
    FROM new_rows r GROUP BY 1, 2 ORDER BY 1, 2
    ON CONFLICT ON CONSTRAINT waybill_text_sums_pkey
      DO UPDATE SET n = s.n + EXCLUDED.n, quantity = s.quantity + EXCLUDED.quantity, mileage = s.mileage + EXCLUDED.mileage;
  ELSE
    IF TG_OP = 'DELETE' THEN
      INSERT INTO waybill_text_sums AS s (key, assortment, shard, n, quantity, mileage)
      SELECT sha256(convert_to(waybill_text(r), 'UTF8')), r.assortment, backend_shard, -count(*), -sum(r.quantity), -sum(r.mileage)
      FROM old_rows r GROUP BY 1, 2 ORDER BY 1, 2
      ON CONFLICT ON CONSTRAINT waybill_text_sums_pkey
        DO UPDATE SET n = s.n + EXCLUDED.n, quantity = s.quantity + EXCLUDED.quantity, mileage = s.mileage + EXCLUDED.mileage;
    ELSE
      INSERT INTO waybill_text_sums AS s (key, assortment, shard, n, quantity, mileage)
      SELECT key, assortment, backend_shard, sum(dn), sum(dq), sum(dm)
      FROM (SELECT sha256(convert_to(waybill_text(r), 'UTF8')) AS key, r.assortment, 1 AS dn, r.quantity AS dq, r.mileage::bigint AS dm FROM new_rows r
            UNION ALL
            SELECT sha256(convert_to(waybill_text(r), 'UTF8')), r.assortment, -1, -r.quantity, -r.mileage::bigint FROM old_rows r) d
      GROUP BY 1, 2 HAVING sum(dn) <> 0 OR sum(dq) <> 0 OR sum(dm) <> 0 ORDER BY 1, 2
      ON CONFLICT ON CONSTRAINT waybill_text_sums_pkey
        DO UPDATE SET n = s.n + EXCLUDED.n, quantity = s.quantity + EXCLUDED.quantity, mileage = s.mileage + EXCLUDED.mileage;
    END IF;
    DELETE FROM waybill_text_sums WHERE (key, assortment, shard) IN (
      SELECT key, assortment, shard FROM waybill_text_sums WHERE shard = backend_shard AND n = 0 AND quantity = 0 AND mileage = 0
      FOR UPDATE SKIP LOCKED);
  END IF;
  RETURN NULL;
END $$;

CREATE TRIGGER waybill_text_sums_insert AFTER INSERT ON waybills REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION waybill_text_sums_apply();
CREATE TRIGGER waybill_text_sums_update AFTER UPDATE ON waybills REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION waybill_text_sums_apply();
CREATE TRIGGER waybill_text_sums_delete AFTER DELETE ON waybills REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION waybill_text_sums_apply();

CREATE FUNCTION waybill_text_sums_truncated() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  TRUNCATE waybill_text_sums;
  RETURN NULL;
END $$;
CREATE TRIGGER waybill_text_sums_truncate AFTER TRUNCATE ON waybills
  FOR EACH STATEMENT EXECUTE FUNCTION waybill_text_sums_truncated();

/* Sums every text again from the waybills: the backfill below, and after bulk loads that bypass
   triggers (session_replication_role = replica). Blocks writers to waybills until the calling
   transaction ends, and moves the waybills' version (010) so no server answers totals it kept. */
CREATE FUNCTION waybill_text_sums_rebuild() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  LOCK TABLE waybills IN SHARE MODE;
  TRUNCATE waybill_text_sums;
  INSERT INTO waybill_text_sums (key, assortment, shard, n, quantity, mileage)
  SELECT sha256(convert_to(waybill_text(b), 'UTF8')), b.assortment, 0, count(*), sum(b.quantity), sum(b.mileage)
  FROM waybills b GROUP BY 1, 2;
  UPDATE waybill_versions SET v = v + 1 WHERE shard = 0;
END $$;

SELECT waybill_text_sums_rebuild();
