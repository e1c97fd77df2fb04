-- A company's address in EVR's parts (county, city or parish, street), as warehouses have them:
-- EVR wants the owner's and the receiver's address so. NULL: read from the one-line address
-- ("street, city, county"), as before.
ALTER TABLE companies ADD COLUMN county text, ADD COLUMN city text, ADD COLUMN street text;
