-- Every history entry is announced on the channel `timberlog_events` when its transaction commits
-- (NOTIFY is transactional: a rolled-back change announces nothing), so each server instance can
-- tell its live clients what changed, whichever instance made the change. The payload names what
-- changed, never its data: the receiver reads the record through the API, with its own rights.
CREATE FUNCTION history_announce() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('timberlog_events', json_build_object(
    'id', NEW.id, 'entity', NEW.entity, 'key', NEW.record_key, 'version', NEW.version,
    'action', NEW.action, 'actor', coalesce(NEW.actor_name, NEW.actor))::text);
  RETURN NULL;
END $$;
CREATE TRIGGER history_announce AFTER INSERT ON history FOR EACH ROW EXECUTE FUNCTION history_announce();
