import { createAction } from '@reduxjs/toolkit';

export interface SessionTokens {
  readonly accessToken: string;
  readonly refreshToken: string;
}

// Defined here, not in entities/session, because the base query (shared) dispatches them.
export const sessionTokensReceived = createAction<SessionTokens>('session/tokensReceived');
export const sessionExpired = createAction('session/expired');
