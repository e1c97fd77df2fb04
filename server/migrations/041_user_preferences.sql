-- The interface's language and theme kept with the account (GET/PATCH /api/user/me/preferences), so
-- that they follow the user to every browser they sign in on. NULL: not chosen (the device decides).
-- Preferences are not part of the account's record: they move neither its version nor its history.
ALTER TABLE users
  ADD COLUMN locale text CHECK (locale IN ('en', 'et')),
  ADD COLUMN theme text CHECK (theme IN ('light', 'dark'));
