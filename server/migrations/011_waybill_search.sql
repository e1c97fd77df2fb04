-- Counting a waybill search. The list searches the number, driver, vehicle and notes joined by
-- spaces and folded to lower case (every letter: see 012_search_case.sql). Past the number, that
-- text repeats from waybill to waybill (the same drivers, vehicles and stock notes): a million
-- waybills carry a few thousand texts. Each distinct text is kept here once, with how many waybills
-- carry it, by statement triggers in the writing transaction, so a search counts the texts that
-- match instead of rechecking every matching waybill (src/waybills/queries.ts). Never an estimate:
-- what a transaction sees here is what counting the waybills would give it. Split into shards by
-- the writing backend, as waybill_counts, so concurrent writers of one text update different rows;
-- a shard may go negative, the sum is exact.
CREATE FUNCTION waybill_text(b waybills) RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE
  RETURN lower((b.driver_name || ' ' || b.vehicle_number || ' ' || b.notes) COLLATE pg_c_utf8);

CREATE TABLE waybill_texts (
  -- Notes run to 2,000 characters, past what a B-tree key holds: the text is keyed by its hash.
  key bytea NOT NULL,
  shard smallint NOT NULL,
  doc text NOT NULL,
  n bigint NOT NULL,
  PRIMARY KEY (key, shard)
);
CREATE INDEX waybill_texts_doc_idx ON waybill_texts USING gin (doc gin_trgm_ops);
-- The numbers on their own: a search counts the waybills whose number matches and text does not.
CREATE INDEX waybills_number_search_idx ON waybills USING gin (lower((number) COLLATE pg_c_utf8) gin_trgm_ops);

-- One upsert per statement over its transition tables, keys in order (so two statements never
-- wait on each other's rows in opposite orders); an update that leaves every text as it was writes
-- nothing. Texts this shard no longer counts are dropped after, skipping any another transaction
-- holds. A statement trigger names only the transition tables of its event: each event's function
-- hands its texts to waybill_texts_add.
CREATE INDEX waybill_texts_empty_idx ON waybill_texts (shard) WHERE n = 0;
CREATE FUNCTION waybill_texts_add(added text[], removed text[]) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  backend_shard smallint := pg_backend_pid() % 8;
BEGIN
  INSERT INTO waybill_texts AS t (key, shard, doc, n)
  SELECT sha256(convert_to(doc, 'UTF8')), backend_shard, doc, sum(delta)
  FROM (SELECT doc, 1 AS delta FROM unnest(added) doc UNION ALL SELECT doc, -1 FROM unnest(removed) doc) d
  GROUP BY doc HAVING sum(delta) <> 0 ORDER BY 1
  ON CONFLICT (key, shard) DO UPDATE SET n = t.n + EXCLUDED.n;
  DELETE FROM waybill_texts WHERE (key, shard) IN (
    SELECT key, shard FROM waybill_texts WHERE shard = backend_shard AND n = 0 FOR UPDATE SKIP LOCKED);
END $$;
CREATE FUNCTION waybill_texts_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM waybill_texts_add(ARRAY(SELECT waybill_text(n) FROM new_rows n), '{}');
  RETURN NULL;
END $$;
CREATE FUNCTION waybill_texts_update() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM waybill_texts_add(ARRAY(SELECT waybill_text(n) FROM new_rows n), ARRAY(SELECT waybill_text(o) FROM old_rows o));
  RETURN NULL;
END $$;
CREATE FUNCTION waybill_texts_delete() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM waybill_texts_add('{}', ARRAY(SELECT waybill_text(o) FROM old_rows o));
  RETURN NULL;
END $$;
CREATE FUNCTION waybill_texts_truncate() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  TRUNCATE waybill_texts;
  RETURN NULL;
END $$;

CREATE TRIGGER waybill_texts_insert AFTER INSERT ON waybills REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION waybill_texts_insert();
CREATE TRIGGER waybill_texts_update AFTER UPDATE ON waybills REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION waybill_texts_update();
CREATE TRIGGER waybill_texts_delete AFTER DELETE ON waybills REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION waybill_texts_delete();
CREATE TRIGGER waybill_texts_truncate AFTER TRUNCATE ON waybills
  FOR EACH STATEMENT EXECUTE FUNCTION waybill_texts_truncate();

/* Counts every text again from the waybills: the backfill below, and after bulk loads that bypass
   triggers (session_replication_role = replica). Blocks writers to waybills until the calling
   transaction ends, so no write slips between the count and the rows. */
CREATE FUNCTION waybill_texts_rebuild() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  LOCK TABLE waybills IN SHARE MODE;
  TRUNCATE waybill_texts;
  INSERT INTO waybill_texts (key, shard, doc, n)
  SELECT sha256(convert_to(doc, 'UTF8')), 0, doc, count(*) FROM (SELECT waybill_text(b) AS doc FROM waybills b) d GROUP BY doc;
END $$;

SELECT waybill_texts_rebuild();
