export { announceApi, onApiLoaded } from './apiRegistry';
export type { LoadedApi } from './apiRegistry';
export { useAppDispatch, useAppSelector } from './hooks';
export { sessionExpired, sessionTokensReceived } from './sessionActions';
export type { SessionTokens } from './sessionActions';
export { exportRequested } from './exportActions';
export type { ExportRequestedPayload } from './exportActions';
export {
  acrossTabs,
  connectSessionSharing,
  flushSharedSession,
  readSharedSession,
  SESSION_REFRESH_LOCK,
  whenSessionSettled,
  renewalKeyFor,
  renewalSettled,
} from './sessionSharing';
export type { SessionSharing } from './sessionSharing';
export {
  browserConnectivityChanged,
  CONTACT_NOTE_INTERVAL_MS,
  connectionSlice,
  initialConnectionState,
  selectConnection,
  selectIsReachable,
  serverAnswered,
  serverUnreachable,
  shouldNoteAnswer,
} from './connection';
export type { ConnectionState } from './connection';
