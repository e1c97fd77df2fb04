-- Saved views of the lists: a named list query (the list's own URL query, checked with the
-- contract's codec before it is kept), the columns shown and the row density. A view is its
-- owner's, private or shared with everyone; each user marks at most one default per list, which
-- the database holds to (the partial unique index): setting a new default unsets the old one in
-- the same transaction.
CREATE TABLE saved_views (
  id bigserial PRIMARY KEY,
  list text NOT NULL CHECK (list IN ('waybills', 'worklogs', 'invoices', 'users')),
  name text NOT NULL CHECK (name <> ''),
  query text NOT NULL DEFAULT '',
  columns text[] NOT NULL DEFAULT '{}',
  density text NOT NULL DEFAULT 'comfortable' CHECK (density IN ('comfortable', 'compact')),
  shared boolean NOT NULL DEFAULT false,
  is_default boolean NOT NULL DEFAULT false,
  owner text NOT NULL REFERENCES users (email) ON DELETE CASCADE,
  version integer NOT NULL DEFAULT 1,
  last_modified_by text,
  created_at timestamptz NOT NULL DEFAULT now(),
  last_modified_at timestamptz NOT NULL DEFAULT now()
);
-- One default per user and list; one name per user and list (names compared without case).
CREATE UNIQUE INDEX saved_views_one_default ON saved_views (owner, list) WHERE is_default;
CREATE UNIQUE INDEX saved_views_owner_name ON saved_views (owner, list, lower(name));
-- The shared views of a list, read with the caller's own.
CREATE INDEX saved_views_shared ON saved_views (list, id) WHERE shared;

CREATE TRIGGER saved_views_record_version BEFORE INSERT OR UPDATE ON saved_views FOR EACH ROW EXECUTE FUNCTION record_version();
