-- Indexes on a yes/no column that no plan reads: a filter on one matches a large share of a small
-- table (companies that are invoice customers, active assortments, seen or running exports), which
-- PostgreSQL reads by scanning, and every write paid to keep them. The exports' own lists go
-- through export_requests_user_idx (user, seen, newest first). Indexes of boolean columns that a
-- list sorts by (users by active and staff) stay: test/indexes.test.ts checks both rules.
DROP INDEX IF EXISTS companies_is_invoice_customer_idx;
DROP INDEX IF EXISTS assortments_is_active_idx;
DROP INDEX IF EXISTS export_requests_seen_idx;
DROP INDEX IF EXISTS export_requests_state_idx;
