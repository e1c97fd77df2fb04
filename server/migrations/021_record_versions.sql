-- Every record people edit carries a version, moved by the database in the statement that changes
-- the record (never by the client), and who changed it last: the account the writing transaction
-- acts for (`timberlog.actor`, set by the server's transaction helper; empty for jobs: the
-- system). A write that names the version it read (If-Match) is refused when the record has moved
-- on (docs/decisions/0009-record-versions.md).
CREATE FUNCTION record_version() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' THEN
    NEW.version := OLD.version + 1;
    NEW.last_modified_at := now();
  ELSE
    NEW.version := 1;
  END IF;
  NEW.last_modified_by := nullif(current_setting('timberlog.actor', true), '');
  RETURN NEW;
END $$;

ALTER TABLE waybills ADD COLUMN version integer NOT NULL DEFAULT 1, ADD COLUMN last_modified_by text;
ALTER TABLE worklogs ADD COLUMN version integer NOT NULL DEFAULT 1, ADD COLUMN last_modified_by text;
ALTER TABLE invoices ADD COLUMN version integer NOT NULL DEFAULT 1, ADD COLUMN last_modified_by text;
ALTER TABLE users ADD COLUMN version integer NOT NULL DEFAULT 1, ADD COLUMN last_modified_by text;
ALTER TABLE assortment_types ADD COLUMN version integer NOT NULL DEFAULT 1, ADD COLUMN last_modified_by text;
ALTER TABLE assortments ADD COLUMN version integer NOT NULL DEFAULT 1, ADD COLUMN last_modified_by text;
ALTER TABLE companies ADD COLUMN version integer NOT NULL DEFAULT 1, ADD COLUMN last_modified_by text;
ALTER TABLE warehouses ADD COLUMN version integer NOT NULL DEFAULT 1, ADD COLUMN last_modified_by text;
ALTER TABLE workers ADD COLUMN version integer NOT NULL DEFAULT 1, ADD COLUMN last_modified_by text;

CREATE TRIGGER waybills_record_version BEFORE INSERT OR UPDATE ON waybills FOR EACH ROW EXECUTE FUNCTION record_version();
CREATE TRIGGER worklogs_record_version BEFORE INSERT OR UPDATE ON worklogs FOR EACH ROW EXECUTE FUNCTION record_version();
CREATE TRIGGER invoices_record_version BEFORE INSERT OR UPDATE ON invoices FOR EACH ROW EXECUTE FUNCTION record_version();
CREATE TRIGGER assortment_types_record_version BEFORE INSERT OR UPDATE ON assortment_types FOR EACH ROW EXECUTE FUNCTION record_version();
CREATE TRIGGER assortments_record_version BEFORE INSERT OR UPDATE ON assortments FOR EACH ROW EXECUTE FUNCTION record_version();
CREATE TRIGGER companies_record_version BEFORE INSERT OR UPDATE ON companies FOR EACH ROW EXECUTE FUNCTION record_version();
CREATE TRIGGER warehouses_record_version BEFORE INSERT OR UPDATE ON warehouses FOR EACH ROW EXECUTE FUNCTION record_version();
-- Accounts and workers also change in ways nobody edits (a sign-in's time, a new session key; a
-- worker's kept worklog count): only what a person edits moves their version.
CREATE TRIGGER users_record_version_insert BEFORE INSERT ON users FOR EACH ROW EXECUTE FUNCTION record_version();
CREATE TRIGGER users_record_version BEFORE UPDATE ON users FOR EACH ROW
  WHEN ((OLD.name, OLD.is_active, OLD.is_staff, OLD.password_hash, OLD.email_verified_at) IS DISTINCT FROM (NEW.name, NEW.is_active, NEW.is_staff, NEW.password_hash, NEW.email_verified_at))
  EXECUTE FUNCTION record_version();
CREATE TRIGGER workers_record_version_insert BEFORE INSERT ON workers FOR EACH ROW EXECUTE FUNCTION record_version();
CREATE TRIGGER workers_record_version BEFORE UPDATE ON workers FOR EACH ROW
  WHEN ((OLD.worker_name, OLD.company) IS DISTINCT FROM (NEW.worker_name, NEW.company))
  EXECUTE FUNCTION record_version();
