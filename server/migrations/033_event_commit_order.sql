-- A history id is taken when its statement runs, not when its transaction commits: an entry of a
-- transaction still open can hold a lower id than one committed (and announced) meanwhile. So an
-- id alone is no position to resume live changes from. Each entry keeps the transaction that wrote
-- it and the snapshot its statement saw; resuming after entry P delivers, besides the entries past
-- P, those below it whose transaction P's snapshot did not see committed (they were still open, or
-- not yet begun, when P was written, so they may have committed after the client received P).
-- Nullable without a default first, then the default: adding the columns rewrites no rows (the
-- entries written before this have no position to resume from but their id, as before).
ALTER TABLE history ADD COLUMN xact xid8, ADD COLUMN snapshot pg_snapshot;
ALTER TABLE history ALTER COLUMN xact SET DEFAULT pg_current_xact_id(), ALTER COLUMN snapshot SET DEFAULT pg_current_snapshot();
-- A resumption reads the entries of the transactions in the position's snapshot, and of those begun
-- after it, by transaction; the id is checked in the index.
CREATE INDEX history_xact_idx ON history (xact, id) WHERE xact IS NOT NULL;
