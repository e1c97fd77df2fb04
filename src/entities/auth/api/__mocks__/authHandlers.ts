import { delay, http, HttpResponse, type HttpHandler } from 'msw';

import type { SignInCredentials } from '../authApi';

import { MOCK_CREDENTIALS, mockSession, mockTokenPair } from './authFixtures';

const noAccount = () =>
  HttpResponse.json(
    { detail: 'No active account found with the given credentials', code: 'no_active_account' },
    { status: 401 },
  );

const tokenNotValid = () =>
  HttpResponse.json({ detail: 'Token is invalid or expired', code: 'token_not_valid' }, { status: 401 });

export const obtainTokenHandler = http.post('*/api/auth/token/', async ({ request }) => {
  const { email, password } = (await request.json()) as SignInCredentials;
  if (email.trim().toLowerCase() !== MOCK_CREDENTIALS.email || password !== MOCK_CREDENTIALS.password) {
    return noAccount();
  }
  return HttpResponse.json(mockTokenPair());
});

/** Sign-in answered with an error, for the error states of stories and tests. */
export const obtainTokenErrorHandler = (status: 401 | 429 | 500): HttpHandler =>
  http.post('*/api/auth/token/', () => {
    if (status === 401) return noAccount();
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
  http.post('*/api/auth/token/verify/', async ({ request }) => {
    const { token } = (await request.json()) as { token: string };
    return token ? HttpResponse.json({}) : tokenNotValid();
  }),
  http.post('*/api/auth/session', async ({ request }) => {
    const { refresh } = (await request.json()) as { refresh: string };
    return refresh ? HttpResponse.json(mockSession()) : tokenNotValid();
  }),
];
