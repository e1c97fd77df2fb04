-- A change's announcement carries who made it by name and by e-mail address apart: each server
-- shows the address only to staff and to that person (the contract's personFor), never a name
-- that fell back to an address to everyone.
CREATE OR REPLACE FUNCTION history_announce() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('timberlog_events', json_build_object(
    'id', NEW.id, 'entity', NEW.entity, 'key', NEW.record_key, 'version', NEW.version,
    'action', NEW.action, 'actor', NEW.actor_name, 'actorEmail', NEW.actor)::text);
  RETURN NULL;
END $$;
