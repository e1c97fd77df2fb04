import type { SignInCredentials, TokenPair } from '@/entities/auth';
import { localeChanged, themeChosen } from '@/entities/preferences';

// The api layer (RTK Query) is not part of the sign-in page: it loads when the visitor starts
// filling in the form, or at the latest on submit.
const loadAuthApi = () => import('@/entities/auth');

/** Starts loading what signing in needs (the api layer), e.g. when focus enters the form. */
export const preloadSignIn = (): void => void loadAuthApi();

/**
 * Signs in: the token endpoint through the app's api, whose `obtainToken` stores the received
 * tokens as the session. Rejects as a mutation's `unwrap()` does, so the form shows why.
 */
export async function obtainSession(dispatch: AppDispatch, credentials: SignInCredentials): Promise<TokenPair> {
  const { authApi } = await loadAuthApi();
  const call = dispatch(authApi.endpoints.obtainToken.initiate(credentials));
  let tokens: TokenPair;
  try {
    tokens = await call.unwrap();
  } finally {
    // Nothing reads the call's result from the store afterwards (the session slice has the tokens).
    call.reset();
  }
  // Not awaited: the page the user goes to does not wait for them (nor may it be taken back there
  // after the user has moved on); they apply as they arrive.
  void applyAccountPreferences(dispatch);
  return tokens;
}

/**
 * The language and theme kept with the account replace this browser's; one the account has not
 * chosen leaves this browser's (a new language reloads the page in it: app/store/preferenceListeners.ts).
 * Without an answer the browser's stay.
 */
async function applyAccountPreferences(dispatch: AppDispatch): Promise<void> {
  const { accountPreferencesApi } = await import('@/entities/account-preferences');
  const { data } = await dispatch(
    accountPreferencesApi.endpoints.getAccountPreferences.initiate(undefined, { subscribe: false, forceRefetch: true }),
  );
  dispatch((_, getState) => {
    const current = getState().preferences;
    if (data?.theme && data.theme !== current.theme) dispatch(themeChosen(data.theme));
    if (data?.locale && data.locale !== current.locale) dispatch(localeChanged(data.locale));
  });
}
