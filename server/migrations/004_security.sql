-- Rate limits move to rate-limiter-flexible's PostgreSQL store: one atomic upsert counts an
-- attempt and returns the count before any slow work (columns in the order the library inserts).
DROP TABLE IF EXISTS rate_limits;
CREATE TABLE rate_limiter (
  key varchar(255) PRIMARY KEY,
  points integer NOT NULL DEFAULT 0,
  expire bigint
);
CREATE INDEX rate_limiter_expire_idx ON rate_limiter (expire);
