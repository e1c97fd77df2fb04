-- Every column holding one of the contract's enumerations refuses any other value, whatever
-- writes it (a script, a restore, a bug). test/enum-checks.test.ts compares each list below with
-- the contract's (packages/contract/src/limits.ts). Added NOT VALID here (a brief lock, no scan);
-- 020 validates the existing rows without blocking writes.
ALTER TABLE waybills ADD CONSTRAINT waybills_status_check CHECK (status IN ('draft', 'confirmed', 'delivered', 'invoiced', 'cancelled')) NOT VALID;
ALTER TABLE worklogs ADD CONSTRAINT worklogs_action_check CHECK (action IN ('arrival', 'loading', 'unloading', 'measuring', 'sorting', 'departure')) NOT VALID;
ALTER TABLE invoices ADD CONSTRAINT invoices_status_check CHECK (status IN ('pending_sync', 'synced', 'sync_failed')) NOT VALID;
ALTER TABLE assortments ADD CONSTRAINT assortments_species_check CHECK (species IN ('spruce', 'pine', 'birch', 'aspen', 'alder', 'other')) NOT VALID;
ALTER TABLE assortments ADD CONSTRAINT assortments_unit_check CHECK (unit IN ('m3', 't')) NOT VALID;
ALTER TABLE export_requests ADD CONSTRAINT export_requests_kind_check CHECK (kind IN ('waybill_report', 'worklog_report')) NOT VALID;
ALTER TABLE export_requests ADD CONSTRAINT export_requests_format_check CHECK (format IN ('xlsx', 'csv')) NOT VALID;
ALTER TABLE export_requests ADD CONSTRAINT export_requests_locale_check CHECK (locale IN ('en', 'et')) NOT VALID;
