-- Why an invoice's accounting sync failed, as a reason every user may be shown (one of the
-- contract's INVOICE_SYNC_FAILURES). The raw error stays in sync_error, for staff and the log: it
-- can name internal hosts and ports ("connect ECONNREFUSED 10.0.0.7:8443").
ALTER TABLE invoices ADD COLUMN sync_failure text
  CHECK (sync_failure IN ('unreachable', 'rejected', 'unavailable', 'failed'));

-- Failures recorded before: the HTTP connector wrote "Accounting system answered <status>: ..."
-- for an answer, and the fetch error ("fetch failed: ...", a timeout) when there was none.
UPDATE invoices SET sync_failure = CASE
    WHEN sync_error ~ '^Accounting system answered 4' THEN 'rejected'
    WHEN sync_error ~ '^Accounting system answered' THEN 'unavailable'
    WHEN sync_error ~* '(fetch failed|ECONNREFUSED|ENOTFOUND|ETIMEDOUT|ECONNRESET|EAI_AGAIN|timeout|aborted)' THEN 'unreachable'
    ELSE 'failed'
  END
  WHERE status = 'sync_failed';
