import type { SignInCredentials, TokenPair } from '@/entities/auth';

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
  try {
    return await call.unwrap();
  } finally {
    // Nothing reads the call's result from the store afterwards (the session slice has the tokens).
    call.reset();
  }
}
