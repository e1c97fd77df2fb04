import type { Session, TokenPair } from '../authApi';

/** Tokens of the mocks: opaque strings (the mock mode has no private key; the base query refreshes them). */
export const mockTokenPair = (overrides: Partial<TokenPair> = {}): TokenPair => ({
  access: 'mock-access-token',
  refresh: 'mock-refresh-token',
  ...overrides,
});

export const mockSession = (overrides: Partial<Session> = {}): Session => ({
  user: { email: 'mari.maasikas@example.com', name: 'Mari Maasikas', isStaff: false },
  accessToken: 'mock-access-token',
  refreshToken: 'mock-refresh-token',
  expires: '2026-11-22T08:20:00Z',
  ...overrides,
});

/** The demo account the mocks accept. */
export const MOCK_CREDENTIALS = { email: 'mari.maasikas@example.com', password: 'Palgivedu-2026' } as const;
