-- migrate:no-transaction
-- Reset tokens are looked up by account (a newer link or a password change ends the older ones)
-- and deleted with their account (the foreign key): both read every token without this index.
-- Built without blocking sign-ups and resets that write the table meanwhile. One statement, as a
-- file outside a transaction must be: if the build fails, drop the INVALID index it leaves
-- (DROP INDEX CONCURRENTLY password_reset_tokens_user_email_idx) and run the migration again.
CREATE INDEX CONCURRENTLY password_reset_tokens_user_email_idx ON password_reset_tokens (user_email);
