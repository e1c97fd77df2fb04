-- A search's matches in date order from an index alone. A waybill's search text past its number
-- (driver, vehicle, notes: waybill_text, 011) repeats from waybill to waybill, and waybill_texts
-- keeps each distinct text once, keyed by its hash. The hash is now a column of the waybill too,
-- computed by the database (text_key), with an index on it, the date and the number: a search finds
-- its texts in waybill_texts, then their waybills' dates and numbers from this index, without
-- reading the waybills themselves (they lie one to a page: 20,000 pages for a term in 2 % of
-- 1,000,000 waybills). Page 29 of such a search 48 → 4.6 ms (docs/decisions/0024).
-- The text and its key are each written once, here, and every trigger and query uses them.

-- The search text from its columns (what waybill_text gives for a row).
CREATE FUNCTION waybill_text_doc(driver_name text, vehicle_number text, notes text) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  RETURN lower((driver_name || ' ' || vehicle_number || ' ' || notes) COLLATE pg_c_utf8);
CREATE OR REPLACE FUNCTION waybill_text(b waybills) RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE
  RETURN waybill_text_doc(b.driver_name, b.vehicle_number, b.notes);
-- A text's key: the SHA-256 of its UTF-8 bytes. convert_to is only stable (it reads the encoding
-- names); converting a text to UTF-8 gives the same bytes every time, so the key is immutable.
CREATE FUNCTION waybill_text_key(doc text) RETURNS bytea LANGUAGE sql IMMUTABLE PARALLEL SAFE
  RETURN sha256(convert_to(doc, 'UTF8'));

-- Written by the database on every insert and update (the table is rewritten once, here).
ALTER TABLE waybills ADD COLUMN text_key bytea
  GENERATED ALWAYS AS (waybill_text_key(waybill_text_doc(driver_name, vehicle_number, notes))) STORED;
CREATE INDEX waybills_text_key_idx ON waybills (text_key, transport_date, number);

-- The key is the database's, not the record's: no history entry names it.
DROP TRIGGER waybills_history ON waybills;
CREATE TRIGGER waybills_history AFTER INSERT OR DELETE OR UPDATE ON waybills FOR EACH ROW
  EXECUTE FUNCTION history_record('waybill', 'number', '{evr_error,evr_exchanged_at,text_key}', '{}');

-- The counted texts and the totals by text key their rows with the same key.
CREATE OR REPLACE FUNCTION waybill_texts_add(added text[], removed text[])
 RETURNS void
 LANGUAGE plpgsql
AS $function$
DECLARE
  backend_shard smallint := pg_backend_pid() % 8;
BEGIN
  INSERT INTO waybill_texts AS t (key, shard, doc, n)
  SELECT waybill_text_key(doc), backend_shard, doc, sum(delta)
  FROM (SELECT doc, 1 AS delta FROM unnest(added) doc UNION ALL SELECT doc, -1 FROM unnest(removed) doc) d
  GROUP BY doc HAVING sum(delta) <> 0 ORDER BY 1
  ON CONFLICT (key, shard) DO UPDATE SET n = t.n + EXCLUDED.n;
  DELETE FROM waybill_texts WHERE (key, shard) IN (
    SELECT key, shard FROM waybill_texts WHERE shard = backend_shard AND n = 0 FOR UPDATE SKIP LOCKED);
END $function$;

CREATE OR REPLACE FUNCTION waybill_texts_rebuild()
 RETURNS void
 LANGUAGE plpgsql
AS $function$
BEGIN
  LOCK TABLE waybills IN SHARE MODE;
  TRUNCATE waybill_texts;
  INSERT INTO waybill_texts (key, shard, doc, n)
  SELECT waybill_text_key(doc), 0, doc, count(*) FROM (SELECT waybill_text(b) AS doc FROM waybills b) d GROUP BY doc;
END $function$;

CREATE OR REPLACE FUNCTION waybill_text_sums_apply()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
DECLARE
  backend_shard smallint := pg_backend_pid() % 8;
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO waybill_text_sums AS s (key, assortment, shard, n, quantity, mileage)
    SELECT r.text_key, r.assortment, backend_shard, count(*), sum(r.quantity), sum(r.mileage)
    FROM new_rows r GROUP BY 1, 2 ORDER BY 1, 2
    ON CONFLICT ON CONSTRAINT waybill_text_sums_pkey
      DO UPDATE SET n = s.n + EXCLUDED.n, quantity = s.quantity + EXCLUDED.quantity, mileage = s.mileage + EXCLUDED.mileage;
  ELSE
    IF TG_OP = 'DELETE' THEN
      INSERT INTO waybill_text_sums AS s (key, assortment, shard, n, quantity, mileage)
      SELECT r.text_key, r.assortment, backend_shard, -count(*), -sum(r.quantity), -sum(r.mileage)
      FROM old_rows r GROUP BY 1, 2 ORDER BY 1, 2
      ON CONFLICT ON CONSTRAINT waybill_text_sums_pkey
        DO UPDATE SET n = s.n + EXCLUDED.n, quantity = s.quantity + EXCLUDED.quantity, mileage = s.mileage + EXCLUDED.mileage;
    ELSE
      INSERT INTO waybill_text_sums AS s (key, assortment, shard, n, quantity, mileage)
      SELECT key, assortment, backend_shard, sum(dn), sum(dq), sum(dm)
      FROM (SELECT r.text_key AS key, r.assortment, 1 AS dn, r.quantity AS dq, r.mileage::bigint AS dm FROM new_rows r
            UNION ALL
            SELECT r.text_key, r.assortment, -1, -r.quantity, -r.mileage::bigint FROM old_rows r) d
      GROUP BY 1, 2 HAVING sum(dn) <> 0 OR sum(dq) <> 0 OR sum(dm) <> 0 ORDER BY 1, 2
      ON CONFLICT ON CONSTRAINT waybill_text_sums_pkey
        DO UPDATE SET n = s.n + EXCLUDED.n, quantity = s.quantity + EXCLUDED.quantity, mileage = s.mileage + EXCLUDED.mileage;
    END IF;
    DELETE FROM waybill_text_sums WHERE (key, assortment, shard) IN (
      SELECT key, assortment, shard FROM waybill_text_sums WHERE shard = backend_shard AND n = 0 AND quantity = 0 AND mileage = 0
      FOR UPDATE SKIP LOCKED);
  END IF;
  RETURN NULL;
END $function$;

CREATE OR REPLACE FUNCTION waybill_text_sums_rebuild()
 RETURNS void
 LANGUAGE plpgsql
AS $function$
BEGIN
  LOCK TABLE waybills IN SHARE MODE;
  TRUNCATE waybill_text_sums;
  INSERT INTO waybill_text_sums (key, assortment, shard, n, quantity, mileage)
  SELECT b.text_key, b.assortment, 0, count(*), sum(b.quantity), sum(b.mileage)
  FROM waybills b GROUP BY 1, 2;
  UPDATE waybill_versions SET v = v + 1 WHERE shard = 0;
END $function$;
