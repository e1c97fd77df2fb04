import type { Meta, StoryObj } from '@storybook/react';
import { DEMO_USERS } from '@timberlog/contract/demo-data';
import { http, HttpResponse } from 'msw';
import { Route, Routes } from 'react-router-dom';
import { expect, userEvent, within } from 'storybook/test';

import { initialSessionState } from '@/entities/session';
import { userHandlers } from '@/entities/user/index.mocks';
import { mockDb } from '@/shared/mock-db';

import { UserDetailPage } from './UserDetailPage';

const signedInAs = (email: string) => ({
  preloadedState: { session: { ...initialSessionState, accessToken: `mock-access-token:${email}`, sessionInitialized: true } },
});
const pathOf = (email: string) => `/users/${encodeURIComponent(email)}`;

const meta = {
  title: 'pages/user-detail/UserDetailPage',
  component: UserDetailPage,
  parameters: {
    layout: 'fullscreen',
    router: { initialPath: pathOf(DEMO_USERS.inactive.email) },
    store: signedInAs(DEMO_USERS.staff.email),
  },
  render: () => (
    <Routes>
      <Route path="/users/:email" element={<UserDetailPage />} />
      <Route path="/users" element={<p>The user list</p>} />
    </Routes>
  ),
} satisfies Meta<typeof UserDetailPage>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Staff activate a sign-up with one change and a save. */
export const StaffActivates: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const active = await canvas.findByRole('checkbox', { name: 'Active (can sign in)' });
    await expect(active).not.toBeChecked();
    await expect(active).toBeEnabled();
    await userEvent.click(active);
    await userEvent.click(canvas.getByRole('button', { name: 'Save changes' }));
    await expect(await canvas.findByText('Active', { selector: 'dd *' })).toBeInTheDocument();
  },
};

/** A sign-up that has not confirmed its address: activation is disabled with the reason (the server refuses it too). */
export const UnconfirmedSignUp: Story = {
  parameters: {
    msw: {
      handlers: {
        user: [
          http.get('*/api/user/:email/', ({ params }) =>
            params.email === DEMO_USERS.inactive.email
              ? HttpResponse.json({ ...mockDb.users.find((user) => user.email === DEMO_USERS.inactive.email)!, emailVerified: false })
              : undefined,
          ),
          ...userHandlers,
        ],
      },
    },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const active = await canvas.findByRole('checkbox', { name: 'Active (can sign in)' });
    await expect(active).toBeDisabled();
    await expect(active).toHaveAccessibleDescription(/has not confirmed their email address/);
  },
};

/** One's own account: the flags and deletion are disabled, with the reason. */
export const OwnAccount: Story = {
  parameters: { router: { initialPath: pathOf(DEMO_USERS.staff.email) } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('checkbox', { name: 'Active (can sign in)' })).toBeDisabled();
    await expect(canvas.getByRole('checkbox', { name: /^Staff/ })).toBeDisabled();
    await expect(canvas.getByRole('checkbox', { name: /^Staff/ })).toHaveAccessibleDescription('You cannot change your own staff status.');
    await expect(canvas.getByRole('button', { name: 'Delete user' })).toBeDisabled();
  },
};

/** A refusal from the server still shows its message in the dialog. */
export const DeleteRefused: Story = {
  parameters: {
    msw: {
      handlers: {
        user: [
          http.delete('*/api/user/:email/', () =>
            HttpResponse.json({ nonFieldErrors: ['You cannot delete your own account.'] }, { status: 400 }),
          ),
          ...userHandlers,
        ],
      },
    },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(await canvas.findByRole('button', { name: 'Delete user' }));
    const dialog = within(await within(canvasElement.ownerDocument.body).findByRole('dialog'));
    await userEvent.click(dialog.getByRole('button', { name: 'Delete user' }));
    await expect(await dialog.findByText('You cannot delete your own account.')).toBeInTheDocument();
  },
};

/** Server field errors land on their fields; what was typed stays. */
export const ServerErrors: Story = {
  parameters: {
    msw: {
      handlers: {
        user: [
          http.patch('*/api/user/:email/', () =>
            HttpResponse.json({ name: ['Ensure this field has no more than 150 characters.'] }, { status: 400 }),
          ),
          ...userHandlers,
        ],
      },
    },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const name = await canvas.findByLabelText('Name');
    await userEvent.clear(name);
    await userEvent.type(name, 'Ülle Uus-Tamm');
    await userEvent.click(canvas.getByRole('button', { name: 'Save changes' }));
    await expect(await canvas.findByText('Ensure this field has no more than 150 characters.')).toBeInTheDocument();
    await expect(name).toHaveValue('Ülle Uus-Tamm');
  },
};

/** An ordinary user opening someone else's account. */
export const NotAllowed: Story = {
  parameters: { store: signedInAs(DEMO_USERS.user.email), router: { initialPath: pathOf(DEMO_USERS.staff.email) } },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByRole('heading', { name: 'User not found or not allowed' })).toBeInTheDocument();
  },
};

/** An ordinary user on their own page: the fields, no staff actions. */
export const OrdinaryOwn: Story = {
  parameters: { store: signedInAs(DEMO_USERS.user.email), router: { initialPath: pathOf(DEMO_USERS.user.email) } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('link', { name: 'your account page' })).toBeInTheDocument();
    await expect(canvas.queryByRole('button', { name: 'Delete user' })).not.toBeInTheDocument();
    await expect(canvas.queryByRole('checkbox')).not.toBeInTheDocument();
  },
};

export const Estonian: Story = { globals: { locale: 'et' } };
export const Dark: Story = { globals: { theme: 'dark' } };
