-- migrate:no-transaction
-- Statuses by date (the list's "two statuses, newest first", and any status filter in date order):
-- the planner walks the date index and must fetch every row it meets from the table to test its
-- status (11,000 rows for page 290 of two statuses in 1,000,000 waybills). The same index with the
-- status beside each entry answers the test from the index alone: page 290 6.2 → 2.8 ms, page 120
-- 4.4 → 2.4 ms (docs/decisions/0024). 049 drops the index it replaces. Built without blocking
-- writes; one statement, as a file outside a transaction must be.
CREATE INDEX CONCURRENTLY IF NOT EXISTS waybills_transport_date_status_idx ON waybills (transport_date, number) INCLUDE (status);
