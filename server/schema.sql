-- The database schema as the migrations in server/migrations leave it, written by
-- `npm run schema -w server` (`npm test` checks it is current). Read it; never apply it.

CREATE TABLE assortment_types (
  id integer NOT NULL DEFAULT nextval('assortment_types_id_seq'::regclass),
  name text NOT NULL,
  description text NOT NULL DEFAULT ''::text,
  created_at timestamp with time zone NOT NULL DEFAULT now(),
  last_modified_at timestamp with time zone NOT NULL DEFAULT now(),
  version integer NOT NULL DEFAULT 1,
  last_modified_by text,
  name_et text,
  evr_product_group text NOT NULL DEFAULT 'PALK'::text
);
ALTER TABLE assortment_types ADD CONSTRAINT assortment_types_evr_product_group_check CHECK ((evr_product_group = ANY (ARRAY['PALK'::text, 'PABER'::text, 'KUTE'::text, 'HAKE'::text])));
ALTER TABLE assortment_types ADD CONSTRAINT assortment_types_pkey PRIMARY KEY (id);
CREATE INDEX assortment_types_created_at_idx ON public.assortment_types USING btree (created_at);
CREATE INDEX assortment_types_last_modified_at_idx ON public.assortment_types USING btree (last_modified_at);
CREATE INDEX assortment_types_name_idx ON public.assortment_types USING btree (name);
CREATE INDEX assortment_types_search_idx ON public.assortment_types USING gin (lower((((name || ' '::text) || description) COLLATE pg_c_utf8)) gin_trgm_ops);
CREATE TRIGGER assortment_types_history AFTER INSERT OR DELETE OR UPDATE ON public.assortment_types FOR EACH ROW EXECUTE FUNCTION history_record('assortment_type', 'id', '{}', '{}');
CREATE TRIGGER assortment_types_record_version BEFORE INSERT OR UPDATE ON public.assortment_types FOR EACH ROW EXECUTE FUNCTION record_version();

CREATE TABLE assortments (
  code text NOT NULL,
  name text NOT NULL,
  assortment_type integer NOT NULL,
  species text NOT NULL,
  unit text NOT NULL,
  unit_price numeric(12,2) NOT NULL,
  is_active boolean NOT NULL DEFAULT true,
  created_at timestamp with time zone NOT NULL DEFAULT now(),
  last_modified_at timestamp with time zone NOT NULL DEFAULT now(),
  version integer NOT NULL DEFAULT 1,
  last_modified_by text
);
ALTER TABLE assortments ADD CONSTRAINT assortments_species_check CHECK ((species = ANY (ARRAY['spruce'::text, 'pine'::text, 'birch'::text, 'aspen'::text, 'alder'::text, 'other'::text])));
ALTER TABLE assortments ADD CONSTRAINT assortments_unit_check CHECK ((unit = ANY (ARRAY['m3'::text, 't'::text])));
ALTER TABLE assortments ADD CONSTRAINT assortments_assortment_type_fkey FOREIGN KEY (assortment_type) REFERENCES assortment_types(id);
ALTER TABLE assortments ADD CONSTRAINT assortments_pkey PRIMARY KEY (code);
CREATE INDEX assortments_created_at_idx ON public.assortments USING btree (created_at);
CREATE INDEX assortments_last_modified_at_idx ON public.assortments USING btree (last_modified_at);
CREATE INDEX assortments_name_idx ON public.assortments USING btree (name);
CREATE INDEX assortments_search_idx ON public.assortments USING gin (lower((((code || ' '::text) || name) COLLATE pg_c_utf8)) gin_trgm_ops);
CREATE INDEX assortments_species_idx ON public.assortments USING btree (species);
CREATE INDEX assortments_type_idx ON public.assortments USING btree (assortment_type);
CREATE INDEX assortments_unit_idx ON public.assortments USING btree (unit);
CREATE INDEX assortments_unit_price_idx ON public.assortments USING btree (unit_price);
CREATE TRIGGER assortments_history AFTER INSERT OR DELETE OR UPDATE ON public.assortments FOR EACH ROW EXECUTE FUNCTION history_record('assortment', 'code', '{}', '{}');
CREATE TRIGGER assortments_record_version BEFORE INSERT OR UPDATE ON public.assortments FOR EACH ROW EXECUTE FUNCTION record_version();
CREATE TRIGGER waybill_reference_versions_bump AFTER INSERT OR DELETE OR UPDATE OR TRUNCATE ON public.assortments FOR EACH STATEMENT EXECUTE FUNCTION list_version_bump('waybill_reference_versions');

CREATE TABLE batch_jobs (
  id uuid NOT NULL,
  kind text NOT NULL,
  user_email text NOT NULL,
  locale text NOT NULL DEFAULT 'en'::text,
  input jsonb NOT NULL,
  state text NOT NULL DEFAULT 'queued'::text,
  progress smallint NOT NULL DEFAULT 0,
  total integer NOT NULL DEFAULT 0,
  result jsonb,
  error text,
  created_at timestamp with time zone NOT NULL DEFAULT now(),
  last_modified_at timestamp with time zone NOT NULL DEFAULT now(),
  finished_at timestamp with time zone
);
ALTER TABLE batch_jobs ADD CONSTRAINT batch_jobs_kind_check CHECK ((kind = ANY (ARRAY['bulk'::text, 'import'::text])));
ALTER TABLE batch_jobs ADD CONSTRAINT batch_jobs_progress_check CHECK (((progress >= 0) AND (progress <= 100)));
ALTER TABLE batch_jobs ADD CONSTRAINT batch_jobs_state_check CHECK ((state = ANY (ARRAY['queued'::text, 'running'::text, 'done'::text, 'failed'::text])));
ALTER TABLE batch_jobs ADD CONSTRAINT batch_jobs_user_email_fkey FOREIGN KEY (user_email) REFERENCES users(email) ON DELETE CASCADE;
ALTER TABLE batch_jobs ADD CONSTRAINT batch_jobs_pkey PRIMARY KEY (id);
CREATE INDEX batch_jobs_user ON public.batch_jobs USING btree (user_email, created_at DESC);

CREATE TABLE companies (
  registry_code text NOT NULL,
  name text NOT NULL,
  vat_number text NOT NULL DEFAULT ''::text,
  address text NOT NULL DEFAULT ''::text,
  email text NOT NULL DEFAULT ''::text,
  is_invoice_customer boolean NOT NULL DEFAULT false,
  created_at timestamp with time zone NOT NULL DEFAULT now(),
  last_modified_at timestamp with time zone NOT NULL DEFAULT now(),
  version integer NOT NULL DEFAULT 1,
  last_modified_by text,
  language text,
  county text,
  city text,
  street text
);
ALTER TABLE companies ADD CONSTRAINT companies_language_check CHECK ((language = ANY (ARRAY['en'::text, 'et'::text])));
ALTER TABLE companies ADD CONSTRAINT companies_registry_code_check CHECK ((registry_code ~ '^[0-9]{8}$'::text));
ALTER TABLE companies ADD CONSTRAINT companies_pkey PRIMARY KEY (registry_code);
CREATE INDEX companies_created_at_idx ON public.companies USING btree (created_at);
CREATE INDEX companies_last_modified_at_idx ON public.companies USING btree (last_modified_at);
CREATE INDEX companies_name_idx ON public.companies USING btree (name);
CREATE INDEX companies_search_idx ON public.companies USING gin (lower((((name || ' '::text) || registry_code) COLLATE pg_c_utf8)) gin_trgm_ops);
CREATE TRIGGER companies_history AFTER INSERT OR DELETE OR UPDATE ON public.companies FOR EACH ROW EXECUTE FUNCTION history_record('company', 'registry_code', '{}', '{}');
CREATE TRIGGER companies_record_version BEFORE INSERT OR UPDATE ON public.companies FOR EACH ROW EXECUTE FUNCTION record_version();
CREATE TRIGGER waybill_reference_versions_bump AFTER INSERT OR DELETE OR UPDATE OR TRUNCATE ON public.companies FOR EACH STATEMENT EXECUTE FUNCTION list_version_bump('waybill_reference_versions');

CREATE TABLE email_verification_tokens (
  token_hash text NOT NULL,
  user_email text NOT NULL,
  expires_at timestamp with time zone NOT NULL,
  used_at timestamp with time zone,
  created_at timestamp with time zone NOT NULL DEFAULT now()
);
ALTER TABLE email_verification_tokens ADD CONSTRAINT email_verification_tokens_user_email_fkey FOREIGN KEY (user_email) REFERENCES users(email) ON UPDATE CASCADE ON DELETE CASCADE;
ALTER TABLE email_verification_tokens ADD CONSTRAINT email_verification_tokens_pkey PRIMARY KEY (token_hash);
CREATE INDEX email_verification_tokens_user_idx ON public.email_verification_tokens USING btree (user_email);

CREATE TABLE ended_sessions (
  session_id uuid NOT NULL,
  user_email text NOT NULL,
  expires_at timestamp with time zone NOT NULL
);
ALTER TABLE ended_sessions ADD CONSTRAINT ended_sessions_user_email_fkey FOREIGN KEY (user_email) REFERENCES users(email) ON UPDATE CASCADE ON DELETE CASCADE;
ALTER TABLE ended_sessions ADD CONSTRAINT ended_sessions_pkey PRIMARY KEY (session_id);
CREATE INDEX ended_sessions_user_idx ON public.ended_sessions USING btree (user_email);
CREATE TRIGGER ended_sessions_notify AFTER INSERT ON public.ended_sessions FOR EACH ROW EXECUTE FUNCTION ended_sessions_notify();

CREATE TABLE evr_incoming (
  evr_number text NOT NULL,
  evr_status text NOT NULL,
  owner_name text NOT NULL,
  owner_code text NOT NULL,
  transporter_name text,
  transporter_code text,
  driver_name text,
  driver_id_code text,
  driver_phone text,
  vehicle_number text,
  trailer_number text,
  departure_time timestamp with time zone,
  place_code text,
  place_name text NOT NULL DEFAULT ''::text,
  destination text,
  source_name text,
  holding_basis_type text,
  cadastral_number text,
  items jsonb NOT NULL DEFAULT '[]'::jsonb,
  quantity numeric(12,3),
  unit text,
  certificate_claims jsonb NOT NULL DEFAULT '[]'::jsonb,
  eudr_reference_number text,
  eudr_verification_number text,
  comment text,
  evr_notes jsonb NOT NULL DEFAULT '[]'::jsonb,
  total_journey_mileage integer,
  evr_measurement jsonb,
  evr_measured_quantity numeric(12,3),
  created_in_evr timestamp with time zone,
  modified_in_evr timestamp with time zone,
  unloaded_at timestamp with time zone,
  finished_at timestamp with time zone,
  cancelled_at timestamp with time zone,
  cancellation_reason text,
  created_at timestamp with time zone NOT NULL DEFAULT now(),
  last_modified_at timestamp with time zone NOT NULL DEFAULT now(),
  version integer NOT NULL DEFAULT 1,
  last_modified_by text
);
ALTER TABLE evr_incoming ADD CONSTRAINT evr_incoming_certificate_claims_check CHECK ((jsonb_typeof(certificate_claims) = 'array'::text));
ALTER TABLE evr_incoming ADD CONSTRAINT evr_incoming_evr_measurement_check CHECK (((evr_measurement IS NULL) OR (jsonb_typeof(evr_measurement) = 'object'::text)));
ALTER TABLE evr_incoming ADD CONSTRAINT evr_incoming_evr_notes_check CHECK ((jsonb_typeof(evr_notes) = 'array'::text));
ALTER TABLE evr_incoming ADD CONSTRAINT evr_incoming_evr_status_check CHECK ((evr_status = ANY (ARRAY['shipping'::text, 'unloaded'::text, 'finished'::text, 'cancelled'::text])));
ALTER TABLE evr_incoming ADD CONSTRAINT evr_incoming_items_check CHECK ((jsonb_typeof(items) = 'array'::text));
ALTER TABLE evr_incoming ADD CONSTRAINT evr_incoming_unit_check CHECK ((unit = ANY (ARRAY['m3'::text, 't'::text])));
ALTER TABLE evr_incoming ADD CONSTRAINT evr_incoming_destination_fkey FOREIGN KEY (destination) REFERENCES warehouses(destination_code) ON UPDATE CASCADE ON DELETE SET NULL;
ALTER TABLE evr_incoming ADD CONSTRAINT evr_incoming_pkey PRIMARY KEY (evr_number);
CREATE INDEX evr_incoming_departure_idx ON public.evr_incoming USING btree (departure_time DESC NULLS LAST, evr_number DESC);
CREATE TRIGGER evr_incoming_history AFTER INSERT OR DELETE OR UPDATE ON public.evr_incoming FOR EACH ROW EXECUTE FUNCTION history_record('incoming_waybill', 'evr_number', '{modified_in_evr}', '{}');
CREATE TRIGGER evr_incoming_record_version BEFORE INSERT OR UPDATE ON public.evr_incoming FOR EACH ROW EXECUTE FUNCTION record_version();

CREATE TABLE evr_poll (
  id smallint NOT NULL DEFAULT 1,
  mark timestamp with time zone NOT NULL,
  polled_at timestamp with time zone NOT NULL DEFAULT now()
);
ALTER TABLE evr_poll ADD CONSTRAINT evr_poll_id_check CHECK ((id = 1));
ALTER TABLE evr_poll ADD CONSTRAINT evr_poll_pkey PRIMARY KEY (id);

CREATE TABLE export_requests (
  id uuid NOT NULL,
  kind text NOT NULL,
  format text NOT NULL,
  filters jsonb NOT NULL DEFAULT '{}'::jsonb,
  locale text NOT NULL DEFAULT 'en'::text,
  user_email text NOT NULL,
  seen boolean NOT NULL DEFAULT false,
  in_progress boolean NOT NULL DEFAULT true,
  progress integer NOT NULL DEFAULT 0,
  failed boolean NOT NULL DEFAULT false,
  last_error_message text,
  attachment text,
  row_count integer,
  complete_timestamp timestamp with time zone,
  created_at timestamp with time zone NOT NULL DEFAULT now(),
  last_modified_at timestamp with time zone NOT NULL DEFAULT now()
);
ALTER TABLE export_requests ADD CONSTRAINT export_requests_format_check CHECK ((format = ANY (ARRAY['xlsx'::text, 'csv'::text])));
ALTER TABLE export_requests ADD CONSTRAINT export_requests_kind_check CHECK ((kind = ANY (ARRAY['waybill_report'::text, 'worklog_report'::text])));
ALTER TABLE export_requests ADD CONSTRAINT export_requests_locale_check CHECK ((locale = ANY (ARRAY['en'::text, 'et'::text])));
ALTER TABLE export_requests ADD CONSTRAINT export_requests_user_email_fkey FOREIGN KEY (user_email) REFERENCES users(email) ON UPDATE CASCADE ON DELETE CASCADE;
ALTER TABLE export_requests ADD CONSTRAINT export_requests_pkey PRIMARY KEY (id);
CREATE INDEX export_requests_complete_timestamp_idx ON public.export_requests USING btree (complete_timestamp);
CREATE INDEX export_requests_created_at_idx ON public.export_requests USING btree (created_at);
CREATE INDEX export_requests_kind_idx ON public.export_requests USING btree (kind);
CREATE INDEX export_requests_last_modified_at_idx ON public.export_requests USING btree (last_modified_at);
CREATE INDEX export_requests_progress_idx ON public.export_requests USING btree (progress);
CREATE INDEX export_requests_user_idx ON public.export_requests USING btree (user_email, seen, created_at DESC);

CREATE TABLE history (
  id bigint NOT NULL DEFAULT nextval('history_id_seq'::regclass),
  entity text NOT NULL,
  record_key text NOT NULL,
  version integer,
  action text NOT NULL,
  changes jsonb NOT NULL DEFAULT '[]'::jsonb,
  reason text,
  actor text,
  actor_name text,
  via text NOT NULL DEFAULT 'api'::text,
  at timestamp with time zone NOT NULL DEFAULT now(),
  xact xid8 DEFAULT pg_current_xact_id(),
  snapshot pg_snapshot DEFAULT pg_current_snapshot()
);
ALTER TABLE history ADD CONSTRAINT history_action_check CHECK ((action = ANY (ARRAY['created'::text, 'updated'::text, 'deleted'::text])));
ALTER TABLE history ADD CONSTRAINT history_via_check CHECK ((via = ANY (ARRAY['web'::text, 'api'::text, 'import'::text, 'bulk'::text, 'job'::text, 'evr'::text])));
ALTER TABLE history ADD CONSTRAINT history_pkey PRIMARY KEY (id);
CREATE INDEX history_record_idx ON public.history USING btree (entity, record_key, id DESC);
CREATE INDEX history_xact_idx ON public.history USING btree (xact, id) WHERE (xact IS NOT NULL);
CREATE TRIGGER history_announce AFTER INSERT ON public.history FOR EACH ROW EXECUTE FUNCTION history_announce();
CREATE TRIGGER history_no_truncate BEFORE TRUNCATE ON public.history FOR EACH STATEMENT EXECUTE FUNCTION history_append_only();
CREATE TRIGGER history_no_update BEFORE DELETE OR UPDATE ON public.history FOR EACH ROW EXECUTE FUNCTION history_append_only();

CREATE TABLE invoice_sendings (
  invoice_number text NOT NULL,
  claimed_until timestamp with time zone NOT NULL
);
ALTER TABLE invoice_sendings ADD CONSTRAINT invoice_sendings_invoice_number_fkey FOREIGN KEY (invoice_number) REFERENCES invoices(number) ON UPDATE CASCADE ON DELETE CASCADE;
ALTER TABLE invoice_sendings ADD CONSTRAINT invoice_sendings_pkey PRIMARY KEY (invoice_number);

CREATE TABLE invoices (
  number text NOT NULL,
  status text NOT NULL DEFAULT 'pending_sync'::text,
  customer text NOT NULL,
  issue_date date NOT NULL,
  due_date date NOT NULL,
  currency text NOT NULL DEFAULT 'EUR'::text,
  lines jsonb NOT NULL,
  net_total numeric(20,2) NOT NULL,
  vat_rate numeric(5,2) NOT NULL,
  vat_total numeric(20,2) NOT NULL,
  gross_total numeric(20,2) NOT NULL,
  sync_error text,
  sync_attempts integer NOT NULL DEFAULT 0,
  synced_at timestamp with time zone,
  external_id text,
  created_by text,
  created_at timestamp with time zone NOT NULL DEFAULT now(),
  last_modified_at timestamp with time zone NOT NULL DEFAULT now(),
  sync_failure text,
  version integer NOT NULL DEFAULT 1,
  last_modified_by text,
  sent_at timestamp with time zone,
  sent_to text,
  send_error text,
  send_attempts integer NOT NULL DEFAULT 0
);
ALTER TABLE invoices ADD CONSTRAINT invoices_status_check CHECK ((status = ANY (ARRAY['pending_sync'::text, 'synced'::text, 'sync_failed'::text])));
ALTER TABLE invoices ADD CONSTRAINT invoices_sync_failure_check CHECK ((sync_failure = ANY (ARRAY['unreachable'::text, 'rejected'::text, 'unavailable'::text, 'failed'::text])));
ALTER TABLE invoices ADD CONSTRAINT invoices_customer_fkey FOREIGN KEY (customer) REFERENCES companies(registry_code) ON UPDATE CASCADE;
ALTER TABLE invoices ADD CONSTRAINT invoices_pkey PRIMARY KEY (number);
CREATE INDEX invoices_created_at_idx ON public.invoices USING btree (created_at);
CREATE INDEX invoices_customer_idx ON public.invoices USING btree (customer);
CREATE INDEX invoices_due_date_idx ON public.invoices USING btree (due_date);
CREATE INDEX invoices_gross_total_idx ON public.invoices USING btree (gross_total);
CREATE INDEX invoices_issue_date_idx ON public.invoices USING btree (issue_date);
CREATE INDEX invoices_last_modified_at_idx ON public.invoices USING btree (last_modified_at);
CREATE INDEX invoices_net_total_idx ON public.invoices USING btree (net_total);
CREATE INDEX invoices_status_idx ON public.invoices USING btree (status);
CREATE INDEX invoices_synced_at_idx ON public.invoices USING btree (synced_at);
CREATE TRIGGER invoices_history AFTER INSERT OR DELETE OR UPDATE ON public.invoices FOR EACH ROW EXECUTE FUNCTION history_record('invoice', 'number', '{lines}', '{}');
CREATE TRIGGER invoices_record_version BEFORE INSERT OR UPDATE ON public.invoices FOR EACH ROW EXECUTE FUNCTION record_version();

CREATE TABLE known_sign_in_addresses (
  key text NOT NULL,
  user_email text NOT NULL,
  last_sign_in_at timestamp with time zone NOT NULL DEFAULT now()
);
ALTER TABLE known_sign_in_addresses ADD CONSTRAINT known_sign_in_addresses_user_email_fkey FOREIGN KEY (user_email) REFERENCES users(email) ON UPDATE CASCADE ON DELETE CASCADE;
ALTER TABLE known_sign_in_addresses ADD CONSTRAINT known_sign_in_addresses_pkey PRIMARY KEY (key);
CREATE INDEX known_sign_in_addresses_last_idx ON public.known_sign_in_addresses USING btree (last_sign_in_at);
CREATE INDEX known_sign_in_addresses_user_idx ON public.known_sign_in_addresses USING btree (user_email);

CREATE TABLE password_reset_tokens (
  token_hash text NOT NULL,
  user_email text NOT NULL,
  expires_at timestamp with time zone NOT NULL,
  used_at timestamp with time zone,
  created_at timestamp with time zone NOT NULL DEFAULT now()
);
ALTER TABLE password_reset_tokens ADD CONSTRAINT password_reset_tokens_user_email_fkey FOREIGN KEY (user_email) REFERENCES users(email) ON UPDATE CASCADE ON DELETE CASCADE;
ALTER TABLE password_reset_tokens ADD CONSTRAINT password_reset_tokens_pkey PRIMARY KEY (token_hash);
CREATE INDEX password_reset_tokens_user_email_idx ON public.password_reset_tokens USING btree (user_email);

CREATE TABLE rate_limiter (
  key character varying(255) NOT NULL,
  points integer NOT NULL DEFAULT 0,
  expire bigint
);
ALTER TABLE rate_limiter ADD CONSTRAINT rate_limiter_pkey PRIMARY KEY (key);
CREATE INDEX rate_limiter_expire_idx ON public.rate_limiter USING btree (expire);

CREATE TABLE refresh_tokens (
  jti uuid NOT NULL,
  user_email text NOT NULL,
  expires_at timestamp with time zone NOT NULL,
  used_at timestamp with time zone,
  created_at timestamp with time zone NOT NULL DEFAULT now(),
  session_started_at timestamp with time zone NOT NULL DEFAULT now(),
  parent_jti uuid,
  spent_with bytea,
  issued_claims text
);
ALTER TABLE refresh_tokens ADD CONSTRAINT refresh_tokens_user_email_fkey FOREIGN KEY (user_email) REFERENCES users(email) ON UPDATE CASCADE ON DELETE CASCADE;
ALTER TABLE refresh_tokens ADD CONSTRAINT refresh_tokens_pkey PRIMARY KEY (jti);
CREATE INDEX refresh_tokens_parent_idx ON public.refresh_tokens USING btree (parent_jti) WHERE (parent_jti IS NOT NULL);
CREATE INDEX refresh_tokens_user_idx ON public.refresh_tokens USING btree (user_email);

CREATE TABLE saved_views (
  id bigint NOT NULL DEFAULT nextval('saved_views_id_seq'::regclass),
  list text NOT NULL,
  name text NOT NULL,
  query text NOT NULL DEFAULT ''::text,
  columns text[] NOT NULL DEFAULT '{}'::text[],
  density text NOT NULL DEFAULT 'comfortable'::text,
  shared boolean NOT NULL DEFAULT false,
  is_default boolean NOT NULL DEFAULT false,
  owner text NOT NULL,
  version integer NOT NULL DEFAULT 1,
  last_modified_by text,
  created_at timestamp with time zone NOT NULL DEFAULT now(),
  last_modified_at timestamp with time zone NOT NULL DEFAULT now()
);
ALTER TABLE saved_views ADD CONSTRAINT saved_views_density_check CHECK ((density = ANY (ARRAY['comfortable'::text, 'compact'::text])));
ALTER TABLE saved_views ADD CONSTRAINT saved_views_list_check CHECK ((list = ANY (ARRAY['waybills'::text, 'worklogs'::text, 'invoices'::text, 'users'::text])));
ALTER TABLE saved_views ADD CONSTRAINT saved_views_name_check CHECK ((name <> ''::text));
ALTER TABLE saved_views ADD CONSTRAINT saved_views_owner_fkey FOREIGN KEY (owner) REFERENCES users(email) ON DELETE CASCADE;
ALTER TABLE saved_views ADD CONSTRAINT saved_views_pkey PRIMARY KEY (id);
CREATE UNIQUE INDEX saved_views_one_default ON public.saved_views USING btree (owner, list) WHERE is_default;
CREATE UNIQUE INDEX saved_views_owner_name ON public.saved_views USING btree (owner, list, lower(name));
CREATE INDEX saved_views_shared ON public.saved_views USING btree (list, id) WHERE shared;
CREATE TRIGGER saved_views_record_version BEFORE INSERT OR UPDATE ON public.saved_views FOR EACH ROW EXECUTE FUNCTION record_version();

CREATE TABLE users (
  email text NOT NULL,
  name text NOT NULL DEFAULT ''::text,
  password_hash text NOT NULL,
  is_active boolean NOT NULL DEFAULT false,
  is_staff boolean NOT NULL DEFAULT false,
  date_joined timestamp with time zone NOT NULL DEFAULT now(),
  last_login timestamp with time zone,
  created_at timestamp with time zone NOT NULL DEFAULT now(),
  last_modified_at timestamp with time zone NOT NULL DEFAULT now(),
  session_key uuid NOT NULL DEFAULT gen_random_uuid(),
  email_verified_at timestamp with time zone DEFAULT now(),
  version integer NOT NULL DEFAULT 1,
  last_modified_by text,
  locale text,
  theme text
);
ALTER TABLE users ADD CONSTRAINT users_email_check CHECK ((email = lower(email)));
ALTER TABLE users ADD CONSTRAINT users_locale_check CHECK ((locale = ANY (ARRAY['en'::text, 'et'::text])));
ALTER TABLE users ADD CONSTRAINT users_theme_check CHECK ((theme = ANY (ARRAY['light'::text, 'dark'::text])));
ALTER TABLE users ADD CONSTRAINT users_pkey PRIMARY KEY (email);
CREATE INDEX users_created_at_idx ON public.users USING btree (created_at);
CREATE INDEX users_date_joined_idx ON public.users USING btree (date_joined);
CREATE INDEX users_is_active_idx ON public.users USING btree (is_active);
CREATE INDEX users_is_staff_idx ON public.users USING btree (is_staff);
CREATE INDEX users_last_login_idx ON public.users USING btree (last_login);
CREATE INDEX users_last_modified_at_idx ON public.users USING btree (last_modified_at);
CREATE INDEX users_name_idx ON public.users USING btree (name);
CREATE INDEX users_search_idx ON public.users USING gin (lower((((email || ' '::text) || name) COLLATE pg_c_utf8)) gin_trgm_ops);
CREATE TRIGGER users_history AFTER INSERT OR DELETE OR UPDATE ON public.users FOR EACH ROW EXECUTE FUNCTION history_record('user', 'email', '{last_login,session_key,date_joined}', '{password_hash}');
CREATE TRIGGER users_notify AFTER DELETE OR UPDATE ON public.users FOR EACH ROW EXECUTE FUNCTION users_notify();
CREATE TRIGGER users_notify_truncate AFTER TRUNCATE ON public.users FOR EACH STATEMENT EXECUTE FUNCTION users_notify();
CREATE TRIGGER users_password_changed AFTER UPDATE OF password_hash ON public.users FOR EACH ROW WHEN ((old.password_hash IS DISTINCT FROM new.password_hash)) EXECUTE FUNCTION password_reset_tokens_end();
CREATE TRIGGER users_record_version BEFORE UPDATE ON public.users FOR EACH ROW WHEN ((((((old.name IS DISTINCT FROM new.name) OR (old.is_active IS DISTINCT FROM new.is_active)) OR (old.is_staff IS DISTINCT FROM new.is_staff)) OR (old.password_hash IS DISTINCT FROM new.password_hash)) OR (old.email_verified_at IS DISTINCT FROM new.email_verified_at))) EXECUTE FUNCTION record_version();
CREATE TRIGGER users_record_version_insert BEFORE INSERT ON public.users FOR EACH ROW EXECUTE FUNCTION record_version();
CREATE TRIGGER waybill_reference_versions_bump AFTER INSERT OR DELETE OR UPDATE OF name OR TRUNCATE ON public.users FOR EACH STATEMENT EXECUTE FUNCTION list_version_bump('waybill_reference_versions');

CREATE TABLE warehouses (
  id integer NOT NULL DEFAULT nextval('warehouses_id_seq'::regclass),
  name text NOT NULL,
  company text NOT NULL,
  origin_code text,
  destination_code text,
  address text NOT NULL DEFAULT ''::text,
  created_at timestamp with time zone NOT NULL DEFAULT now(),
  last_modified_at timestamp with time zone NOT NULL DEFAULT now(),
  version integer NOT NULL DEFAULT 1,
  last_modified_by text,
  evr_place_code text,
  county text,
  city text,
  street text,
  coord_x numeric(9,2),
  coord_y numeric(9,2),
  name_et text
);
ALTER TABLE warehouses ADD CONSTRAINT warehouses_coord_x_check CHECK (((coord_x >= (6300000)::numeric) AND (coord_x <= (6700000)::numeric)));
ALTER TABLE warehouses ADD CONSTRAINT warehouses_coord_y_check CHECK (((coord_y >= (300000)::numeric) AND (coord_y <= (800000)::numeric)));
ALTER TABLE warehouses ADD CONSTRAINT warehouses_coordinates_check CHECK (((coord_x IS NULL) = (coord_y IS NULL)));
ALTER TABLE warehouses ADD CONSTRAINT warehouses_company_fkey FOREIGN KEY (company) REFERENCES companies(registry_code) ON UPDATE CASCADE;
ALTER TABLE warehouses ADD CONSTRAINT warehouses_pkey PRIMARY KEY (id);
ALTER TABLE warehouses ADD CONSTRAINT warehouses_destination_code_key UNIQUE (destination_code);
ALTER TABLE warehouses ADD CONSTRAINT warehouses_evr_place_code_key UNIQUE (evr_place_code);
ALTER TABLE warehouses ADD CONSTRAINT warehouses_origin_code_key UNIQUE (origin_code);
CREATE INDEX warehouses_address_search_idx ON public.warehouses USING gin (lower((((((name || ' '::text) || COALESCE(origin_code, ''::text)) || ' '::text) || COALESCE(destination_code, ''::text)) COLLATE pg_c_utf8)) gin_trgm_ops);
CREATE INDEX warehouses_company_idx ON public.warehouses USING btree (company);
CREATE INDEX warehouses_created_at_idx ON public.warehouses USING btree (created_at);
CREATE INDEX warehouses_last_modified_at_idx ON public.warehouses USING btree (last_modified_at);
CREATE INDEX warehouses_name_idx ON public.warehouses USING btree (name);
CREATE TRIGGER warehouses_history AFTER INSERT OR DELETE OR UPDATE ON public.warehouses FOR EACH ROW EXECUTE FUNCTION history_record('warehouse', 'id', '{}', '{}');
CREATE TRIGGER warehouses_record_version BEFORE INSERT OR UPDATE ON public.warehouses FOR EACH ROW EXECUTE FUNCTION record_version();
CREATE TRIGGER waybill_reference_versions_bump AFTER INSERT OR DELETE OR UPDATE OR TRUNCATE ON public.warehouses FOR EACH STATEMENT EXECUTE FUNCTION list_version_bump('waybill_reference_versions');
CREATE TRIGGER worklog_versions_bump AFTER INSERT OR DELETE OR UPDATE OR TRUNCATE ON public.warehouses FOR EACH STATEMENT EXECUTE FUNCTION list_version_bump('worklog_versions');

CREATE TABLE waybill_counts (
  status text NOT NULL,
  month date NOT NULL,
  shard smallint NOT NULL,
  n bigint NOT NULL,
  changes bigint NOT NULL DEFAULT 0
);
ALTER TABLE waybill_counts ADD CONSTRAINT waybill_counts_pkey PRIMARY KEY (status, month, shard);

CREATE TABLE waybill_place_counts (
  field text NOT NULL,
  value text NOT NULL,
  status text NOT NULL,
  month date NOT NULL,
  shard smallint NOT NULL,
  n bigint NOT NULL
);
ALTER TABLE waybill_place_counts ADD CONSTRAINT waybill_place_counts_pkey PRIMARY KEY (field, value, status, month, shard);

CREATE TABLE waybill_reference_versions (
  shard smallint NOT NULL,
  v bigint NOT NULL
);
ALTER TABLE waybill_reference_versions ADD CONSTRAINT waybill_reference_versions_pkey PRIMARY KEY (shard);

CREATE TABLE waybill_sums (
  status text NOT NULL,
  month date NOT NULL,
  assortment text NOT NULL,
  shard smallint NOT NULL,
  n bigint NOT NULL,
  quantity numeric NOT NULL,
  mileage bigint NOT NULL
);
ALTER TABLE waybill_sums ADD CONSTRAINT waybill_sums_pkey PRIMARY KEY (status, month, assortment, shard);

CREATE TABLE waybill_text_sums (
  key bytea NOT NULL,
  assortment text NOT NULL,
  shard smallint NOT NULL,
  n bigint NOT NULL,
  quantity numeric NOT NULL,
  mileage bigint NOT NULL
);
ALTER TABLE waybill_text_sums ADD CONSTRAINT waybill_text_sums_pkey PRIMARY KEY (key, assortment, shard);
CREATE INDEX waybill_text_sums_empty_idx ON public.waybill_text_sums USING btree (shard) WHERE (n = 0);

CREATE TABLE waybill_texts (
  key bytea NOT NULL,
  shard smallint NOT NULL,
  doc text NOT NULL,
  n bigint NOT NULL
);
ALTER TABLE waybill_texts ADD CONSTRAINT waybill_texts_pkey PRIMARY KEY (key, shard);
CREATE INDEX waybill_texts_doc_idx ON public.waybill_texts USING gin (doc gin_trgm_ops);
CREATE INDEX waybill_texts_empty_idx ON public.waybill_texts USING btree (shard) WHERE (n = 0);

CREATE TABLE waybill_versions (
  shard smallint NOT NULL,
  v bigint NOT NULL
);
ALTER TABLE waybill_versions ADD CONSTRAINT waybill_versions_pkey PRIMARY KEY (shard);

CREATE TABLE waybills (
  number text NOT NULL,
  status text NOT NULL DEFAULT 'draft'::text,
  transport_date date NOT NULL,
  origin text NOT NULL,
  destination text NOT NULL,
  destination_company text NOT NULL,
  driver_name text NOT NULL,
  vehicle_number text NOT NULL,
  mileage integer NOT NULL,
  assortment text NOT NULL,
  quantity numeric(12,3) NOT NULL,
  invoice text,
  notes text NOT NULL DEFAULT ''::text,
  created_by text,
  created_at timestamp with time zone NOT NULL DEFAULT now(),
  last_modified_at timestamp with time zone NOT NULL DEFAULT now(),
  version integer NOT NULL DEFAULT 1,
  last_modified_by text,
  owner_company text,
  owner_person_name text,
  owner_person_code text,
  transporter_company text,
  driver_id_code text,
  driver_phone text,
  trailer_number text,
  departure_time timestamp with time zone,
  gross_mass numeric(6,3),
  holding_basis_type text,
  cadastral_number text,
  compartment text,
  forest_allocation_number text,
  forest_notification_number text,
  contract_number text,
  contract_date date,
  previous_owner_name text,
  previous_owner_code text,
  previous_owner_address text,
  certificate_claims jsonb NOT NULL DEFAULT '[]'::jsonb,
  eudr_reference_number text,
  eudr_verification_number text,
  evr_number text,
  evr_status text,
  evr_sync text,
  evr_failure text,
  evr_error text,
  evr_exchanged_at timestamp with time zone,
  evr_measurement jsonb,
  evr_measured_quantity numeric(12,3),
  evr_notes jsonb NOT NULL DEFAULT '[]'::jsonb,
  text_key bytea DEFAULT waybill_text_key(waybill_text_doc(driver_name, vehicle_number, notes))
);
ALTER TABLE waybills ADD CONSTRAINT waybills_certificate_claims_check CHECK (((jsonb_typeof(certificate_claims) = 'array'::text) AND (jsonb_array_length(certificate_claims) <= 10)));
ALTER TABLE waybills ADD CONSTRAINT waybills_evr_failed_has_reason CHECK (((evr_sync = 'failed'::text) = (evr_failure IS NOT NULL)));
ALTER TABLE waybills ADD CONSTRAINT waybills_evr_failure_check CHECK ((evr_failure = ANY (ARRAY['unreachable'::text, 'timeout'::text, 'server'::text, 'invalid'::text, 'refused'::text, 'auth'::text, 'off'::text])));
ALTER TABLE waybills ADD CONSTRAINT waybills_evr_measurement_check CHECK (((evr_measurement IS NULL) OR (jsonb_typeof(evr_measurement) = 'object'::text)));
ALTER TABLE waybills ADD CONSTRAINT waybills_evr_notes_check CHECK ((jsonb_typeof(evr_notes) = 'array'::text));
ALTER TABLE waybills ADD CONSTRAINT waybills_evr_status_check CHECK ((evr_status = ANY (ARRAY['shipping'::text, 'unloaded'::text, 'finished'::text, 'cancelled'::text])));
ALTER TABLE waybills ADD CONSTRAINT waybills_evr_sync_check CHECK ((evr_sync = ANY (ARRAY['sending'::text, 'failed'::text])));
ALTER TABLE waybills ADD CONSTRAINT waybills_gross_mass_check CHECK (((gross_mass > (0)::numeric) AND (gross_mass <= (80)::numeric)));
ALTER TABLE waybills ADD CONSTRAINT waybills_holding_basis_type_check CHECK ((holding_basis_type = ANY (ARRAY['ForestNotice'::text, 'WithoutForestNotice'::text, 'SalesContract'::text, 'ContractForTransferOfCuttingRights'::text, 'ForestAct'::text, 'InventoryAct'::text, 'ConsolidatedAct'::text])));
ALTER TABLE waybills ADD CONSTRAINT waybills_mileage_check CHECK (((mileage >= 0) AND (mileage <= 10000)));
ALTER TABLE waybills ADD CONSTRAINT waybills_quantity_check CHECK ((quantity > (0)::numeric));
ALTER TABLE waybills ADD CONSTRAINT waybills_status_check CHECK ((status = ANY (ARRAY['draft'::text, 'confirmed'::text, 'delivered'::text, 'invoiced'::text, 'cancelled'::text])));
ALTER TABLE waybills ADD CONSTRAINT waybills_assortment_fkey FOREIGN KEY (assortment) REFERENCES assortments(code) ON UPDATE CASCADE;
ALTER TABLE waybills ADD CONSTRAINT waybills_destination_company_fkey FOREIGN KEY (destination_company) REFERENCES companies(registry_code) ON UPDATE CASCADE;
ALTER TABLE waybills ADD CONSTRAINT waybills_destination_fkey FOREIGN KEY (destination) REFERENCES warehouses(destination_code) ON UPDATE CASCADE;
ALTER TABLE waybills ADD CONSTRAINT waybills_invoice_fkey FOREIGN KEY (invoice) REFERENCES invoices(number);
ALTER TABLE waybills ADD CONSTRAINT waybills_origin_fkey FOREIGN KEY (origin) REFERENCES warehouses(origin_code) ON UPDATE CASCADE;
ALTER TABLE waybills ADD CONSTRAINT waybills_owner_company_fkey FOREIGN KEY (owner_company) REFERENCES companies(registry_code) ON UPDATE CASCADE;
ALTER TABLE waybills ADD CONSTRAINT waybills_transporter_company_fkey FOREIGN KEY (transporter_company) REFERENCES companies(registry_code) ON UPDATE CASCADE;
ALTER TABLE waybills ADD CONSTRAINT waybills_pkey PRIMARY KEY (number);
ALTER TABLE waybills ADD CONSTRAINT waybills_evr_number_key UNIQUE (evr_number);
CREATE INDEX waybills_assortment_idx ON public.waybills USING btree (assortment, transport_date DESC, number DESC) INCLUDE (status);
CREATE INDEX waybills_certificate_claims_idx ON public.waybills USING gin (certificate_claims jsonb_path_ops);
CREATE INDEX waybills_created_at_idx ON public.waybills USING btree (created_at, number) INCLUDE (status, transport_date);
CREATE INDEX waybills_date_text_key_idx ON public.waybills USING btree (transport_date, number) INCLUDE (text_key);
CREATE INDEX waybills_destination_company_idx ON public.waybills USING btree (destination_company, transport_date DESC, number DESC) INCLUDE (status);
CREATE INDEX waybills_destination_idx ON public.waybills USING btree (destination, transport_date DESC, number DESC) INCLUDE (status);
CREATE INDEX waybills_driver_name_idx ON public.waybills USING btree (driver_name, number);
CREATE INDEX waybills_evr_measured_idx ON public.waybills USING btree (transport_date DESC, number DESC) WHERE (evr_measured_quantity IS NOT NULL);
CREATE INDEX waybills_evr_state_idx ON public.waybills USING btree (COALESCE(evr_sync, evr_status, 'notSent'::text), transport_date DESC, number DESC);
CREATE INDEX waybills_holding_basis_type_idx ON public.waybills USING btree (holding_basis_type, transport_date DESC, number DESC) WHERE (holding_basis_type IS NOT NULL);
CREATE INDEX waybills_invoice_idx ON public.waybills USING btree (invoice);
CREATE INDEX waybills_last_modified_at_idx ON public.waybills USING btree (last_modified_at, number) INCLUDE (status, transport_date);
CREATE INDEX waybills_mileage_date_idx ON public.waybills USING btree (mileage, transport_date, number) INCLUDE (status);
CREATE INDEX waybills_number_search_idx ON public.waybills USING gin (lower((number COLLATE pg_c_utf8)) gin_trgm_ops);
CREATE INDEX waybills_origin_idx ON public.waybills USING btree (origin, transport_date DESC, number DESC) INCLUDE (status);
CREATE INDEX waybills_owner_company_idx ON public.waybills USING btree (owner_company) WHERE (owner_company IS NOT NULL);
CREATE INDEX waybills_quantity_idx ON public.waybills USING btree (quantity, number) INCLUDE (status, transport_date);
CREATE INDEX waybills_search_idx ON public.waybills USING gin (lower((((((((number || ' '::text) || driver_name) || ' '::text) || vehicle_number) || ' '::text) || notes) COLLATE pg_c_utf8)) gin_trgm_ops);
CREATE INDEX waybills_status_idx ON public.waybills USING btree (status, transport_date DESC, number DESC);
CREATE INDEX waybills_status_mileage_idx ON public.waybills USING btree (status, mileage, transport_date, number);
CREATE INDEX waybills_status_sums_idx ON public.waybills USING btree (status, transport_date) INCLUDE (assortment, quantity, mileage);
CREATE INDEX waybills_text_key_idx ON public.waybills USING btree (text_key, transport_date, number);
CREATE INDEX waybills_transport_date_status_idx ON public.waybills USING btree (transport_date, number) INCLUDE (status);
CREATE INDEX waybills_transporter_company_idx ON public.waybills USING btree (transporter_company) WHERE (transporter_company IS NOT NULL);
CREATE INDEX waybills_vehicle_number_idx ON public.waybills USING btree (vehicle_number, number);
CREATE TRIGGER waybill_counts_delete AFTER DELETE ON public.waybills REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION waybill_counts_apply();
CREATE TRIGGER waybill_counts_insert AFTER INSERT ON public.waybills REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION waybill_counts_apply();
CREATE TRIGGER waybill_counts_truncate AFTER TRUNCATE ON public.waybills FOR EACH STATEMENT EXECUTE FUNCTION waybill_counts_truncated();
CREATE TRIGGER waybill_counts_update AFTER UPDATE ON public.waybills REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION waybill_counts_apply();
CREATE TRIGGER waybill_place_counts_delete AFTER DELETE ON public.waybills REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION waybill_place_counts_apply();
CREATE TRIGGER waybill_place_counts_insert AFTER INSERT ON public.waybills REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION waybill_place_counts_apply();
CREATE TRIGGER waybill_place_counts_truncate AFTER TRUNCATE ON public.waybills FOR EACH STATEMENT EXECUTE FUNCTION waybill_place_counts_truncated();
CREATE TRIGGER waybill_place_counts_update AFTER UPDATE ON public.waybills REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION waybill_place_counts_apply();
CREATE TRIGGER waybill_sums_delete AFTER DELETE ON public.waybills REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION waybill_sums_apply();
CREATE TRIGGER waybill_sums_insert AFTER INSERT ON public.waybills REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION waybill_sums_apply();
CREATE TRIGGER waybill_sums_truncate AFTER TRUNCATE ON public.waybills FOR EACH STATEMENT EXECUTE FUNCTION waybill_sums_truncated();
CREATE TRIGGER waybill_sums_update AFTER UPDATE ON public.waybills REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION waybill_sums_apply();
CREATE TRIGGER waybill_text_sums_delete AFTER DELETE ON public.waybills REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION waybill_text_sums_apply();
CREATE TRIGGER waybill_text_sums_insert AFTER INSERT ON public.waybills REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION waybill_text_sums_apply();
CREATE TRIGGER waybill_text_sums_truncate AFTER TRUNCATE ON public.waybills FOR EACH STATEMENT EXECUTE FUNCTION waybill_text_sums_truncated();
CREATE TRIGGER waybill_text_sums_update AFTER UPDATE ON public.waybills REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION waybill_text_sums_apply();
CREATE TRIGGER waybill_texts_delete AFTER DELETE ON public.waybills REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION waybill_texts_delete();
CREATE TRIGGER waybill_texts_insert AFTER INSERT ON public.waybills REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION waybill_texts_insert();
CREATE TRIGGER waybill_texts_truncate AFTER TRUNCATE ON public.waybills FOR EACH STATEMENT EXECUTE FUNCTION waybill_texts_truncate();
CREATE TRIGGER waybill_texts_update AFTER UPDATE ON public.waybills REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION waybill_texts_update();
CREATE TRIGGER waybill_versions_bump AFTER INSERT OR DELETE OR UPDATE OR TRUNCATE ON public.waybills FOR EACH STATEMENT EXECUTE FUNCTION list_version_bump('waybill_versions');
CREATE TRIGGER waybills_history AFTER INSERT OR DELETE OR UPDATE ON public.waybills FOR EACH ROW EXECUTE FUNCTION history_record('waybill', 'number', '{evr_error,evr_exchanged_at,text_key}', '{}');
CREATE TRIGGER waybills_record_version BEFORE INSERT OR UPDATE ON public.waybills FOR EACH ROW EXECUTE FUNCTION record_version();

CREATE TABLE workers (
  worker_name text NOT NULL,
  company text,
  worklog_count integer NOT NULL DEFAULT 0,
  last_worklog_at timestamp with time zone,
  created_at timestamp with time zone NOT NULL DEFAULT now(),
  last_modified_at timestamp with time zone NOT NULL DEFAULT now(),
  version integer NOT NULL DEFAULT 1,
  last_modified_by text
);
ALTER TABLE workers ADD CONSTRAINT workers_company_fkey FOREIGN KEY (company) REFERENCES companies(registry_code) ON UPDATE CASCADE;
ALTER TABLE workers ADD CONSTRAINT workers_pkey PRIMARY KEY (worker_name);
CREATE INDEX workers_company_idx ON public.workers USING btree (company);
CREATE INDEX workers_created_at_idx ON public.workers USING btree (created_at);
CREATE INDEX workers_last_modified_at_idx ON public.workers USING btree (last_modified_at);
CREATE INDEX workers_last_worklog_at_idx ON public.workers USING btree (last_worklog_at);
CREATE INDEX workers_search_idx ON public.workers USING gin (lower((worker_name COLLATE pg_c_utf8)) gin_trgm_ops);
CREATE INDEX workers_worklog_count_idx ON public.workers USING btree (worklog_count);
CREATE TRIGGER workers_history AFTER INSERT OR DELETE OR UPDATE ON public.workers FOR EACH ROW EXECUTE FUNCTION history_record('worker', 'worker_name', '{worklog_count,last_worklog_at}', '{}');
CREATE TRIGGER workers_record_version BEFORE UPDATE ON public.workers FOR EACH ROW WHEN (((old.worker_name IS DISTINCT FROM new.worker_name) OR (old.company IS DISTINCT FROM new.company))) EXECUTE FUNCTION record_version();
CREATE TRIGGER workers_record_version_insert BEFORE INSERT ON public.workers FOR EACH ROW EXECUTE FUNCTION record_version();

CREATE TABLE worklog_versions (
  shard smallint NOT NULL,
  v bigint NOT NULL
);
ALTER TABLE worklog_versions ADD CONSTRAINT worklog_versions_pkey PRIMARY KEY (shard);

CREATE TABLE worklogs (
  number text NOT NULL,
  "timestamp" timestamp with time zone NOT NULL,
  action text NOT NULL,
  warehouse integer NOT NULL,
  worker_name text NOT NULL,
  assortment text,
  quantity numeric(12,3),
  waybill text,
  duration_minutes integer NOT NULL,
  notes text NOT NULL DEFAULT ''::text,
  created_by text,
  created_at timestamp with time zone NOT NULL DEFAULT now(),
  last_modified_at timestamp with time zone NOT NULL DEFAULT now(),
  version integer NOT NULL DEFAULT 1,
  last_modified_by text
);
ALTER TABLE worklogs ADD CONSTRAINT worklogs_action_check CHECK ((action = ANY (ARRAY['arrival'::text, 'loading'::text, 'unloading'::text, 'measuring'::text, 'sorting'::text, 'departure'::text])));
ALTER TABLE worklogs ADD CONSTRAINT worklogs_duration_minutes_check CHECK (((duration_minutes >= 0) AND (duration_minutes <= 1440)));
ALTER TABLE worklogs ADD CONSTRAINT worklogs_assortment_fkey FOREIGN KEY (assortment) REFERENCES assortments(code) ON UPDATE CASCADE;
ALTER TABLE worklogs ADD CONSTRAINT worklogs_warehouse_fkey FOREIGN KEY (warehouse) REFERENCES warehouses(id);
ALTER TABLE worklogs ADD CONSTRAINT worklogs_waybill_fkey FOREIGN KEY (waybill) REFERENCES waybills(number) ON UPDATE CASCADE ON DELETE SET NULL;
ALTER TABLE worklogs ADD CONSTRAINT worklogs_worker_name_fkey FOREIGN KEY (worker_name) REFERENCES workers(worker_name) ON UPDATE CASCADE;
ALTER TABLE worklogs ADD CONSTRAINT worklogs_pkey PRIMARY KEY (number);
CREATE INDEX worklogs_action_idx ON public.worklogs USING btree (action, "timestamp" DESC);
CREATE INDEX worklogs_assortment_idx ON public.worklogs USING btree (assortment);
CREATE INDEX worklogs_created_at_idx ON public.worklogs USING btree (created_at);
CREATE INDEX worklogs_duration_idx ON public.worklogs USING btree (duration_minutes);
CREATE INDEX worklogs_last_modified_at_idx ON public.worklogs USING btree (last_modified_at);
CREATE INDEX worklogs_quantity_idx ON public.worklogs USING btree (quantity);
CREATE INDEX worklogs_search_idx ON public.worklogs USING gin (lower((((((number || ' '::text) || worker_name) || ' '::text) || notes) COLLATE pg_c_utf8)) gin_trgm_ops);
CREATE INDEX worklogs_timestamp_idx ON public.worklogs USING btree ("timestamp", number);
CREATE INDEX worklogs_warehouse_idx ON public.worklogs USING btree (warehouse, "timestamp" DESC);
CREATE INDEX worklogs_waybill_idx ON public.worklogs USING btree (waybill);
CREATE INDEX worklogs_worker_name_idx ON public.worklogs USING btree (worker_name, "timestamp" DESC);
CREATE TRIGGER worklog_versions_bump AFTER INSERT OR DELETE OR UPDATE OR TRUNCATE ON public.worklogs FOR EACH STATEMENT EXECUTE FUNCTION list_version_bump('worklog_versions');
CREATE TRIGGER worklogs_history AFTER INSERT OR DELETE OR UPDATE ON public.worklogs FOR EACH ROW EXECUTE FUNCTION history_record('worklog', 'number', '{}', '{}');
CREATE TRIGGER worklogs_record_version BEFORE INSERT OR UPDATE ON public.worklogs FOR EACH ROW EXECUTE FUNCTION record_version();

-- Functions (the triggers above call them)

CREATE OR REPLACE FUNCTION public.ended_sessions_notify()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
BEGIN
  PERFORM pg_notify('timberlog_users', NEW.user_email);
  RETURN NULL;
END $function$;

CREATE OR REPLACE FUNCTION public.gin_extract_query_trgm(text, internal, smallint, internal, internal, internal, internal)
 RETURNS internal
 LANGUAGE c
 IMMUTABLE PARALLEL SAFE STRICT
AS '$libdir/pg_trgm', $function$gin_extract_query_trgm$function$;

CREATE OR REPLACE FUNCTION public.gin_extract_value_trgm(text, internal)
 RETURNS internal
 LANGUAGE c
 IMMUTABLE PARALLEL SAFE STRICT
AS '$libdir/pg_trgm', $function$gin_extract_value_trgm$function$;

CREATE OR REPLACE FUNCTION public.gin_trgm_consistent(internal, smallint, text, integer, internal, internal, internal, internal)
 RETURNS boolean
 LANGUAGE c
 IMMUTABLE PARALLEL SAFE STRICT
AS '$libdir/pg_trgm', $function$gin_trgm_consistent$function$;

CREATE OR REPLACE FUNCTION public.gin_trgm_triconsistent(internal, smallint, text, integer, internal, internal, internal)
 RETURNS "char"
 LANGUAGE c
 IMMUTABLE PARALLEL SAFE STRICT
AS '$libdir/pg_trgm', $function$gin_trgm_triconsistent$function$;

CREATE OR REPLACE FUNCTION public.gtrgm_compress(internal)
 RETURNS internal
 LANGUAGE c
 IMMUTABLE PARALLEL SAFE STRICT
AS '$libdir/pg_trgm', $function$gtrgm_compress$function$;

CREATE OR REPLACE FUNCTION public.gtrgm_consistent(internal, text, smallint, oid, internal)
 RETURNS boolean
 LANGUAGE c
 IMMUTABLE PARALLEL SAFE STRICT
AS '$libdir/pg_trgm', $function$gtrgm_consistent$function$;

CREATE OR REPLACE FUNCTION public.gtrgm_decompress(internal)
 RETURNS internal
 LANGUAGE c
 IMMUTABLE PARALLEL SAFE STRICT
AS '$libdir/pg_trgm', $function$gtrgm_decompress$function$;

CREATE OR REPLACE FUNCTION public.gtrgm_distance(internal, text, smallint, oid, internal)
 RETURNS double precision
 LANGUAGE c
 IMMUTABLE PARALLEL SAFE STRICT
AS '$libdir/pg_trgm', $function$gtrgm_distance$function$;

CREATE OR REPLACE FUNCTION public.gtrgm_in(cstring)
 RETURNS gtrgm
 LANGUAGE c
 IMMUTABLE PARALLEL SAFE STRICT
AS '$libdir/pg_trgm', $function$gtrgm_in$function$;

CREATE OR REPLACE FUNCTION public.gtrgm_options(internal)
 RETURNS void
 LANGUAGE c
 IMMUTABLE PARALLEL SAFE
AS '$libdir/pg_trgm', $function$gtrgm_options$function$;

CREATE OR REPLACE FUNCTION public.gtrgm_out(gtrgm)
 RETURNS cstring
 LANGUAGE c
 IMMUTABLE PARALLEL SAFE STRICT
AS '$libdir/pg_trgm', $function$gtrgm_out$function$;

CREATE OR REPLACE FUNCTION public.gtrgm_penalty(internal, internal, internal)
 RETURNS internal
 LANGUAGE c
 IMMUTABLE PARALLEL SAFE STRICT
AS '$libdir/pg_trgm', $function$gtrgm_penalty$function$;

CREATE OR REPLACE FUNCTION public.gtrgm_picksplit(internal, internal)
 RETURNS internal
 LANGUAGE c
 IMMUTABLE PARALLEL SAFE STRICT
AS '$libdir/pg_trgm', $function$gtrgm_picksplit$function$;

CREATE OR REPLACE FUNCTION public.gtrgm_same(gtrgm, gtrgm, internal)
 RETURNS internal
 LANGUAGE c
 IMMUTABLE PARALLEL SAFE STRICT
AS '$libdir/pg_trgm', $function$gtrgm_same$function$;

CREATE OR REPLACE FUNCTION public.gtrgm_union(internal, internal)
 RETURNS gtrgm
 LANGUAGE c
 IMMUTABLE PARALLEL SAFE STRICT
AS '$libdir/pg_trgm', $function$gtrgm_union$function$;

CREATE OR REPLACE FUNCTION public.history_announce()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
BEGIN
  PERFORM pg_notify('timberlog_events', json_build_object(
    'id', NEW.id, 'entity', NEW.entity, 'key', NEW.record_key, 'version', NEW.version,
    'action', NEW.action, 'actor', NEW.actor_name, 'actorEmail', NEW.actor)::text);
  RETURN NULL;
END $function$;

CREATE OR REPLACE FUNCTION public.history_append_only()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
BEGIN
  RAISE EXCEPTION 'history is append-only' USING ERRCODE = 'insufficient_privilege';
END $function$;

CREATE OR REPLACE FUNCTION public.history_record()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
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
END $function$;

CREATE OR REPLACE FUNCTION public.list_version_bump()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
BEGIN
  EXECUTE format('UPDATE %I SET v = v + 1 WHERE shard = $1', TG_ARGV[0]) USING pg_backend_pid() % 8;
  RETURN NULL;
END $function$;

CREATE OR REPLACE FUNCTION public.password_reset_tokens_end()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
BEGIN
  DELETE FROM password_reset_tokens WHERE user_email = NEW.email;
  RETURN NULL;
END $function$;

CREATE OR REPLACE FUNCTION public.rate_limit_consume(p_keys text[], p_limits integer[], p_window_ms bigint)
 RETURNS bigint
 LANGUAGE plpgsql
AS $function$
DECLARE
  now_ms bigint := (extract(epoch FROM clock_timestamp()) * 1000)::bigint;
  lock_key bigint;
  wait_ms bigint;
BEGIN
  FOR lock_key IN SELECT DISTINCT hashtextextended(k, 724100) AS h FROM unnest(p_keys) AS k ORDER BY h LOOP
    PERFORM pg_advisory_xact_lock(lock_key);
  END LOOP;
  SELECT coalesce(max(r.expire - now_ms), 0) INTO wait_ms
  FROM rate_limiter r JOIN unnest(p_keys, p_limits) AS l (k, lim) ON l.k = r.key
  WHERE r.expire > now_ms AND r.points >= l.lim;
  IF wait_ms > 0 THEN
    RETURN wait_ms;
  END IF;
  INSERT INTO rate_limiter AS r (key, points, expire)
  SELECT k, 1, now_ms + p_window_ms FROM unnest(p_keys) AS k
  ON CONFLICT (key) DO UPDATE SET
    points = CASE WHEN r.expire > now_ms THEN r.points + 1 ELSE 1 END,
    expire = CASE WHEN r.expire > now_ms THEN r.expire ELSE EXCLUDED.expire END;
  RETURN 0;
END $function$;

CREATE OR REPLACE FUNCTION public.record_version()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
BEGIN
  IF TG_OP = 'UPDATE' THEN
    NEW.version := OLD.version + 1;
    NEW.last_modified_at := now();
  ELSE
    NEW.version := 1;
  END IF;
  NEW.last_modified_by := nullif(current_setting('timberlog.actor', true), '');
  RETURN NEW;
END $function$;

CREATE OR REPLACE FUNCTION public.set_limit(real)
 RETURNS real
 LANGUAGE c
 STRICT
AS '$libdir/pg_trgm', $function$set_limit$function$;

CREATE OR REPLACE FUNCTION public.show_limit()
 RETURNS real
 LANGUAGE c
 STABLE PARALLEL SAFE STRICT
AS '$libdir/pg_trgm', $function$show_limit$function$;

CREATE OR REPLACE FUNCTION public.show_trgm(text)
 RETURNS text[]
 LANGUAGE c
 IMMUTABLE PARALLEL SAFE STRICT
AS '$libdir/pg_trgm', $function$show_trgm$function$;

CREATE OR REPLACE FUNCTION public.similarity(text, text)
 RETURNS real
 LANGUAGE c
 IMMUTABLE PARALLEL SAFE STRICT
AS '$libdir/pg_trgm', $function$similarity$function$;

CREATE OR REPLACE FUNCTION public.similarity_dist(text, text)
 RETURNS real
 LANGUAGE c
 IMMUTABLE PARALLEL SAFE STRICT
AS '$libdir/pg_trgm', $function$similarity_dist$function$;

CREATE OR REPLACE FUNCTION public.similarity_op(text, text)
 RETURNS boolean
 LANGUAGE c
 STABLE PARALLEL SAFE STRICT
AS '$libdir/pg_trgm', $function$similarity_op$function$;

CREATE OR REPLACE FUNCTION public.strict_word_similarity(text, text)
 RETURNS real
 LANGUAGE c
 IMMUTABLE PARALLEL SAFE STRICT
AS '$libdir/pg_trgm', $function$strict_word_similarity$function$;

CREATE OR REPLACE FUNCTION public.strict_word_similarity_commutator_op(text, text)
 RETURNS boolean
 LANGUAGE c
 STABLE PARALLEL SAFE STRICT
AS '$libdir/pg_trgm', $function$strict_word_similarity_commutator_op$function$;

CREATE OR REPLACE FUNCTION public.strict_word_similarity_dist_commutator_op(text, text)
 RETURNS real
 LANGUAGE c
 IMMUTABLE PARALLEL SAFE STRICT
AS '$libdir/pg_trgm', $function$strict_word_similarity_dist_commutator_op$function$;

CREATE OR REPLACE FUNCTION public.strict_word_similarity_dist_op(text, text)
 RETURNS real
 LANGUAGE c
 IMMUTABLE PARALLEL SAFE STRICT
AS '$libdir/pg_trgm', $function$strict_word_similarity_dist_op$function$;

CREATE OR REPLACE FUNCTION public.strict_word_similarity_op(text, text)
 RETURNS boolean
 LANGUAGE c
 STABLE PARALLEL SAFE STRICT
AS '$libdir/pg_trgm', $function$strict_word_similarity_op$function$;

CREATE OR REPLACE FUNCTION public.users_notify()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
BEGIN
  IF TG_LEVEL = 'STATEMENT' THEN
    PERFORM pg_notify('timberlog_users', '*');
  ELSE
    PERFORM pg_notify('timberlog_users', OLD.email);
  END IF;
  RETURN NULL;
END $function$;

CREATE OR REPLACE FUNCTION public.waybill_counts_apply()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
DECLARE
  backend_shard smallint := pg_backend_pid() % 8;
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO waybill_counts AS c (status, month, shard, n, changes)
    SELECT status, date_trunc('month', transport_date::timestamp)::date, backend_shard, count(*), count(*)
    FROM new_rows GROUP BY 1, 2 ORDER BY 1, 2
    ON CONFLICT ON CONSTRAINT waybill_counts_pkey DO UPDATE SET n = c.n + EXCLUDED.n, changes = c.changes + EXCLUDED.changes;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO waybill_counts AS c (status, month, shard, n, changes)
    SELECT status, date_trunc('month', transport_date::timestamp)::date, backend_shard, -count(*), count(*)
    FROM old_rows GROUP BY 1, 2 ORDER BY 1, 2
    ON CONFLICT ON CONSTRAINT waybill_counts_pkey DO UPDATE SET n = c.n + EXCLUDED.n, changes = c.changes + EXCLUDED.changes;
  ELSE
    INSERT INTO waybill_counts AS c (status, month, shard, n, changes)
    SELECT status, month, backend_shard, sum(delta), count(*)
    FROM (SELECT status, date_trunc('month', transport_date::timestamp)::date AS month, 1 AS delta FROM new_rows
          UNION ALL
          SELECT status, date_trunc('month', transport_date::timestamp)::date, -1 FROM old_rows) d
    GROUP BY 1, 2 ORDER BY 1, 2
    ON CONFLICT ON CONSTRAINT waybill_counts_pkey DO UPDATE SET n = c.n + EXCLUDED.n, changes = c.changes + EXCLUDED.changes;
  END IF;
  RETURN NULL;
END $function$;

CREATE OR REPLACE FUNCTION public.waybill_counts_rebuild()
 RETURNS void
 LANGUAGE plpgsql
AS $function$
BEGIN
  LOCK TABLE waybills IN SHARE MODE;
  UPDATE waybill_counts SET n = 0, changes = changes + 1;
  INSERT INTO waybill_counts AS c (status, month, shard, n, changes)
  SELECT status, date_trunc('month', transport_date::timestamp)::date, 0, count(*), 1 FROM waybills GROUP BY 1, 2
  ON CONFLICT ON CONSTRAINT waybill_counts_pkey DO UPDATE SET n = EXCLUDED.n;
  UPDATE waybill_versions SET v = v + 1 WHERE shard = 0;
END $function$;

CREATE OR REPLACE FUNCTION public.waybill_counts_truncated()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
BEGIN
  UPDATE waybill_counts SET n = 0, changes = changes + 1;
  RETURN NULL;
END $function$;

CREATE OR REPLACE FUNCTION public.waybill_place_counts_apply()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
DECLARE
  backend_shard smallint := pg_backend_pid() % 8;
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO waybill_place_counts AS c (field, value, status, month, shard, n)
    SELECT d.field, d.value, d.status, d.month, backend_shard, sum(d.delta)
    FROM new_rows r, waybill_place_deltas(true, r) d GROUP BY 1, 2, 3, 4 ORDER BY 1, 2, 3, 4
    ON CONFLICT ON CONSTRAINT waybill_place_counts_pkey DO UPDATE SET n = c.n + EXCLUDED.n;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO waybill_place_counts AS c (field, value, status, month, shard, n)
    SELECT d.field, d.value, d.status, d.month, backend_shard, sum(d.delta)
    FROM old_rows r, waybill_place_deltas(false, r) d GROUP BY 1, 2, 3, 4 ORDER BY 1, 2, 3, 4
    ON CONFLICT ON CONSTRAINT waybill_place_counts_pkey DO UPDATE SET n = c.n + EXCLUDED.n;
  ELSE
    INSERT INTO waybill_place_counts AS c (field, value, status, month, shard, n)
    SELECT d.field, d.value, d.status, d.month, backend_shard, sum(d.delta)
    FROM (SELECT x.* FROM new_rows r, waybill_place_deltas(true, r) x
          UNION ALL
          SELECT x.* FROM old_rows r, waybill_place_deltas(false, r) x) d
    GROUP BY 1, 2, 3, 4 HAVING sum(d.delta) <> 0 ORDER BY 1, 2, 3, 4
    ON CONFLICT ON CONSTRAINT waybill_place_counts_pkey DO UPDATE SET n = c.n + EXCLUDED.n;
  END IF;
  RETURN NULL;
END $function$;

CREATE OR REPLACE FUNCTION public.waybill_place_counts_rebuild()
 RETURNS void
 LANGUAGE plpgsql
AS $function$
BEGIN
  LOCK TABLE waybills IN SHARE MODE;
  DELETE FROM waybill_place_counts;
  INSERT INTO waybill_place_counts (field, value, status, month, shard, n)
  SELECT d.field, d.value, d.status, d.month, 0, sum(d.delta) FROM waybills r, waybill_place_deltas(true, r) d GROUP BY 1, 2, 3, 4;
  UPDATE waybill_versions SET v = v + 1 WHERE shard = 0;
END $function$;

CREATE OR REPLACE FUNCTION public.waybill_place_counts_truncated()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
BEGIN
  DELETE FROM waybill_place_counts;
  RETURN NULL;
END $function$;

CREATE OR REPLACE FUNCTION public.waybill_place_deltas(rows_new boolean, r waybills)
 RETURNS TABLE(field text, value text, status text, month date, delta integer)
 LANGUAGE sql
 IMMUTABLE
AS $function$
  SELECT p.field, p.value, r.status, date_trunc('month', r.transport_date::timestamp)::date, CASE WHEN rows_new THEN 1 ELSE -1 END
  FROM (VALUES ('origin', r.origin), ('destination', r.destination), ('destinationCompany', r.destination_company)) p(field, value)
$function$;

CREATE OR REPLACE FUNCTION public.waybill_sums_apply()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
DECLARE
  backend_shard smallint := pg_backend_pid() % 8;
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO waybill_sums AS s (status, month, assortment, shard, n, quantity, mileage)
    SELECT status, date_trunc('month', transport_date::timestamp)::date, assortment, backend_shard, count(*), sum(quantity), sum(mileage)
    FROM new_rows GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
    ON CONFLICT ON CONSTRAINT waybill_sums_pkey
      DO UPDATE SET n = s.n + EXCLUDED.n, quantity = s.quantity + EXCLUDED.quantity, mileage = s.mileage + EXCLUDED.mileage;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO waybill_sums AS s (status, month, assortment, shard, n, quantity, mileage)
    SELECT status, date_trunc('month', transport_date::timestamp)::date, assortment, backend_shard, -count(*), -sum(quantity), -sum(mileage)
    FROM old_rows GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
    ON CONFLICT ON CONSTRAINT waybill_sums_pkey
      DO UPDATE SET n = s.n + EXCLUDED.n, quantity = s.quantity + EXCLUDED.quantity, mileage = s.mileage + EXCLUDED.mileage;
  ELSE
    INSERT INTO waybill_sums AS s (status, month, assortment, shard, n, quantity, mileage)
    SELECT status, month, assortment, backend_shard, sum(dn), sum(dq), sum(dm)
    FROM (SELECT status, date_trunc('month', transport_date::timestamp)::date AS month, assortment, 1 AS dn, quantity AS dq, mileage::bigint AS dm FROM new_rows
          UNION ALL
          SELECT status, date_trunc('month', transport_date::timestamp)::date, assortment, -1, -quantity, -mileage::bigint FROM old_rows) d
    GROUP BY 1, 2, 3 HAVING sum(dn) <> 0 OR sum(dq) <> 0 OR sum(dm) <> 0 ORDER BY 1, 2, 3
    ON CONFLICT ON CONSTRAINT waybill_sums_pkey
      DO UPDATE SET n = s.n + EXCLUDED.n, quantity = s.quantity + EXCLUDED.quantity, mileage = s.mileage + EXCLUDED.mileage;
  END IF;
  RETURN NULL;
END $function$;

CREATE OR REPLACE FUNCTION public.waybill_sums_rebuild()
 RETURNS void
 LANGUAGE plpgsql
AS $function$
BEGIN
  LOCK TABLE waybills IN SHARE MODE;
  DELETE FROM waybill_sums;
  INSERT INTO waybill_sums (status, month, assortment, shard, n, quantity, mileage)
  SELECT status, date_trunc('month', transport_date::timestamp)::date, assortment, 0, count(*), sum(quantity), sum(mileage)
  FROM waybills GROUP BY 1, 2, 3;
  UPDATE waybill_versions SET v = v + 1 WHERE shard = 0;
END $function$;

CREATE OR REPLACE FUNCTION public.waybill_sums_truncated()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
BEGIN
  DELETE FROM waybill_sums;
  RETURN NULL;
END $function$;

CREATE OR REPLACE FUNCTION public.waybill_text(b waybills)
 RETURNS text
 LANGUAGE sql
 IMMUTABLE PARALLEL SAFE
RETURN waybill_text_doc((b).driver_name, (b).vehicle_number, (b).notes);

CREATE OR REPLACE FUNCTION public.waybill_text_doc(driver_name text, vehicle_number text, notes text)
 RETURNS text
 LANGUAGE sql
 IMMUTABLE PARALLEL SAFE
RETURN lower((((((driver_name || ' '::text) || vehicle_number) || ' '::text) || notes) COLLATE pg_c_utf8));

CREATE OR REPLACE FUNCTION public.waybill_text_key(doc text)
 RETURNS bytea
 LANGUAGE sql
 IMMUTABLE PARALLEL SAFE
RETURN sha256(convert_to(doc, 'UTF8'::name));

CREATE OR REPLACE FUNCTION public.waybill_text_sums_apply()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
DECLARE
  backend_shard smallint := pg_backend_pid() % 8;
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO waybill_text_sums AS s (key, assortment, shard, n, quantity, mileage)
    SELECT r.text_key, r.assortment, backend_shard, count(*), sum(r.quantity), sum(r.mileage)
    FROM new_rows r GROUP BY 1, 2 ORDER BY 1, 2
    ON CONFLICT ON CONSTRAINT waybill_text_sums_pkey
      DO UPDATE SET n = s.n + EXCLUDED.n, quantity = s.quantity + EXCLUDED.quantity, mileage = s.mileage + EXCLUDED.mileage;
  ELSE
    IF TG_OP = 'DELETE' THEN
      INSERT INTO waybill_text_sums AS s (key, assortment, shard, n, quantity, mileage)
      SELECT r.text_key, r.assortment, backend_shard, -count(*), -sum(r.quantity), -sum(r.mileage)
      FROM old_rows r GROUP BY 1, 2 ORDER BY 1, 2
      ON CONFLICT ON CONSTRAINT waybill_text_sums_pkey
        DO UPDATE SET n = s.n + EXCLUDED.n, quantity = s.quantity + EXCLUDED.quantity, mileage = s.mileage + EXCLUDED.mileage;
    ELSE
      INSERT INTO waybill_text_sums AS s (key, assortment, shard, n, quantity, mileage)
      SELECT key, assortment, backend_shard, sum(dn), sum(dq), sum(dm)
      FROM (SELECT r.text_key AS key, r.assortment, 1 AS dn, r.quantity AS dq, r.mileage::bigint AS dm FROM new_rows r
            UNION ALL
            SELECT r.text_key, r.assortment, -1, -r.quantity, -r.mileage::bigint FROM old_rows r) d
      GROUP BY 1, 2 HAVING sum(dn) <> 0 OR sum(dq) <> 0 OR sum(dm) <> 0 ORDER BY 1, 2
      ON CONFLICT ON CONSTRAINT waybill_text_sums_pkey
        DO UPDATE SET n = s.n + EXCLUDED.n, quantity = s.quantity + EXCLUDED.quantity, mileage = s.mileage + EXCLUDED.mileage;
    END IF;
    DELETE FROM waybill_text_sums WHERE (key, assortment, shard) IN (
      SELECT key, assortment, shard FROM waybill_text_sums WHERE shard = backend_shard AND n = 0 AND quantity = 0 AND mileage = 0
      FOR UPDATE SKIP LOCKED);
  END IF;
  RETURN NULL;
END $function$;

CREATE OR REPLACE FUNCTION public.waybill_text_sums_rebuild()
 RETURNS void
 LANGUAGE plpgsql
AS $function$
BEGIN
  LOCK TABLE waybills IN SHARE MODE;
  TRUNCATE waybill_text_sums;
  INSERT INTO waybill_text_sums (key, assortment, shard, n, quantity, mileage)
  SELECT b.text_key, b.assortment, 0, count(*), sum(b.quantity), sum(b.mileage)
  FROM waybills b GROUP BY 1, 2;
  UPDATE waybill_versions SET v = v + 1 WHERE shard = 0;
END $function$;

CREATE OR REPLACE FUNCTION public.waybill_text_sums_truncated()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
BEGIN
  TRUNCATE waybill_text_sums;
  RETURN NULL;
END $function$;

CREATE OR REPLACE FUNCTION public.waybill_texts_add(added text[], removed text[])
 RETURNS void
 LANGUAGE plpgsql
AS $function$
DECLARE
  backend_shard smallint := pg_backend_pid() % 8;
BEGIN
  INSERT INTO waybill_texts AS t (key, shard, doc, n)
  SELECT waybill_text_key(doc), backend_shard, doc, sum(delta)
  FROM (SELECT doc, 1 AS delta FROM unnest(added) doc UNION ALL SELECT doc, -1 FROM unnest(removed) doc) d
  GROUP BY doc HAVING sum(delta) <> 0 ORDER BY 1
  ON CONFLICT (key, shard) DO UPDATE SET n = t.n + EXCLUDED.n;
  DELETE FROM waybill_texts WHERE (key, shard) IN (
    SELECT key, shard FROM waybill_texts WHERE shard = backend_shard AND n = 0 FOR UPDATE SKIP LOCKED);
END $function$;

CREATE OR REPLACE FUNCTION public.waybill_texts_delete()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
BEGIN
  PERFORM waybill_texts_add('{}', ARRAY(SELECT waybill_text(o) FROM old_rows o));
  RETURN NULL;
END $function$;

CREATE OR REPLACE FUNCTION public.waybill_texts_insert()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
BEGIN
  PERFORM waybill_texts_add(ARRAY(SELECT waybill_text(n) FROM new_rows n), '{}');
  RETURN NULL;
END $function$;

CREATE OR REPLACE FUNCTION public.waybill_texts_rebuild()
 RETURNS void
 LANGUAGE plpgsql
AS $function$
BEGIN
  LOCK TABLE waybills IN SHARE MODE;
  TRUNCATE waybill_texts;
  INSERT INTO waybill_texts (key, shard, doc, n)
  SELECT waybill_text_key(doc), 0, doc, count(*) FROM (SELECT waybill_text(b) AS doc FROM waybills b) d GROUP BY doc;
END $function$;

CREATE OR REPLACE FUNCTION public.waybill_texts_truncate()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
BEGIN
  TRUNCATE waybill_texts;
  RETURN NULL;
END $function$;

CREATE OR REPLACE FUNCTION public.waybill_texts_update()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
BEGIN
  PERFORM waybill_texts_add(ARRAY(SELECT waybill_text(n) FROM new_rows n), ARRAY(SELECT waybill_text(o) FROM old_rows o));
  RETURN NULL;
END $function$;

CREATE OR REPLACE FUNCTION public.word_similarity(text, text)
 RETURNS real
 LANGUAGE c
 IMMUTABLE PARALLEL SAFE STRICT
AS '$libdir/pg_trgm', $function$word_similarity$function$;

CREATE OR REPLACE FUNCTION public.word_similarity_commutator_op(text, text)
 RETURNS boolean
 LANGUAGE c
 STABLE PARALLEL SAFE STRICT
AS '$libdir/pg_trgm', $function$word_similarity_commutator_op$function$;

CREATE OR REPLACE FUNCTION public.word_similarity_dist_commutator_op(text, text)
 RETURNS real
 LANGUAGE c
 IMMUTABLE PARALLEL SAFE STRICT
AS '$libdir/pg_trgm', $function$word_similarity_dist_commutator_op$function$;

CREATE OR REPLACE FUNCTION public.word_similarity_dist_op(text, text)
 RETURNS real
 LANGUAGE c
 IMMUTABLE PARALLEL SAFE STRICT
AS '$libdir/pg_trgm', $function$word_similarity_dist_op$function$;

CREATE OR REPLACE FUNCTION public.word_similarity_op(text, text)
 RETURNS boolean
 LANGUAGE c
 STABLE PARALLEL SAFE STRICT
AS '$libdir/pg_trgm', $function$word_similarity_op$function$;
