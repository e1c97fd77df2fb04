export {
  initialSessionState,
  selectAccessToken,
  selectIsAuthenticated,
  selectRefreshToken,
  selectSessionExpired,
  selectSessionInitialized,
  sessionInitialized,
  sessionSlice,
  signedOut,
} from './model/sessionSlice';
export type { SessionState } from './model/sessionSlice';
