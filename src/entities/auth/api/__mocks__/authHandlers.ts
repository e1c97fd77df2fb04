import { delay, http, HttpResponse, type HttpHandler } from 'msw';

import { MOCK_DEFAULT_CALLER, message, mockDb, mockPassword } from '@/shared/mock-db';

import type { SignInCredentials } from '../authApi';

import { mockSession, mockTokenPair } from './authFixtures';

const noAccount = (request: Request) =>
  HttpResponse.json({ detail: message(request, 'auth.noActiveAccount'), code: 'no_active_account' }, { status: 401 });

const tokenNotValid = () => HttpResponse.json({ detail: 'Token is invalid or expired', code: 'token_not_valid' }, { status: 401 });

/** The default account keeps the plain mock tokens; another names itself in them (`mock-access-token:<email>`). */
const tokensFor = (email: string) =>
  email === MOCK_DEFAULT_CALLER.email
    ? mockTokenPair()
    : mockTokenPair({ access: `mock-access-token:${email}`, refresh: `mock-refresh-token:${email}` });

export const obtainTokenHandler = http.post('*/api/auth/token/', async ({ request }) => {
  const { email, password } = (await request.json()) as SignInCredentials;
  const user = mockDb.users.find((item) => item.email === email.trim().toLowerCase());
  if (!user?.isActive || mockPassword(user.email) !== password) return noAccount(request);
  // The server notes each sign-in.
  mockDb.users = mockDb.users.map((item) => (item.email === user.email ? { ...item, lastLogin: new Date().toISOString() } : item));
  return HttpResponse.json(tokensFor(user.email));
});

/** Sign-in answered with an error, for the error states of stories and tests. */
export const obtainTokenErrorHandler = (status: 401 | 429 | 500): HttpHandler =>
  http.post('*/api/auth/token/', ({ request }) => {
    if (status === 401) return noAccount(request);
    if (status === 429) {
      return HttpResponse.json(
        { detail: 'Too many attempts. Try again in 300 seconds.' },
        { status: 429, headers: { 'Retry-After': '300' } },
      );
    }
    return new HttpResponse('Internal Server Error', { status: 500 });
  });

/** Sign-in that never answers, for loading states. */
export const obtainTokenPendingHandler: HttpHandler = http.post('*/api/auth/token/', async () => {
  await delay('infinite');
  return HttpResponse.json(mockTokenPair());
});

export const authHandlers: readonly HttpHandler[] = [
  obtainTokenHandler,
  http.post('*/api/auth/token/refresh/', async ({ request }) => {
    const { refresh } = (await request.json()) as { refresh: string };
    return refresh ? HttpResponse.json(mockTokenPair()) : tokenNotValid();
  }),
  http.post('*/api/auth/logout', () => HttpResponse.json({ status: 'OK' })),
  http.post('*/api/auth/token/verify/', async ({ request }) => {
    const { token } = (await request.json()) as { token: string };
    return token ? HttpResponse.json({}) : tokenNotValid();
  }),
  http.post('*/api/auth/session', async ({ request }) => {
    const { refresh } = (await request.json()) as { refresh: string };
    if (!refresh) return tokenNotValid();
    const email = /^mock-refresh-token:(.+)$/.exec(refresh)?.[1];
    const user = email ? mockDb.users.find((item) => item.email === email) : undefined;
    if (!user) return HttpResponse.json(mockSession());
    const tokens = tokensFor(user.email);
    return HttpResponse.json(
      mockSession({
        user: { email: user.email, name: user.name, isStaff: user.isStaff },
        accessToken: tokens.access,
        refreshToken: tokens.refresh,
      }),
    );
  }),
];
