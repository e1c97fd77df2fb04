-- The version of what the worklog list's filters read: the worklogs, and the warehouses (the
-- warehouse-company filter maps warehouses to companies). As waybill_versions (010): every
-- statement writing either table adds one in its own transaction, in a shard of the writing
-- backend; a server reuses a filtered list's count while the sum it reads is the one it was
-- counted at (src/shared/list.ts). One trigger function serves every version table, named by the
-- trigger's argument.
CREATE TABLE worklog_versions (
  shard smallint PRIMARY KEY,
  v bigint NOT NULL
);
INSERT INTO worklog_versions (shard, v) SELECT s, 0 FROM generate_series(0, 7) s;

CREATE FUNCTION list_version_bump() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  EXECUTE format('UPDATE %I SET v = v + 1 WHERE shard = $1', TG_ARGV[0]) USING pg_backend_pid() % 8;
  RETURN NULL;
END $$;

CREATE TRIGGER worklog_versions_bump AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON worklogs
  FOR EACH STATEMENT EXECUTE FUNCTION list_version_bump('worklog_versions');
CREATE TRIGGER worklog_versions_bump AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON warehouses
  FOR EACH STATEMENT EXECUTE FUNCTION list_version_bump('worklog_versions');

-- The waybills' version through the same function.
DROP TRIGGER waybill_versions_bump ON waybills;
CREATE TRIGGER waybill_versions_bump AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON waybills
  FOR EACH STATEMENT EXECUTE FUNCTION list_version_bump('waybill_versions');
DROP FUNCTION waybill_versions_bump();
