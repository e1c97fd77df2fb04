-- migrate:no-transaction
-- A search alone in date order (the list's default) walks the date index for its first pages and
-- tests each waybill it meets: the test read the waybill from the table and matched the term in its
-- text, for 50 waybills per match of a term in 2 % of them. With the text key beside each entry the
-- test is a lookup of the key among the matching texts' (and of the number among the matching
-- numbers), from the index alone (docs/decisions/0026). Built without blocking writes; one
-- statement, as a file outside a transaction must be.
CREATE INDEX CONCURRENTLY IF NOT EXISTS waybills_date_text_key_idx ON waybills (transport_date, number) INCLUDE (text_key);
