-- Sign-up verifies the address by a mailed single-use link before staff can activate the account.
-- Accounts made before, by staff or by the demo seed count as verified (the default); sign-up
-- inserts NULL.
ALTER TABLE users ADD COLUMN email_verified_at timestamptz DEFAULT now();
CREATE TABLE email_verification_tokens (
  token_hash text PRIMARY KEY,
  user_email text NOT NULL REFERENCES users (email) ON DELETE CASCADE ON UPDATE CASCADE,
  expires_at timestamptz NOT NULL,
  used_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX email_verification_tokens_user_idx ON email_verification_tokens (user_email);
