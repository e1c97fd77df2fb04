-- migrate:no-transaction
-- waybills_mileage_date_idx (052) gives the mileage order with its ties by date: the index it
-- replaces would only cost every write. Dropped without blocking reads or writes.
DROP INDEX CONCURRENTLY IF EXISTS waybills_mileage_idx;
