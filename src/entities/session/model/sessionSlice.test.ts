import { sessionExpired, sessionTokensReceived } from '@/shared/model';

import { initialSessionState, selectIsAuthenticated, sessionSlice, signedOut } from './sessionSlice';

const reduce = sessionSlice.reducer;
const withState = (session: typeof initialSessionState) => ({ session });

describe('session slice', () => {
  it('stores received tokens and clears an expired flag', () => {
    const expired = reduce(initialSessionState, sessionExpired());
    const next = reduce(expired, sessionTokensReceived({ accessToken: 'a', refreshToken: 'r' }));
    expect(next).toMatchObject({ accessToken: 'a', refreshToken: 'r', sessionExpired: false });
    expect(selectIsAuthenticated(withState(next))).toBe(true);
  });

  it('signs out to an empty session but keeps the initialised flag', () => {
    const signedIn = { ...initialSessionState, accessToken: 'a', refreshToken: 'r', sessionInitialized: true };
    const next = reduce(signedIn, signedOut());
    expect(next).toEqual({ ...initialSessionState, sessionInitialized: true });
    expect(selectIsAuthenticated(withState(next))).toBe(false);
  });
});
