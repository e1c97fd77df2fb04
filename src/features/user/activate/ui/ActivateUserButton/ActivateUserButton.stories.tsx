import type { Meta, StoryObj } from '@storybook/react';
import { http, HttpResponse } from 'msw';
import { expect, userEvent, within } from 'storybook/test';

import { initialSessionState } from '@/entities/session';
import { mockUser } from '@/entities/user/index.mocks';

import { ActivateUserButton } from './ActivateUserButton';

const signedIn = { preloadedState: { session: { ...initialSessionState, accessToken: 'access', sessionInitialized: true } } };
const signUp = mockUser({ email: 'uus.kasutaja@example.com', name: 'Uus Kasutaja', isActive: false, emailVerified: true });

const meta = {
  title: 'features/user/activate/ActivateUserButton',
  component: ActivateUserButton,
  args: { user: signUp },
  parameters: {
    store: signedIn,
    msw: {
      handlers: {
        user: [
          http.patch('*/api/user/:email/', async ({ request }) => HttpResponse.json({ ...signUp, ...((await request.json()) as object) })),
        ],
      },
    },
  },
} satisfies Meta<typeof ActivateUserButton>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {};

/** Item 14: a sign-up activated from its row, the result in place. */
export const Activated: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Activate uus.kasutaja@example.com' }));
    await expect(await canvas.findByRole('status')).toHaveTextContent('Activated');
  },
};

/** The server refuses: its words beside the button, which stays for another try. */
export const Refused: Story = {
  parameters: {
    msw: {
      handlers: {
        user: [
          http.patch('*/api/user/:email/', () =>
            HttpResponse.json({ isActive: ['The address has not been confirmed yet.'] }, { status: 400 }),
          ),
        ],
      },
    },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Activate uus.kasutaja@example.com' }));
    await expect(await canvas.findByRole('alert')).toHaveTextContent('The address has not been confirmed yet.');
    await expect(canvas.getByRole('button', { name: 'Activate uus.kasutaja@example.com' })).toBeEnabled();
  },
};

export const Estonian: Story = { globals: { locale: 'et' } };

export const Dark: Story = { globals: { theme: 'dark' } };
