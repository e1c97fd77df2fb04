import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { BrowserRouter } from 'react-router-dom';

import { AppProviders } from '@/app/providers';

import { AppRoutes } from '@/app/router';
import { makeStore } from '@/app/store';
import { selectLocale } from '@/entities/preferences';
import { initialSessionState } from '@/entities/session';
import { i18n } from '@/shared/i18n';
import { installPopStateGuard } from '@/shared/lib';

import { renderWithProviders } from './render';

const signedIn = () => makeStore({ session: { ...initialSessionState, accessToken: 'access', sessionInitialized: true } });

// Waits for what the app shows, long enough for a loaded two-core machine (the whole app, its
// lazy pages and the mocks render in jsdom); each test waits longer than all of them together.
const WAIT_MS = 10_000;
jest.setTimeout(45_000);

/** The new waybill form with one field typed in. */
async function halfFilledWaybill() {
  const rendered = renderWithProviders(<AppRoutes />, { path: '/waybills/new', store: signedIn() });
  const driver = await screen.findByLabelText('Driver', {}, { timeout: WAIT_MS });
  await rendered.user.type(driver, 'Mati Maasikas');
  return { ...rendered, driver };
}

const question = () => screen.findByRole('dialog', { name: 'Leave without saving?' }, { timeout: WAIT_MS });

describe('item 3: a form with changes asks before leaving by any route', () => {
  it('a top-bar link asks; Stay keeps the typed values, Leave goes', async () => {
    const { user } = await halfFilledWaybill();
    await user.click(screen.getByRole('link', { name: 'Worklogs' }));
    const dialog = await question();
    await user.click(screen.getByRole('button', { name: 'Stay' }));
    await waitFor(() => expect(dialog).not.toBeInTheDocument());
    expect(screen.getByLabelText('Driver')).toHaveValue('Mati Maasikas');

    await user.click(screen.getByRole('link', { name: 'Worklogs' }));
    await question();
    await user.click(screen.getByRole('button', { name: 'Leave' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Worklogs' })).toBeInTheDocument();
  });

  it('the language switch asks before the page reloads in the other language', async () => {
    const { user, store } = await halfFilledWaybill();
    await user.click(screen.getByRole('button', { name: 'Language: English' }));
    await user.click(await screen.findByRole('menuitemradio', { name: 'Eesti' }));
    await question();
    await user.click(screen.getByRole('button', { name: 'Stay' }));
    expect(selectLocale(store.getState())).toBe('en');

    await user.click(screen.getByRole('button', { name: 'Language: English' }));
    await user.click(await screen.findByRole('menuitemradio', { name: 'Eesti' }));
    await question();
    await user.click(screen.getByRole('button', { name: 'Leave' }));
    await waitFor(() => expect(selectLocale(store.getState())).toBe('et'));
  });

  it('sign-out asks first, and Stay keeps the session', async () => {
    const { user, store } = await halfFilledWaybill();
    await user.click(screen.getByRole('button', { name: 'Sign out' }));
    await question();
    await user.click(screen.getByRole('button', { name: 'Stay' }));
    expect(store.getState().session.accessToken).toBe('access');
  });

  it('the browser asks on reload or tab close', async () => {
    await halfFilledWaybill();
    await waitFor(() => {
      const event = new Event('beforeunload', { cancelable: true });
      window.dispatchEvent(event);
      expect(event.defaultPrevented).toBe(true);
    });
  });

  it('an unchanged form leaves without a question', async () => {
    const { user } = renderWithProviders(<AppRoutes />, { path: '/waybills/new', store: signedIn() });
    await screen.findByLabelText('Driver', {}, { timeout: WAIT_MS });
    await user.click(screen.getByRole('link', { name: 'Worklogs' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Worklogs' })).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('Back asks too (the browser history the app uses), and Stay keeps the form and its place', async () => {
    // As the app does before its router mounts.
    installPopStateGuard();
    window.history.replaceState(null, '', '/worklogs');
    const user = userEvent.setup();
    render(
      <AppProviders store={signedIn()} i18n={i18n}>
        <BrowserRouter>
          <AppRoutes />
        </BrowserRouter>
      </AppProviders>,
    );
    await screen.findByRole('heading', { level: 1, name: 'Worklogs' }, { timeout: WAIT_MS });
    await user.click(screen.getByRole('link', { name: 'Waybills' }));
    await user.click(await screen.findByRole('link', { name: 'New waybill' }, { timeout: WAIT_MS }));
    await user.type(await screen.findByLabelText('Driver', {}, { timeout: WAIT_MS }), 'Mati Maasikas');

    window.history.back();
    await question();
    // The page went back to where it was while it asks.
    await waitFor(() => expect(window.location.pathname).toBe('/waybills/new'), { timeout: WAIT_MS });
    await user.click(screen.getByRole('button', { name: 'Stay' }));
    expect(screen.getByLabelText('Driver')).toHaveValue('Mati Maasikas');

    window.history.back();
    await question();
    await user.click(screen.getByRole('button', { name: 'Leave' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Waybills' })).toBeInTheDocument();
    await waitFor(() => expect(window.location.pathname).toBe('/waybills'), { timeout: WAIT_MS });
  });
});
