-- A renewal asked again with its Idempotency-Key is answered with the *same* pair it issued the
-- first time, not a new one: whoever else holds the spent token and the key (both travel in the
-- same request) gets nothing the first caller does not also hold, and the first caller's pair is
-- never revoked behind its back; the next use of that pair by either is one spend and one reuse,
-- and reuse ends every session. The pair is signed again from the claims kept here (RS256
-- signatures are deterministic): the tokens themselves are never stored.
ALTER TABLE refresh_tokens ADD COLUMN issued_claims text;
COMMENT ON COLUMN refresh_tokens.issued_claims IS
  'The JSON payloads of the access and refresh token issued with this row, exactly as signed: a retry of the renewal re-signs them.';
