-- Tokens carry the account's session key: a new one on every password change and deactivation,
-- and a different one for a deleted and re-created account, so older tokens stop working.
ALTER TABLE users ADD COLUMN session_key uuid NOT NULL DEFAULT gen_random_uuid();
-- When the sign-in that started a chain of rotated refresh tokens happened (absolute lifetime).
ALTER TABLE refresh_tokens ADD COLUMN session_started_at timestamptz NOT NULL DEFAULT now();
