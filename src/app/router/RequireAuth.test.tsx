import { screen } from '@testing-library/react';

import { MOCK_CREDENTIALS } from '@/entities/auth/index.mocks';
import { initialSessionState } from '@/entities/session';

import { renderWithProviders } from '../../../tests/jest/render';
import { makeStore } from '../store';

import { AppRoutes } from './routes';

const renderAt = (path: string, store = makeStore()) => renderWithProviders(<AppRoutes />, { path, store });

describe('the route guard', () => {
  it.each(['/', '/waybills', '/account', '/no-such-page'])('sends a visitor from %s to sign-in', async (path) => {
    renderAt(path);
    expect(await screen.findByRole('heading', { level: 1, name: 'Sign in' }, { timeout: 5000 })).toBeInTheDocument();
  });

  it.each([
    ['/auth/signup', 'Create an account'],
    ['/auth/forgot-password', 'Forgot password'],
    ['/auth/reset-password?token=abc', 'Set a new password'],
  ])('lets a visitor open %s', async (path, heading) => {
    renderAt(path);
    expect(await screen.findByRole('heading', { level: 1, name: heading }, { timeout: 5000 })).toBeInTheDocument();
  });

  it('brings the visitor back where they were going after signing in', async () => {
    const { store, user } = renderAt('/invoices');
    await user.type(await screen.findByLabelText('Email'), MOCK_CREDENTIALS.email);
    await user.type(screen.getByLabelText('Password'), MOCK_CREDENTIALS.password);
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Invoices' })).toBeInTheDocument();
    expect(store.getState().session).toMatchObject({ accessToken: 'mock-access-token', refreshToken: 'mock-refresh-token' });
  });

  it('sign-out clears the session and goes to sign-in', async () => {
    const { store, user } = renderAt(
      '/waybills',
      makeStore({ session: { ...initialSessionState, accessToken: 'access', sessionInitialized: true } }),
    );
    expect(await screen.findByRole('heading', { level: 1, name: 'Waybills' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Sign out' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Sign in' }, { timeout: 5000 })).toBeInTheDocument();
    expect(store.getState().session.accessToken).toBeNull();
  });
});
