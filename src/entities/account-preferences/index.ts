// The account's language and theme on the server. Kept apart from entities/preferences (the
// browser's own, part of the first page) so that importing those never brings in the api layer.
export { accountPreferencesApi, keepWithAccount, KEEP_WAIT_MS } from './api/accountPreferencesApi';
export type { AccountPreferences, AccountPreferencesPatch } from './api/accountPreferencesApi';
