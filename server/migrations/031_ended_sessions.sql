-- A signed-out session's access tokens are refused at once, not only when they expire. Every token
-- carries its session's id (`sid`: one sign-in and its renewals); sign-out keeps the id here until
-- the last access token the session could have issued has expired. A row is announced on
-- `timberlog_users` like a change of its account, so every server drops its copy of the account
-- (with the ended sessions read beside it) when the sign-out commits.
CREATE TABLE ended_sessions (
  session_id uuid PRIMARY KEY,
  user_email text NOT NULL REFERENCES users (email) ON DELETE CASCADE ON UPDATE CASCADE,
  expires_at timestamptz NOT NULL
);
CREATE INDEX ended_sessions_user_idx ON ended_sessions (user_email);

CREATE FUNCTION ended_sessions_notify() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('timberlog_users', NEW.user_email);
  RETURN NULL;
END $$;

CREATE TRIGGER ended_sessions_notify AFTER INSERT ON ended_sessions FOR EACH ROW EXECUTE FUNCTION ended_sessions_notify();
