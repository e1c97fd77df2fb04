-- Addresses that have signed in to an account. Strangers' failed guesses fill the account's
-- ceiling only for addresses it has not seen, so the owner's usual addresses keep their own
-- budget. The key is the SHA-256 of "email|address" (no address or email readable).
CREATE TABLE known_sign_in_addresses (
  key text PRIMARY KEY,
  user_email text NOT NULL REFERENCES users (email) ON DELETE CASCADE ON UPDATE CASCADE,
  last_sign_in_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX known_sign_in_addresses_last_idx ON known_sign_in_addresses (last_sign_in_at);
CREATE INDEX known_sign_in_addresses_user_idx ON known_sign_in_addresses (user_email);

-- Counts one attempt on every key, or refuses it (and writes nothing) when any key is at its
-- limit: answers 0 when counted, otherwise the milliseconds until the fullest key's window ends.
-- One lock per key, taken in the same order by every caller, makes the read and the count one
-- step: parallel attempts cannot all pass a count read before the slow password hash, and a
-- refused attempt never counts (a victim's budget is not spent by requests already refused).
CREATE FUNCTION rate_limit_consume(p_keys text[], p_limits integer[], p_window_ms bigint) RETURNS bigint
LANGUAGE plpgsql AS $$
DECLARE
  now_ms bigint := (extract(epoch FROM clock_timestamp()) * 1000)::bigint;
  lock_key bigint;
  wait_ms bigint;
BEGIN
  FOR lock_key IN SELECT DISTINCT hashtextextended(k, 724100) AS h FROM unnest(p_keys) AS k ORDER BY h LOOP
    PERFORM pg_advisory_xact_lock(lock_key);
  END LOOP;
  SELECT coalesce(max(r.expire - now_ms), 0) INTO wait_ms
  FROM rate_limiter r JOIN unnest(p_keys, p_limits) AS l (k, lim) ON l.k = r.key
  WHERE r.expire > now_ms AND r.points >= l.lim;
  IF wait_ms > 0 THEN
    RETURN wait_ms;
  END IF;
  INSERT INTO rate_limiter AS r (key, points, expire)
  SELECT k, 1, now_ms + p_window_ms FROM unnest(p_keys) AS k
  ON CONFLICT (key) DO UPDATE SET
    points = CASE WHEN r.expire > now_ms THEN r.points + 1 ELSE 1 END,
    expire = CASE WHEN r.expire > now_ms THEN r.expire ELSE EXCLUDED.expire END;
  RETURN 0;
END $$;

-- A reset link dies when its account's password changes by any path: the API, a reset link,
-- create-staff or plain SQL.
CREATE FUNCTION password_reset_tokens_end() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM password_reset_tokens WHERE user_email = NEW.email;
  RETURN NULL;
END $$;
CREATE TRIGGER users_password_changed AFTER UPDATE OF password_hash ON users
  FOR EACH ROW WHEN (OLD.password_hash IS DISTINCT FROM NEW.password_hash)
  EXECUTE FUNCTION password_reset_tokens_end();
