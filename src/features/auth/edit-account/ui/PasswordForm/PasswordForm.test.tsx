import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';

import { mockUser } from '@/entities/user/index.mocks';

import { renderWithProviders, signedInState } from '../../../../../../tests/jest/render';
import { server } from '../../../../../../tests/jest/server';

import { PasswordForm } from './PasswordForm';

const EMAIL = 'mari.maasikas@example.com';

const fill = async (user: Awaited<ReturnType<typeof renderWithProviders>>['user'], current: string, next: string) => {
  await user.type(screen.getByLabelText('Current password'), current);
  await user.type(screen.getByLabelText('New password'), next);
  await user.type(screen.getByLabelText('Repeat the new password'), next);
  await user.click(screen.getByRole('button', { name: 'Change password' }));
};

describe('PasswordForm', () => {
  it('shows a wrong current password on its field and keeps what was typed', async () => {
    server.use(
      http.patch('*/api/user/me', () => HttpResponse.json({ currentPassword: ['The current password is not right.'] }, { status: 400 })),
    );
    const { user } = renderWithProviders(<PasswordForm email={EMAIL} version={1} />, { preloadedState: await signedInState() });
    await fill(user, 'Wrong-one-2026', 'Uus-parool-2026');

    const current = screen.getByLabelText('Current password');
    await waitFor(() => expect(current).toHaveAccessibleDescription('The current password is not right.'));
    expect(within(screen.getByRole('form', { name: 'Password' })).queryByRole('alert')).toBeNull();
    expect(current).toHaveValue('Wrong-one-2026');
    expect(screen.getByLabelText('New password')).toHaveValue('Uus-parool-2026');
  });

  it('sends the current password with the new one, then signs this tab in again with the new one', async () => {
    const patches: unknown[] = [];
    const signIns: unknown[] = [];
    server.use(
      http.patch('*/api/user/me', async ({ request }) => {
        patches.push({ ifMatch: request.headers.get('if-match'), body: await request.json() });
        return HttpResponse.json(mockUser({ email: EMAIL }));
      }),
      http.post('*/api/auth/token/', async ({ request }) => {
        signIns.push(await request.json());
        return HttpResponse.json({ access: 'access-2', refresh: 'refresh-2' });
      }),
    );
    const { user } = renderWithProviders(<PasswordForm email={EMAIL} version={1} />, { preloadedState: await signedInState() });
    await fill(user, 'Palgivedu-2026', 'Uus-parool-2026');

    expect(await screen.findByRole('status')).toHaveTextContent('Your password has been changed.');
    // Over the version of the account it read.
    expect(patches).toEqual([{ ifMatch: '"1"', body: { currentPassword: 'Palgivedu-2026', password: 'Uus-parool-2026' } }]);
    expect(signIns).toEqual([{ email: EMAIL, password: 'Uus-parool-2026' }]);
    expect(screen.getByLabelText('Current password')).toHaveValue('');
  });

  it('asks for the current password before sending anything', async () => {
    const { user } = renderWithProviders(<PasswordForm email={EMAIL} version={1} />, { preloadedState: await signedInState() });
    await user.type(screen.getByLabelText('New password'), 'Uus-parool-2026');
    await user.type(screen.getByLabelText('Repeat the new password'), 'Uus-parool-2026');
    await user.click(screen.getByRole('button', { name: 'Change password' }));
    expect(await screen.findByText('Enter your current password.')).toBeInTheDocument();
  });
});
