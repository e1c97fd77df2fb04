-- Search folds case letter by letter (foldCase in the contract): lower() under the built-in
-- pg_c_utf8 collation (PostgreSQL 17 and later), where the database's C collation lowered only A
-- to Z, so "ülle" did not find "Ülle". Every search index is written again on the expression the
-- lists search (searchFold in src/shared/list.ts; test/indexes.test.ts checks they are used).
DROP INDEX users_search_idx;
CREATE INDEX users_search_idx ON users USING gin (lower((email || ' ' || name) COLLATE pg_c_utf8) gin_trgm_ops);
DROP INDEX companies_search_idx;
CREATE INDEX companies_search_idx ON companies USING gin (lower((name || ' ' || registry_code) COLLATE pg_c_utf8) gin_trgm_ops);
DROP INDEX workers_search_idx;
CREATE INDEX workers_search_idx ON workers USING gin (lower((worker_name) COLLATE pg_c_utf8) gin_trgm_ops);
DROP INDEX waybills_search_idx;
CREATE INDEX waybills_search_idx ON waybills USING gin (lower((number || ' ' || driver_name || ' ' || vehicle_number || ' ' || notes) COLLATE pg_c_utf8) gin_trgm_ops);
DROP INDEX worklogs_search_idx;
CREATE INDEX worklogs_search_idx ON worklogs USING gin (lower((number || ' ' || worker_name || ' ' || notes) COLLATE pg_c_utf8) gin_trgm_ops);
-- The invoice list searches its customer's name too, in another table: no one index serves it.
DROP INDEX invoices_search_idx;
DROP INDEX warehouses_address_search_idx;
CREATE INDEX warehouses_address_search_idx ON warehouses USING gin (lower((name || ' ' || coalesce(origin_code, '') || ' ' || coalesce(destination_code, '')) COLLATE pg_c_utf8) gin_trgm_ops);
DROP INDEX assortments_search_idx;
CREATE INDEX assortments_search_idx ON assortments USING gin (lower((code || ' ' || name) COLLATE pg_c_utf8) gin_trgm_ops);
DROP INDEX assortment_types_search_idx;
CREATE INDEX assortment_types_search_idx ON assortment_types USING gin (lower((name || ' ' || description) COLLATE pg_c_utf8) gin_trgm_ops);
