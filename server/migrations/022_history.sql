-- The history of every record people edit, written by the database in the transaction that makes
-- the change (rolled back with it), so no write path can forget it and nothing is announced that
-- did not happen. Append-only: no statement may change or remove an entry.
CREATE TABLE history (
  id bigserial PRIMARY KEY,
  entity text NOT NULL,
  record_key text NOT NULL,
  -- The record's version after the change (before it, for a deletion).
  version integer,
  action text NOT NULL CHECK (action IN ('created', 'updated', 'deleted')),
  -- [{ field, before, after }] in the columns' SQL names and text values; a secret's values are null.
  changes jsonb NOT NULL DEFAULT '[]',
  reason text,
  -- The account the change was made for, and its name then; null: the system (a job, a script).
  actor text,
  actor_name text,
  via text NOT NULL DEFAULT 'api' CHECK (via IN ('web', 'api', 'import', 'bulk', 'job')),
  at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX history_record_idx ON history (entity, record_key, id DESC);

CREATE FUNCTION history_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'history is append-only' USING ERRCODE = 'insufficient_privilege';
END $$;
CREATE TRIGGER history_no_update BEFORE UPDATE OR DELETE ON history FOR EACH ROW EXECUTE FUNCTION history_append_only();
CREATE TRIGGER history_no_truncate BEFORE TRUNCATE ON history FOR EACH STATEMENT EXECUTE FUNCTION history_append_only();

-- Arguments: the entity's name, its key column, the columns not recorded (kept by the system),
-- and the columns recorded as changed without their values (secrets).
CREATE FUNCTION history_record() RETURNS trigger LANGUAGE plpgsql AS $$
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
  INSERT INTO history (entity, record_key, version, action, changes, reason, actor, actor_name, via)
  VALUES (
    entity,
    coalesce(new_row, old_row) ->> key_column,
    (coalesce(new_row, old_row) ->> 'version')::integer,
    CASE TG_OP WHEN 'INSERT' THEN 'created' WHEN 'UPDATE' THEN 'updated' ELSE 'deleted' END,
    changed,
    nullif(current_setting('timberlog.reason', true), ''),
    who,
    (SELECT nullif(u.name, '') FROM users u WHERE u.email = who),
    coalesce(nullif(current_setting('timberlog.via', true), ''), CASE WHEN who IS NULL THEN 'job' ELSE 'api' END)
  );
  RETURN NULL;
END $$;

CREATE TRIGGER waybills_history AFTER INSERT OR UPDATE OR DELETE ON waybills FOR EACH ROW EXECUTE FUNCTION history_record('waybill', 'number', '{}', '{}');
CREATE TRIGGER worklogs_history AFTER INSERT OR UPDATE OR DELETE ON worklogs FOR EACH ROW EXECUTE FUNCTION history_record('worklog', 'number', '{}', '{}');
CREATE TRIGGER invoices_history AFTER INSERT OR UPDATE OR DELETE ON invoices FOR EACH ROW EXECUTE FUNCTION history_record('invoice', 'number', '{lines}', '{}');
CREATE TRIGGER users_history AFTER INSERT OR UPDATE OR DELETE ON users FOR EACH ROW EXECUTE FUNCTION history_record('user', 'email', '{last_login,session_key,date_joined}', '{password_hash}');
CREATE TRIGGER assortment_types_history AFTER INSERT OR UPDATE OR DELETE ON assortment_types FOR EACH ROW EXECUTE FUNCTION history_record('assortment_type', 'id', '{}', '{}');
CREATE TRIGGER assortments_history AFTER INSERT OR UPDATE OR DELETE ON assortments FOR EACH ROW EXECUTE FUNCTION history_record('assortment', 'code', '{}', '{}');
CREATE TRIGGER companies_history AFTER INSERT OR UPDATE OR DELETE ON companies FOR EACH ROW EXECUTE FUNCTION history_record('company', 'registry_code', '{}', '{}');
CREATE TRIGGER warehouses_history AFTER INSERT OR UPDATE OR DELETE ON warehouses FOR EACH ROW EXECUTE FUNCTION history_record('warehouse', 'id', '{}', '{}');
CREATE TRIGGER workers_history AFTER INSERT OR UPDATE OR DELETE ON workers FOR EACH ROW EXECUTE FUNCTION history_record('worker', 'worker_name', '{worklog_count,last_worklog_at}', '{}');
