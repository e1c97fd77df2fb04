import { baseApi, type RequestBody, type Schema } from '@/shared/api';

/** The language and theme kept with the signed-in account; null where the user chose none. */
export type AccountPreferences = Schema<'Preferences'>;
export type AccountPreferencesPatch = RequestBody<'/api/user/me/preferences', 'patch'>;

const PATH = '/api/user/me/preferences';

/**
 * The own account's language and theme (server/src/users/own-account.ts). Not a versioned record:
 * no If-Match, the last choice wins. Read once at sign-in; written when the user chooses.
 */
export const accountPreferencesApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getAccountPreferences: build.query<AccountPreferences, void>({ query: () => PATH }),
    saveAccountPreferences: build.mutation<AccountPreferences, AccountPreferencesPatch>({
      query: (body) => ({ url: PATH, method: 'PATCH', body }),
    }),
  }),
});

/** How long keeping a choice may hold up what follows it (a language's reload): an unreachable server must not hold the page. */
export const KEEP_WAIT_MS = 3000;

/**
 * Keeps a choice of language or theme with the signed-in account. Settles once the server has
 * answered or after KEEP_WAIT_MS; a failure leaves the choice in this browser only (a mutation
 * shows no toast of its own).
 */
export async function keepWithAccount(dispatch: AppDispatch, change: AccountPreferencesPatch): Promise<void> {
  const saving = dispatch(accountPreferencesApi.endpoints.saveAccountPreferences.initiate(change));
  await Promise.race([saving, new Promise((resolve) => setTimeout(resolve, KEEP_WAIT_MS))]);
  saving.reset();
}
