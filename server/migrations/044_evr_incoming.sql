-- Incoming waybills (server/src/evr/incoming.ts): loads in EVR addressed to us as receiver that
-- another company started (a forest owner, a supplier, a carrier). The poller keeps each as EVR
-- has it; none of it is ours to edit. Their history (entity `incoming_waybill`) is EVR's changes,
-- each announced live as any record's.
CREATE TABLE evr_incoming (
  evr_number text PRIMARY KEY,
  evr_status text NOT NULL CHECK (evr_status IN ('shipping', 'unloaded', 'finished', 'cancelled')),
  owner_name text NOT NULL,
  owner_code text NOT NULL,
  transporter_name text,
  transporter_code text,
  driver_name text,
  driver_id_code text,
  driver_phone text,
  vehicle_number text,
  trailer_number text,
  departure_time timestamptz,
  place_code text,
  place_name text NOT NULL DEFAULT '',
  -- Our warehouse the load comes to, when EVR's place of delivery is one of ours (by its EVR code).
  destination text REFERENCES warehouses (destination_code) ON UPDATE CASCADE ON DELETE SET NULL,
  source_name text,
  holding_basis_type text,
  cadastral_number text,
  items jsonb NOT NULL DEFAULT '[]' CHECK (jsonb_typeof(items) = 'array'),
  -- The load in one unit (m3 or t) when every item is in it; else NULL.
  quantity numeric(12, 3),
  unit text CHECK (unit IN ('m3', 't')),
  certificate_claims jsonb NOT NULL DEFAULT '[]' CHECK (jsonb_typeof(certificate_claims) = 'array'),
  eudr_reference_number text,
  eudr_verification_number text,
  comment text,
  evr_notes jsonb NOT NULL DEFAULT '[]' CHECK (jsonb_typeof(evr_notes) = 'array'),
  total_journey_mileage integer,
  evr_measurement jsonb CHECK (evr_measurement IS NULL OR jsonb_typeof(evr_measurement) = 'object'),
  evr_measured_quantity numeric(12, 3),
  created_in_evr timestamptz,
  modified_in_evr timestamptz,
  unloaded_at timestamptz,
  finished_at timestamptz,
  cancelled_at timestamptz,
  cancellation_reason text,
  created_at timestamptz NOT NULL DEFAULT now(),
  last_modified_at timestamptz NOT NULL DEFAULT now(),
  version integer NOT NULL DEFAULT 1,
  last_modified_by text
);

CREATE INDEX evr_incoming_departure_idx ON evr_incoming (departure_time DESC NULLS LAST, evr_number DESC);

CREATE TRIGGER evr_incoming_record_version BEFORE INSERT OR UPDATE ON evr_incoming FOR EACH ROW EXECUTE FUNCTION record_version();
-- EVR's own clock moves on every read-back; the history says what changed in the load, not when it was read.
CREATE TRIGGER evr_incoming_history AFTER INSERT OR DELETE OR UPDATE ON evr_incoming
  FOR EACH ROW EXECUTE FUNCTION history_record('incoming_waybill', 'evr_number', '{modified_in_evr}', '{}');

-- Our own waybills' notes in EVR (anyone's: ours, the receiver's, a measurer's), as EVR last answered.
ALTER TABLE waybills ADD COLUMN evr_notes jsonb NOT NULL DEFAULT '[]' CHECK (jsonb_typeof(evr_notes) = 'array');
