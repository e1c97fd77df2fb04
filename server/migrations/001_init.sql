CREATE EXTENSION IF NOT EXISTS pg_trgm;

CREATE TABLE users (
  email text PRIMARY KEY CHECK (email = lower(email)),
  name text NOT NULL DEFAULT '',
  password_hash text NOT NULL,
  is_active boolean NOT NULL DEFAULT false,
  is_staff boolean NOT NULL DEFAULT false,
  date_joined timestamptz NOT NULL DEFAULT now(),
  last_login timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  last_modified_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX users_name_idx ON users (name);
CREATE INDEX users_is_active_idx ON users (is_active);
CREATE INDEX users_is_staff_idx ON users (is_staff);
CREATE INDEX users_created_at_idx ON users (created_at);
CREATE INDEX users_last_modified_at_idx ON users (last_modified_at);
CREATE INDEX users_search_idx ON users USING gin (lower(email || ' ' || name) gin_trgm_ops);

CREATE TABLE refresh_tokens (
  jti uuid PRIMARY KEY,
  user_email text NOT NULL REFERENCES users (email) ON DELETE CASCADE ON UPDATE CASCADE,
  expires_at timestamptz NOT NULL,
  used_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX refresh_tokens_user_idx ON refresh_tokens (user_email);

CREATE TABLE password_reset_tokens (
  token_hash text PRIMARY KEY,
  user_email text NOT NULL REFERENCES users (email) ON DELETE CASCADE ON UPDATE CASCADE,
  expires_at timestamptz NOT NULL,
  used_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE rate_limits (
  key text PRIMARY KEY,
  window_start timestamptz NOT NULL,
  count integer NOT NULL
);

CREATE TABLE assortment_types (
  id serial PRIMARY KEY,
  name text NOT NULL,
  description text NOT NULL DEFAULT '',
  created_at timestamptz NOT NULL DEFAULT now(),
  last_modified_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX assortment_types_name_idx ON assortment_types (name);
CREATE INDEX assortment_types_created_at_idx ON assortment_types (created_at);
CREATE INDEX assortment_types_last_modified_at_idx ON assortment_types (last_modified_at);

CREATE TABLE assortments (
  code text PRIMARY KEY,
  name text NOT NULL,
  assortment_type integer NOT NULL REFERENCES assortment_types (id),
  species text NOT NULL,
  unit text NOT NULL,
  unit_price numeric(12, 2) NOT NULL,
  is_active boolean NOT NULL DEFAULT true,
  created_at timestamptz NOT NULL DEFAULT now(),
  last_modified_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX assortments_type_idx ON assortments (assortment_type);
CREATE INDEX assortments_name_idx ON assortments (name);
CREATE INDEX assortments_species_idx ON assortments (species);
CREATE INDEX assortments_created_at_idx ON assortments (created_at);
CREATE INDEX assortments_last_modified_at_idx ON assortments (last_modified_at);

CREATE TABLE companies (
  registry_code text PRIMARY KEY CHECK (registry_code ~ '^[0-9]{8}$'),
  name text NOT NULL,
  vat_number text NOT NULL DEFAULT '',
  address text NOT NULL DEFAULT '',
  email text NOT NULL DEFAULT '',
  is_invoice_customer boolean NOT NULL DEFAULT false,
  created_at timestamptz NOT NULL DEFAULT now(),
  last_modified_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX companies_name_idx ON companies (name);
CREATE INDEX companies_is_invoice_customer_idx ON companies (is_invoice_customer);
CREATE INDEX companies_created_at_idx ON companies (created_at);
CREATE INDEX companies_last_modified_at_idx ON companies (last_modified_at);
CREATE INDEX companies_search_idx ON companies USING gin (lower(name || ' ' || registry_code) gin_trgm_ops);

CREATE TABLE warehouses (
  id serial PRIMARY KEY,
  name text NOT NULL,
  company text NOT NULL REFERENCES companies (registry_code) ON UPDATE CASCADE,
  origin_code text UNIQUE,
  destination_code text UNIQUE,
  address text NOT NULL DEFAULT '',
  created_at timestamptz NOT NULL DEFAULT now(),
  last_modified_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX warehouses_company_idx ON warehouses (company);
CREATE INDEX warehouses_name_idx ON warehouses (name);
CREATE INDEX warehouses_created_at_idx ON warehouses (created_at);
CREATE INDEX warehouses_last_modified_at_idx ON warehouses (last_modified_at);

CREATE TABLE workers (
  worker_name text PRIMARY KEY,
  company text REFERENCES companies (registry_code) ON UPDATE CASCADE,
  worklog_count integer NOT NULL DEFAULT 0,
  last_worklog_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  last_modified_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX workers_company_idx ON workers (company);
CREATE INDEX workers_created_at_idx ON workers (created_at);
CREATE INDEX workers_last_modified_at_idx ON workers (last_modified_at);
CREATE INDEX workers_search_idx ON workers USING gin (lower(worker_name) gin_trgm_ops);

CREATE SEQUENCE waybill_number_seq;
CREATE SEQUENCE worklog_number_seq;
CREATE SEQUENCE invoice_number_seq;

CREATE TABLE invoices (
  number text PRIMARY KEY,
  status text NOT NULL DEFAULT 'pending_sync',
  customer text NOT NULL REFERENCES companies (registry_code) ON UPDATE CASCADE,
  issue_date date NOT NULL,
  due_date date NOT NULL,
  currency text NOT NULL DEFAULT 'EUR',
  lines jsonb NOT NULL,
  net_total numeric(14, 2) NOT NULL,
  vat_rate numeric(5, 2) NOT NULL,
  vat_total numeric(14, 2) NOT NULL,
  gross_total numeric(14, 2) NOT NULL,
  sync_error text,
  sync_attempts integer NOT NULL DEFAULT 0,
  synced_at timestamptz,
  external_id text,
  created_by text,
  created_at timestamptz NOT NULL DEFAULT now(),
  last_modified_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX invoices_status_idx ON invoices (status);
CREATE INDEX invoices_customer_idx ON invoices (customer);
CREATE INDEX invoices_issue_date_idx ON invoices (issue_date);
CREATE INDEX invoices_due_date_idx ON invoices (due_date);
CREATE INDEX invoices_created_at_idx ON invoices (created_at);
CREATE INDEX invoices_last_modified_at_idx ON invoices (last_modified_at);

CREATE TABLE waybills (
  number text PRIMARY KEY,
  status text NOT NULL DEFAULT 'draft',
  transport_date date NOT NULL,
  origin text NOT NULL REFERENCES warehouses (origin_code) ON UPDATE CASCADE,
  destination text NOT NULL REFERENCES warehouses (destination_code) ON UPDATE CASCADE,
  destination_company text NOT NULL REFERENCES companies (registry_code) ON UPDATE CASCADE,
  driver_name text NOT NULL,
  vehicle_number text NOT NULL,
  mileage integer NOT NULL CHECK (mileage BETWEEN 0 AND 10000),
  assortment text NOT NULL REFERENCES assortments (code) ON UPDATE CASCADE,
  quantity numeric(12, 3) NOT NULL CHECK (quantity > 0),
  invoice text REFERENCES invoices (number),
  notes text NOT NULL DEFAULT '',
  created_by text,
  created_at timestamptz NOT NULL DEFAULT now(),
  last_modified_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX waybills_status_idx ON waybills (status, transport_date DESC);
CREATE INDEX waybills_transport_date_idx ON waybills (transport_date, number);
CREATE INDEX waybills_origin_idx ON waybills (origin, transport_date DESC);
CREATE INDEX waybills_destination_idx ON waybills (destination, transport_date DESC);
CREATE INDEX waybills_destination_company_idx ON waybills (destination_company, transport_date DESC);
CREATE INDEX waybills_driver_name_idx ON waybills (driver_name);
CREATE INDEX waybills_mileage_idx ON waybills (mileage);
CREATE INDEX waybills_assortment_idx ON waybills (assortment, transport_date DESC);
CREATE INDEX waybills_quantity_idx ON waybills (quantity);
CREATE INDEX waybills_invoice_idx ON waybills (invoice);
CREATE INDEX waybills_created_at_idx ON waybills (created_at);
CREATE INDEX waybills_last_modified_at_idx ON waybills (last_modified_at);
CREATE INDEX waybills_search_idx ON waybills USING gin (lower(number || ' ' || driver_name || ' ' || vehicle_number || ' ' || notes) gin_trgm_ops);

CREATE TABLE worklogs (
  number text PRIMARY KEY,
  timestamp timestamptz NOT NULL,
  action text NOT NULL,
  warehouse integer NOT NULL REFERENCES warehouses (id),
  worker_name text NOT NULL REFERENCES workers (worker_name) ON UPDATE CASCADE,
  assortment text REFERENCES assortments (code) ON UPDATE CASCADE,
  quantity numeric(12, 3),
  waybill text REFERENCES waybills (number) ON UPDATE CASCADE ON DELETE SET NULL,
  duration_minutes integer NOT NULL CHECK (duration_minutes BETWEEN 0 AND 1440),
  notes text NOT NULL DEFAULT '',
  created_by text,
  created_at timestamptz NOT NULL DEFAULT now(),
  last_modified_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX worklogs_timestamp_idx ON worklogs (timestamp, number);
CREATE INDEX worklogs_action_idx ON worklogs (action, timestamp DESC);
CREATE INDEX worklogs_warehouse_idx ON worklogs (warehouse, timestamp DESC);
CREATE INDEX worklogs_worker_name_idx ON worklogs (worker_name, timestamp DESC);
CREATE INDEX worklogs_waybill_idx ON worklogs (waybill);
CREATE INDEX worklogs_assortment_idx ON worklogs (assortment);
CREATE INDEX worklogs_duration_idx ON worklogs (duration_minutes);
CREATE INDEX worklogs_created_at_idx ON worklogs (created_at);
CREATE INDEX worklogs_last_modified_at_idx ON worklogs (last_modified_at);
CREATE INDEX worklogs_search_idx ON worklogs USING gin (lower(number || ' ' || worker_name || ' ' || notes) gin_trgm_ops);
CREATE INDEX invoices_search_idx ON invoices USING gin (lower(number) gin_trgm_ops);

CREATE TABLE export_requests (
  id uuid PRIMARY KEY,
  kind text NOT NULL,
  format text NOT NULL,
  filters jsonb NOT NULL DEFAULT '{}',
  locale text NOT NULL DEFAULT 'en',
  user_email text NOT NULL REFERENCES users (email) ON DELETE CASCADE ON UPDATE CASCADE,
  seen boolean NOT NULL DEFAULT false,
  in_progress boolean NOT NULL DEFAULT true,
  progress integer NOT NULL DEFAULT 0,
  failed boolean NOT NULL DEFAULT false,
  last_error_message text,
  attachment text,
  row_count integer,
  complete_timestamp timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  last_modified_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX export_requests_user_idx ON export_requests (user_email, seen, created_at DESC);
CREATE INDEX export_requests_seen_idx ON export_requests (seen);
CREATE INDEX export_requests_created_at_idx ON export_requests (created_at);
CREATE INDEX export_requests_last_modified_at_idx ON export_requests (last_modified_at);
