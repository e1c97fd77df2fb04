-- A waybill list's rows show their creator's name (createdByName) too: a kept answer (027) must be
-- made again when an account is renamed, added or removed, as when a warehouse, company or
-- assortment is. Only a change to the name counts: a sign-in or a password change writes the
-- account's other columns and leaves the kept answers alone.
CREATE TRIGGER waybill_reference_versions_bump AFTER INSERT OR DELETE OR TRUNCATE OR UPDATE OF name ON users
  FOR EACH STATEMENT EXECUTE FUNCTION list_version_bump('waybill_reference_versions');
