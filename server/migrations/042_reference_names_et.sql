-- Reference names in Estonian: where an assortment type or a warehouse has one, an Estonian
-- interface shows it in the home charts and their legends (GET /api/summary/charts in `et`).
-- NULL: the one name serves both languages.
ALTER TABLE assortment_types ADD COLUMN name_et text;
ALTER TABLE warehouses ADD COLUMN name_et text;
