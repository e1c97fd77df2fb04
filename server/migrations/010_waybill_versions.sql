-- The version of the waybills: every statement that writes them (insert, update, delete, truncate)
-- adds one, in its own transaction, so what a transaction sees here moves exactly with the rows it
-- sees. A server keeps the count of a filtered list with the version it was counted at and
-- reuses it while the version it reads is the same (src/shared/list.ts): never a stale count.
-- Split into shards by the writing backend, as waybill_counts, so concurrent writers do not all
-- wait for one row; the version is the sum.
CREATE TABLE waybill_versions (
  shard smallint PRIMARY KEY,
  v bigint NOT NULL
);
INSERT INTO waybill_versions (shard, v) SELECT s, 0 FROM generate_series(0, 7) s;

CREATE FUNCTION waybill_versions_bump() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE waybill_versions SET v = v + 1 WHERE shard = pg_backend_pid() % 8;
  RETURN NULL;
END $$;
CREATE TRIGGER waybill_versions_bump AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON waybills
  FOR EACH STATEMENT EXECUTE FUNCTION waybill_versions_bump();

-- Bulk loads that bypass triggers call waybill_counts_rebuild() after (see 007): it moves the
-- version too.
CREATE OR REPLACE FUNCTION waybill_counts_rebuild() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  LOCK TABLE waybills IN SHARE MODE;
  DELETE FROM waybill_counts;
  INSERT INTO waybill_counts (status, month, shard, n)
  SELECT status, date_trunc('month', transport_date::timestamp)::date, 0, count(*) FROM waybills GROUP BY 1, 2;
  UPDATE waybill_versions SET v = v + 1 WHERE shard = 0;
END $$;
