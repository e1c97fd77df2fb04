import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';

import { MOCK_CREDENTIALS } from '@/entities/auth/index.mocks';
import { initialSessionState } from '@/entities/session';
import { i18n } from '@/shared/i18n';

import { AppProviders } from '../providers';
import { makeStore } from '../store';

import { AppRoutes } from './routes';

const renderAt = (path: string, store = makeStore()) => {
  render(
    <AppProviders store={store} i18n={i18n}>
      <MemoryRouter initialEntries={[path]}>
        <AppRoutes />
      </MemoryRouter>
    </AppProviders>,
  );
  return store;
};

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
    const store = renderAt('/invoices');
    await userEvent.type(await screen.findByLabelText('Email'), MOCK_CREDENTIALS.email);
    await userEvent.type(screen.getByLabelText('Password'), MOCK_CREDENTIALS.password);
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Invoices' })).toBeInTheDocument();
    expect(store.getState().session).toMatchObject({ accessToken: 'mock-access-token', refreshToken: 'mock-refresh-token' });
  });

  it('sign-out clears the session and goes to sign-in', async () => {
    const store = renderAt(
      '/waybills',
      makeStore({ session: { ...initialSessionState, accessToken: 'access', sessionInitialized: true } }),
    );
    expect(await screen.findByRole('heading', { level: 1, name: 'Waybills' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Sign out' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Sign in' }, { timeout: 5000 })).toBeInTheDocument();
    expect(store.getState().session.accessToken).toBeNull();
  });
});
