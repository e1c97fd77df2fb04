-- A record's "created" history entry is dated when the record says it was created: the demo
-- data's and other inserted records with an earlier created_at no longer show as created at the
-- moment they were loaded. Never later than now; every other entry stays at now().
CREATE OR REPLACE FUNCTION history_record() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  entity text := TG_ARGV[0];
  key_column text := TG_ARGV[1];
  skipped text[] := TG_ARGV[2]::text[] || ARRAY['version', 'last_modified_at', 'last_modified_by', 'created_at', 'created_by'];
  secret text[] := TG_ARGV[3]::text[];
  old_row jsonb;
  new_row jsonb;
  changed jsonb := '[]';
  field text;
  who text := nullif(current_setting('timberlog.actor', true), '');
BEGIN
  IF TG_OP <> 'INSERT' THEN old_row := to_jsonb(OLD); END IF;
  IF TG_OP <> 'DELETE' THEN new_row := to_jsonb(NEW); END IF;
  IF TG_OP = 'UPDATE' THEN
    FOR field IN SELECT jsonb_object_keys(new_row) LOOP
      CONTINUE WHEN field = ANY (skipped) OR (old_row -> field) IS NOT DISTINCT FROM (new_row -> field);
      changed := changed || jsonb_build_array(CASE WHEN field = ANY (secret)
        THEN jsonb_build_object('field', field, 'before', NULL, 'after', NULL)
        ELSE jsonb_build_object('field', field, 'before', old_row ->> field, 'after', new_row ->> field) END);
    END LOOP;
    IF changed = '[]' THEN RETURN NULL; END IF;
  END IF;
  INSERT INTO history (entity, record_key, version, action, changes, reason, actor, actor_name, via, at)
  VALUES (
    entity,
    coalesce(new_row, old_row) ->> key_column,
    (coalesce(new_row, old_row) ->> 'version')::integer,
    CASE TG_OP WHEN 'INSERT' THEN 'created' WHEN 'UPDATE' THEN 'updated' ELSE 'deleted' END,
    changed,
    nullif(current_setting('timberlog.reason', true), ''),
    who,
    (SELECT nullif(u.name, '') FROM users u WHERE u.email = who),
    coalesce(nullif(current_setting('timberlog.via', true), ''), CASE WHEN who IS NULL THEN 'job' ELSE 'api' END),
    -- A record is created when its created_at says (a seeded or restored one earlier than now), never later.
    CASE WHEN TG_OP = 'INSERT' THEN least(now(), coalesce((new_row ->> 'created_at')::timestamptz, now())) ELSE now() END
  );
  RETURN NULL;
END $$;
