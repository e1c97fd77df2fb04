-- The existing rows checked against 019's constraints: VALIDATE takes a lock that lets reads and
-- writes go on while it scans.
ALTER TABLE waybills VALIDATE CONSTRAINT waybills_status_check;
ALTER TABLE worklogs VALIDATE CONSTRAINT worklogs_action_check;
ALTER TABLE invoices VALIDATE CONSTRAINT invoices_status_check;
ALTER TABLE assortments VALIDATE CONSTRAINT assortments_species_check;
ALTER TABLE assortments VALIDATE CONSTRAINT assortments_unit_check;
ALTER TABLE export_requests VALIDATE CONSTRAINT export_requests_kind_check;
ALTER TABLE export_requests VALIDATE CONSTRAINT export_requests_format_check;
ALTER TABLE export_requests VALIDATE CONSTRAINT export_requests_locale_check;
