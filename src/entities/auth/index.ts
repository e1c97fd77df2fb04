// The token endpoints. Kept apart from entities/session (the stored session, part of the first
// page) so that importing the session never brings in the api layer.
export {
  authApi,
  useObtainTokenMutation,
  useRefreshSessionMutation,
  useRefreshTokenMutation,
  useSignOutMutation,
  useVerifyTokenMutation,
} from './api/authApi';
export type { Session, SignInCredentials, TokenPair } from './api/authApi';
