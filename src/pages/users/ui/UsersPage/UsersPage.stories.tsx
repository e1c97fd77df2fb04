import type { Meta, StoryObj } from '@storybook/react';
import { DEMO_USERS } from '@timberlog/contract/demo-data';
import { http, HttpResponse } from 'msw';
import { Route, Routes } from 'react-router-dom';
import { expect, userEvent, waitFor, within } from 'storybook/test';

import { initialSessionState } from '@/entities/session';
import { mockUser, userHandlers } from '@/entities/user/index.mocks';

import { UsersPage } from './UsersPage';

/** Signed in as a demo account: the mocks read the caller from the mock token. */
const signedInAs = (email: string) => ({
  preloadedState: { session: { ...initialSessionState, accessToken: `mock-access-token:${email}`, sessionInitialized: true } },
});

const meta = {
  title: 'pages/users/UsersPage',
  component: UsersPage,
  parameters: { layout: 'fullscreen', router: { initialPath: '/users' }, store: signedInAs(DEMO_USERS.staff.email) },
  render: () => (
    <Routes>
      <Route path="/users" element={<UsersPage />} />
      <Route path="/users/:email" element={<p>The user page</p>} />
      <Route path="/users/new" element={<p>The new user page</p>} />
    </Routes>
  ),
} satisfies Meta<typeof UsersPage>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Staff see every account, the filters and the staff actions. */
export const Staff: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText(DEMO_USERS.user.email)).toBeInTheDocument();
    await expect(canvas.getByText(DEMO_USERS.inactive.email)).toBeInTheDocument();
    await expect(canvas.getByRole('link', { name: 'New user' })).toBeInTheDocument();
    await expect(canvas.getByRole('button', { name: 'Awaiting activation' })).toBeInTheDocument();
    await expect(canvas.getByRole('region', { name: 'Filters' })).toBeInTheDocument();
  },
};

/** Item 9: the role and active filters speak the list's words (Staff / Ordinary, Active / Inactive), not true and false. */
export const RoleFilter: Story = {
  parameters: { router: { initialPath: '/users?isStaffIn=false&isActive=true' } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText(DEMO_USERS.user.email)).toBeInTheDocument();
    const filters = canvas.getByRole('region', { name: 'Filters' });
    await expect(filters).toHaveTextContent('Role: Ordinary');
    await expect(filters).toHaveTextContent('Active: Active');
    await expect(filters).not.toHaveTextContent(/true|false/);
    await expect(within(filters).getByLabelText('Active')).toHaveDisplayValue('Active');
  },
};

/** The saved view: sign-ups waiting for staff. */
export const AwaitingActivation: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(await canvas.findByRole('button', { name: 'Awaiting activation' }));
    await expect(await canvas.findByText(DEMO_USERS.inactive.email)).toBeInTheDocument();
    // The previous rows stay until the filtered list has loaded.
    await waitFor(() => expect(canvas.queryByText(DEMO_USERS.user.email)).not.toBeInTheDocument());
    await expect(canvas.getByRole('button', { name: 'Awaiting activation' })).toHaveAttribute('aria-pressed', 'true');
  },
};

const signUp = mockUser({ email: 'uus.kasutaja@example.com', name: 'Uus Kasutaja', isActive: false, emailVerified: true });

/** Item 14: staff activate a confirmed sign-up from its row; it stays in the view, saying it is active. */
export const ActivateInPlace: Story = {
  parameters: {
    router: { initialPath: '/users?isActive=false' },
    msw: {
      handlers: {
        user: [
          http.get('*/api/user/me', () => HttpResponse.json(mockUser({ email: DEMO_USERS.staff.email, isStaff: true }))),
          http.get('*/api/user/', () => HttpResponse.json({ count: 1, next: null, previous: null, results: [signUp] })),
          http.patch('*/api/user/:email/', () => HttpResponse.json({ ...signUp, isActive: true })),
        ],
      },
    },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(await canvas.findByRole('button', { name: 'Activate uus.kasutaja@example.com' }));
    await expect(await canvas.findByText('Activated')).toBeVisible();
    await expect(canvas.getByText('uus.kasutaja@example.com')).toBeInTheDocument();
  },
};

/** An ordinary user: only their own row, no filters, no staff actions. */
export const OrdinaryUser: Story = {
  parameters: { store: signedInAs(DEMO_USERS.user.email) },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText(DEMO_USERS.user.email)).toBeInTheDocument();
    await expect(canvas.queryByText(DEMO_USERS.staff.email)).not.toBeInTheDocument();
    await expect(canvas.queryByRole('link', { name: 'New user' })).not.toBeInTheDocument();
    await expect(canvas.queryByRole('button', { name: 'Awaiting activation' })).not.toBeInTheDocument();
  },
};

export const Empty: Story = {
  parameters: {
    msw: {
      handlers: {
        user: [http.get('*/api/user/', () => HttpResponse.json({ count: 0, next: null, previous: null, results: [] })), ...userHandlers],
      },
    },
  },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByText('No users match these filters.')).toBeInTheDocument();
  },
};

export const Estonian: Story = { globals: { locale: 'et' } };
export const Dark: Story = { globals: { theme: 'dark' } };
