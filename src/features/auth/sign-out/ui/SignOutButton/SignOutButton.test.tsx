import { screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';

import { renderWithProviders, signedInState } from '../../../../../../tests/jest/render';
import { server } from '../../../../../../tests/jest/server';

import { SignOutButton } from './SignOutButton';

describe('SignOutButton', () => {
  it('signs out at once and asks the server to revoke this session’s refresh token', async () => {
    const revoked: unknown[] = [];
    server.use(
      http.post('*/api/auth/logout', async ({ request }) => {
        revoked.push(await request.json());
        return HttpResponse.json({ status: 'OK' });
      }),
    );
    const { store, user } = renderWithProviders(<SignOutButton />, { path: '/waybills', preloadedState: await signedInState() });

    await user.click(screen.getByRole('button', { name: 'Sign out' }));

    expect(store.getState().session).toMatchObject({ accessToken: null, refreshToken: null });
    await waitFor(() => expect(revoked).toEqual([{ refresh: 'refresh-1' }]));
  });
});
