-- Every server keeps the accounts it has just checked a bearer token against (see
-- src/auth/user-cache.ts). A changed or deleted account is announced on the channel
-- `timberlog_users` when its transaction commits, and every server drops its copy; a TRUNCATE
-- announces '*' (drop everything).
CREATE FUNCTION users_notify() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_LEVEL = 'STATEMENT' THEN
    PERFORM pg_notify('timberlog_users', '*');
  ELSE
    PERFORM pg_notify('timberlog_users', OLD.email);
  END IF;
  RETURN NULL;
END $$;

CREATE TRIGGER users_notify AFTER UPDATE OR DELETE ON users FOR EACH ROW EXECUTE FUNCTION users_notify();
CREATE TRIGGER users_notify_truncate AFTER TRUNCATE ON users FOR EACH STATEMENT EXECUTE FUNCTION users_notify();
