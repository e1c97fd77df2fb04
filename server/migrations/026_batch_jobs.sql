-- Work on many waybills at once that runs in the background (a bulk action or an import past the
-- rows answered at once): what was asked, how far it got and its answer, polled by the person
-- who asked (GET /api/batch-jobs/{id}/). The job itself is a pg-boss job queued in the same
-- transaction as its row here.
CREATE TABLE batch_jobs (
  id uuid PRIMARY KEY,
  kind text NOT NULL CHECK (kind IN ('bulk', 'import')),
  user_email text NOT NULL REFERENCES users (email) ON DELETE CASCADE,
  locale text NOT NULL DEFAULT 'en',
  -- What was asked: a bulk action and its waybills, or an import's checked rows and its file's name.
  input jsonb NOT NULL,
  state text NOT NULL DEFAULT 'queued' CHECK (state IN ('queued', 'running', 'done', 'failed')),
  progress smallint NOT NULL DEFAULT 0 CHECK (progress BETWEEN 0 AND 100),
  total integer NOT NULL DEFAULT 0,
  result jsonb,
  error text,
  created_at timestamptz NOT NULL DEFAULT now(),
  last_modified_at timestamptz NOT NULL DEFAULT now(),
  finished_at timestamptz
);
CREATE INDEX batch_jobs_user ON batch_jobs (user_email, created_at DESC);
