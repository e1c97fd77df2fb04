-- Totals of up to 500 waybills at the largest quantities and prices the API accepts fit.
ALTER TABLE invoices
  ALTER COLUMN net_total TYPE numeric(20, 2),
  ALTER COLUMN vat_total TYPE numeric(20, 2),
  ALTER COLUMN gross_total TYPE numeric(20, 2);
