-- migrate:no-transaction
-- A status within dates, totalled (the list's totals of "a status in a quarter", any dates that
-- are not whole months, which waybill_sums answers): the status index found the rows, and each was
-- then read from the table for its assortment, quantity and mileage (31,500 rows for a quarter of
-- delivered waybills in 1,000,000). This index holds those three beside the status and date, so the
-- sums come from it alone: 15 → 6.6 ms a quarter (docs/decisions/0024). It has no number, so no
-- page walks it in place of the indexes that give a page's order. Built without blocking writes;
-- one statement, as a file outside a transaction must be.
CREATE INDEX CONCURRENTLY IF NOT EXISTS waybills_status_sums_idx ON waybills (status, transport_date) INCLUDE (assortment, quantity, mileage);
