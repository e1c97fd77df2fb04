-- The waybill as the Forest Act and EVR, the register of timber waybills, see it (contract:
-- packages/contract/src/evr.ts). Every column may be empty: a waybill made before EVR stays as it
-- was, and a draft may be incomplete; what confirming needs is the contract's evrReadiness, not a
-- constraint here, because a rule that depends on the status and the holding basis's type would be
-- written twice.
--
-- The holding basis is columns, not a jsonb object: each of its fields is one value a list filters
-- and sorts by, an export writes as a column and the history records as a field of its own. The
-- certificate claims are a jsonb array: a short repeatable list read and written whole with its
-- waybill (so it moves the waybill's version and history with it, which a child table would not).
ALTER TABLE waybills
  ADD COLUMN owner_company text REFERENCES companies (registry_code) ON UPDATE CASCADE,
  ADD COLUMN owner_person_name text,
  ADD COLUMN owner_person_code text,
  ADD COLUMN transporter_company text REFERENCES companies (registry_code) ON UPDATE CASCADE,
  ADD COLUMN driver_id_code text,
  ADD COLUMN driver_phone text,
  ADD COLUMN trailer_number text,
  ADD COLUMN departure_time timestamptz,
  ADD COLUMN gross_mass numeric(6,3) CHECK (gross_mass > 0 AND gross_mass <= 80),
  ADD COLUMN holding_basis_type text CHECK (holding_basis_type IN ('ForestNotice', 'WithoutForestNotice', 'SalesContract',
    'ContractForTransferOfCuttingRights', 'ForestAct', 'InventoryAct', 'ConsolidatedAct')),
  ADD COLUMN cadastral_number text,
  ADD COLUMN compartment text,
  ADD COLUMN forest_allocation_number text,
  ADD COLUMN forest_notification_number text,
  ADD COLUMN contract_number text,
  ADD COLUMN contract_date date,
  ADD COLUMN previous_owner_name text,
  ADD COLUMN previous_owner_code text,
  ADD COLUMN previous_owner_address text,
  -- [{ "code": "FSCMIX", "number": "NC-COC-012345" }], at most LIMITS.certificateClaimsMax.
  ADD COLUMN certificate_claims jsonb NOT NULL DEFAULT '[]'
    CHECK (jsonb_typeof(certificate_claims) = 'array' AND jsonb_array_length(certificate_claims) <= 10),
  ADD COLUMN eudr_reference_number text,
  ADD COLUMN eudr_verification_number text,
  -- Set once the waybill is in EVR; null: not in EVR (every waybill made before it).
  ADD COLUMN evr_number text UNIQUE,
  ADD COLUMN evr_status text CHECK (evr_status IN ('shipping', 'unloaded', 'finished', 'cancelled'));

-- The list's EVR filters: by holding basis, by certificate claim (containment), with or without an EUDR number.
CREATE INDEX waybills_holding_basis_type_idx ON waybills (holding_basis_type, transport_date DESC, number DESC) WHERE holding_basis_type IS NOT NULL;
CREATE INDEX waybills_certificate_claims_idx ON waybills USING gin (certificate_claims jsonb_path_ops);

-- The owner and transporter companies are looked up when a company is deleted (its referrers).
CREATE INDEX waybills_owner_company_idx ON waybills (owner_company) WHERE owner_company IS NOT NULL;
CREATE INDEX waybills_transporter_company_idx ON waybills (transporter_company) WHERE transporter_company IS NOT NULL;

-- A warehouse as EVR's place of delivery or source: its EVR code, its address in parts (county,
-- city or parish, street) and its L-EST97 coordinates (EPSG:3301, metres, x north and y east),
-- both or neither.
ALTER TABLE warehouses
  ADD COLUMN evr_place_code text UNIQUE,
  ADD COLUMN county text,
  ADD COLUMN city text,
  ADD COLUMN street text,
  ADD COLUMN coord_x numeric(9,2) CHECK (coord_x BETWEEN 6300000 AND 6700000),
  ADD COLUMN coord_y numeric(9,2) CHECK (coord_y BETWEEN 300000 AND 800000),
  ADD CONSTRAINT warehouses_coordinates_check CHECK ((coord_x IS NULL) = (coord_y IS NULL));
