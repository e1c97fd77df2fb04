-- migrate:no-transaction
-- waybills_transport_date_status_idx (048) has the same keys and the status beside them: the index
-- it replaces would only cost every write. Dropped without blocking reads or writes.
DROP INDEX CONCURRENTLY IF EXISTS waybills_transport_date_idx;
