import { createSlice } from '@reduxjs/toolkit';

import { sessionExpired, sessionTokensReceived } from '@/shared/model';

export interface SessionState {
  readonly accessToken: string | null;
  readonly refreshToken: string | null;
  /** Set when the refresh token no longer works; the app then signs out and reloads. */
  readonly sessionExpired: boolean;
  /** Set once the stored session has been checked after start-up. */
  readonly sessionInitialized: boolean;
}

export const initialSessionState: SessionState = {
  accessToken: null,
  refreshToken: null,
  sessionExpired: false,
  sessionInitialized: false,
};

export const sessionSlice = createSlice({
  name: 'session',
  initialState: initialSessionState,
  reducers: {
    signedOut: (state) => ({ ...initialSessionState, sessionInitialized: state.sessionInitialized }),
    sessionInitialized: (state) => ({ ...state, sessionInitialized: true }),
  },
  extraReducers: (builder) => {
    builder
      .addCase(sessionTokensReceived, (state, { payload }) => ({
        ...state,
        accessToken: payload.accessToken,
        refreshToken: payload.refreshToken,
        sessionExpired: false,
      }))
      .addCase(sessionExpired, (state) => ({ ...state, sessionExpired: true }));
  },
  selectors: {
    selectAccessToken: (state) => state.accessToken,
    selectRefreshToken: (state) => state.refreshToken,
    selectIsAuthenticated: (state) => state.accessToken !== null,
    selectSessionExpired: (state) => state.sessionExpired,
    selectSessionInitialized: (state) => state.sessionInitialized,
  },
});

export const { signedOut, sessionInitialized } = sessionSlice.actions;
export const { selectAccessToken, selectRefreshToken, selectIsAuthenticated, selectSessionExpired, selectSessionInitialized } =
  sessionSlice.selectors;
