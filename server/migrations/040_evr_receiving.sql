-- Receiving from EVR (server/src/evr/poller.ts): what the others did to our waybills there (the
-- receiver's unload, finish and cancel) lands in evr_status; the receiver's latest measurement act
-- is kept whole (act number and date, measurer, items, total) with its total in the waybill's own
-- unit when EVR's unit is it, which the list compares with the quantity shipped. One poller at a
-- time reads EVR from its mark on.
ALTER TABLE waybills
  ADD COLUMN evr_measurement jsonb CHECK (evr_measurement IS NULL OR jsonb_typeof(evr_measurement) = 'object'),
  ADD COLUMN evr_measured_quantity numeric(12, 3);

CREATE TABLE evr_poll (
  id smallint PRIMARY KEY DEFAULT 1 CHECK (id = 1),
  -- EVR's changes up to here are read (its last_modified_after of the next poll, less an overlap).
  mark timestamptz NOT NULL,
  polled_at timestamptz NOT NULL DEFAULT now()
);

-- The list's "measured beyond the tolerance" filter reads the few measured waybills.
CREATE INDEX waybills_evr_measured_idx ON waybills (transport_date DESC, number DESC) WHERE evr_measured_quantity IS NOT NULL;
