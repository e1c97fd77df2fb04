import { screen, within } from '@testing-library/react';

import { AppErrorBoundary, ConfigErrorScreen } from '@/app/providers';
import { AppRoutes } from '@/app/router';
import { makeStore } from '@/app/store';
import { selectLocale, selectThemePreference } from '@/entities/preferences';
import { initialSessionState } from '@/entities/session';

import { renderWithProviders } from './render';

// Every route but /auth/* needs a session (the guard is tested in app/router).
const signedIn = () => makeStore({ session: { ...initialSessionState, accessToken: 'access', sessionInitialized: true } });

const renderApp = (path = '/', store = signedIn()) => renderWithProviders(<AppRoutes />, { path, store });

describe('the app shell', () => {
  it('shows the top bar and the home page under it', async () => {
    renderApp('/');
    const banner = screen.getByRole('banner');
    expect(within(banner).getByRole('link', { name: 'Timberlog' })).toHaveAttribute('href', '/');
    expect(await screen.findByRole('heading', { level: 1, name: 'Overview' })).toBeInTheDocument();
    expect(screen.getByRole('main')).toContainElement(screen.getByRole('heading', { level: 1 }));
  });

  it.each([
    ['/waybills', 'Waybills'],
    ['/worklogs', 'Worklogs'],
    ['/invoices', 'Invoices'],
    ['/users', 'Users'],
    ['/auth/login', 'Sign in'],
    ['/nowhere', 'Page not found'],
  ])('routes %s to its page', async (path, heading) => {
    renderApp(path, path.startsWith('/auth/') ? makeStore() : signedIn());
    expect(await screen.findByRole('heading', { level: 1, name: heading })).toBeInTheDocument();
  });

  it('navigates with the top bar links and marks the current one', async () => {
    const { user } = renderApp('/');
    await user.click(screen.getByRole('link', { name: 'Invoices' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Invoices' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Invoices' })).toHaveAttribute('aria-current', 'page');
  });

  it('switches the theme and remembers the choice in the store', async () => {
    const { store, user } = renderApp('/');
    expect(selectThemePreference(store.getState())).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Switch to dark theme' }));
    expect(selectThemePreference(store.getState())).toBe('dark');
    expect(document.documentElement.dataset.theme).toBe('dark');
    await user.click(screen.getByRole('button', { name: 'Switch to light theme' }));
    expect(document.documentElement.dataset.theme).toBe('light');
  });

  it('records the chosen language from the language menu', async () => {
    const { store, user } = renderApp('/');
    await user.click(await screen.findByRole('button', { name: 'Language: English' }));
    await user.click(await screen.findByRole('menuitemradio', { name: 'Eesti' }));
    expect(selectLocale(store.getState())).toBe('et');
  });
});

describe('failures', () => {
  it('names each missing or invalid setting instead of showing a blank page', () => {
    renderWithProviders(
      <ConfigErrorScreen
        problems={[
          { name: 'APP_PUBLIC_JWT_PUBLIC_KEY', reason: 'missing' },
          { name: 'APP_PUBLIC_BACKEND_URL', reason: 'invalid' },
        ]}
      />,
    );
    expect(screen.getByRole('heading', { name: 'The app is not configured' })).toBeInTheDocument();
    expect(screen.getByText('The setting APP_PUBLIC_JWT_PUBLIC_KEY is missing.')).toBeInTheDocument();
    expect(screen.getByText('The setting APP_PUBLIC_BACKEND_URL is not valid.')).toBeInTheDocument();
  });

  it('shows a translated message when a screen throws', () => {
    const Broken = () => {
      throw new Error('broken screen');
    };
    const consoleError = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    renderWithProviders(
      <AppErrorBoundary>
        <Broken />
      </AppErrorBoundary>,
      { preloadedState: { preferences: { locale: 'et', theme: null } }, locale: 'et' },
    );
    expect(screen.getByRole('alert')).toHaveTextContent('Seda vaadet ei õnnestunud kuvada');
    expect(screen.getByRole('button', { name: 'Laadi leht uuesti' })).toBeInTheDocument();
    consoleError.mockRestore();
  });
});
