-- The version of what a waybill list's rows show beside the waybills themselves: the names of
-- their warehouses (origin and destination), of the receiving company, and the assortment's name
-- and unit. As waybill_versions (010, 013): every statement writing one of those tables adds one,
-- in its own transaction, in a shard of the writing backend. A server keeps a waybill list's answer
-- (count and page) with the sum of both versions read in the statement that made it, and answers
-- it again while the sums it reads are the same: no write to the waybills or the names they show
-- has happened since (src/shared/list/run.ts, docs/decisions/0016).
CREATE TABLE waybill_reference_versions (
  shard smallint PRIMARY KEY,
  v bigint NOT NULL
);
INSERT INTO waybill_reference_versions (shard, v) SELECT s, 0 FROM generate_series(0, 7) s;

CREATE TRIGGER waybill_reference_versions_bump AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON warehouses
  FOR EACH STATEMENT EXECUTE FUNCTION list_version_bump('waybill_reference_versions');
CREATE TRIGGER waybill_reference_versions_bump AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON companies
  FOR EACH STATEMENT EXECUTE FUNCTION list_version_bump('waybill_reference_versions');
CREATE TRIGGER waybill_reference_versions_bump AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON assortments
  FOR EACH STATEMENT EXECUTE FUNCTION list_version_bump('waybill_reference_versions');
