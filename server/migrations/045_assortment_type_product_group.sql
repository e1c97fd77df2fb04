-- An assortment type's EVR product group (PALK saw logs, PABER pulpwood, KUTE firewood, HAKE chips
-- and residues: the contract's EVR_PRODUCT_GROUPS), which a start sends with every item. Chosen in
-- the admin panel; before, it was guessed from the type's English name, which a rename could break.
-- Types made before get what their name suggests (the contract's productGroupOfName).
ALTER TABLE assortment_types ADD COLUMN evr_product_group text CHECK (evr_product_group IN ('PALK', 'PABER', 'KUTE', 'HAKE'));
UPDATE assortment_types SET evr_product_group = CASE
  WHEN lower(name) ~ 'pulp|paber' THEN 'PABER'
  WHEN lower(name) ~ 'fire|küte|kütte|energy' THEN 'KUTE'
  WHEN lower(name) ~ 'chip|hake|hakke|residue' THEN 'HAKE'
  ELSE 'PALK' END;
ALTER TABLE assortment_types ALTER COLUMN evr_product_group SET NOT NULL, ALTER COLUMN evr_product_group SET DEFAULT 'PALK';
