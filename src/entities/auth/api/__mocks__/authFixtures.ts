import { DEMO_USERS } from '@timberlog/contract/demo-data';

import type { Session, TokenPair } from '../authApi';

/** Tokens of the mocks: opaque strings (the mock mode has no private key; the base query refreshes them). */
export const mockTokenPair = (overrides: Partial<TokenPair> = {}): TokenPair => ({
  access: 'mock-access-token',
  refresh: 'mock-refresh-token',
  ...overrides,
});

/** The session of the mocks' default signed-in user: the demo data's ordinary account. */
export const mockSession = (overrides: Partial<Session> = {}): Session => ({
  user: { email: DEMO_USERS.user.email, name: DEMO_USERS.user.name, isStaff: false },
  accessToken: 'mock-access-token',
  refreshToken: 'mock-refresh-token',
  expires: '2026-11-22T08:20:00Z',
  ...overrides,
});

/** The demo account the mocks sign in by default; every demo account (`npm start` lists them) works too. */
export const MOCK_CREDENTIALS = { email: DEMO_USERS.user.email, password: DEMO_USERS.user.password } as const;
