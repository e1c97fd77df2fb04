-- A renewal whose answer was lost can be asked again. The web app sends an `Idempotency-Key` with
-- each renewal and keeps it until the answer is stored; a page that reloads in the middle of a
-- renewal (after the server spent the token, before the new pair reached storage) presents the
-- spent token again with the same key. Within a short window that is answered as the same renewal:
-- the successor it was given (never used) is replaced by a new pair, so one chain lives on. A spent
-- token presented without the key, with another key or later is reuse, and ends every session as
-- before (src/auth/tokens.ts).
ALTER TABLE refresh_tokens
  ADD COLUMN parent_jti uuid,
  ADD COLUMN spent_with bytea;
CREATE INDEX refresh_tokens_parent_idx ON refresh_tokens (parent_jti) WHERE parent_jti IS NOT NULL;
