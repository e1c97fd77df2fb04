-- Sending waybills to EVR (server/src/evr/sending.ts): a confirmed, delivered or cancelled
-- waybill's step is carried out by a job, and the waybill keeps how that exchange stands beside
-- EVR's own status: `sending` while a job is on it, `failed` when it gave up (with the reason's
-- kind for everyone and EVR's own words for staff), and when EVR last answered. The job's changes
-- are the waybill's history with `via = 'evr'`.
ALTER TABLE waybills
  ADD COLUMN evr_sync text CHECK (evr_sync IN ('sending', 'failed')),
  ADD COLUMN evr_failure text CHECK (evr_failure IN ('unreachable', 'timeout', 'server', 'invalid', 'refused', 'auth', 'off')),
  ADD COLUMN evr_error text,
  ADD COLUMN evr_exchanged_at timestamptz,
  ADD CONSTRAINT waybills_evr_failed_has_reason CHECK ((evr_sync = 'failed') = (evr_failure IS NOT NULL));

-- The list's EVR filter (the contract's evrStateOf): not sent, sending, failed, or EVR's status.
CREATE INDEX waybills_evr_state_idx ON waybills ((coalesce(evr_sync, evr_status, 'notSent')), transport_date DESC, number DESC);

ALTER TABLE history DROP CONSTRAINT history_via_check;
ALTER TABLE history ADD CONSTRAINT history_via_check CHECK (via IN ('web', 'api', 'import', 'bulk', 'job', 'evr'));

-- The waybill's history keeps what changed in EVR (its number, status, sending or failed and why),
-- not EVR's raw error text (which may name the server's own network) or the time of each answer.
DROP TRIGGER waybills_history ON waybills;
CREATE TRIGGER waybills_history AFTER INSERT OR DELETE OR UPDATE ON waybills
  FOR EACH ROW EXECUTE FUNCTION history_record('waybill', 'number', '{evr_error,evr_exchanged_at}', '{}');
