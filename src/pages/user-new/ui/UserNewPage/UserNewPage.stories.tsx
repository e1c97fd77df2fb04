import type { Meta, StoryObj } from '@storybook/react';
import { DEMO_USERS } from '@timberlog/contract/demo-data';
import { Route, Routes } from 'react-router-dom';
import { translate } from '@timberlog/contract';
import { expect, userEvent, within } from 'storybook/test';

import { initialSessionState } from '@/entities/session';

import { UserNewPage } from './UserNewPage';

const signedInAs = (email: string) => ({
  preloadedState: { session: { ...initialSessionState, accessToken: `mock-access-token:${email}`, sessionInitialized: true } },
});

const meta = {
  title: 'pages/user-new/UserNewPage',
  component: UserNewPage,
  parameters: { layout: 'fullscreen', router: { initialPath: '/users/new' }, store: signedInAs(DEMO_USERS.staff.email) },
  render: () => (
    <Routes>
      <Route path="/users/new" element={<UserNewPage />} />
      <Route path="/users/:email" element={<p>The user page</p>} />
      <Route path="/users" element={<p>The user list</p>} />
    </Routes>
  ),
} satisfies Meta<typeof UserNewPage>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Staff: Story = {
  play: async ({ canvasElement }) => {
    const form = within(await within(canvasElement).findByRole('form', { name: 'New user' }));
    await userEvent.click(form.getByRole('button', { name: 'Create user' }));
    await expect(await form.findByText('Enter your email address.', { exact: false })).toBeInTheDocument();
  },
};

/** The server refuses a taken email; the typed values stay. */
export const ServerErrors: Story = {
  play: async ({ canvasElement }) => {
    const form = within(await within(canvasElement).findByRole('form', { name: 'New user' }));
    await userEvent.type(form.getByLabelText('Email'), DEMO_USERS.user.email);
    await userEvent.type(form.getByLabelText('Name'), 'Someone Else');
    await userEvent.type(form.getByLabelText('Password'), 'Kuusk-ja-Mänd-77');
    await userEvent.click(form.getByRole('button', { name: 'Create user' }));
    // The mocks' answer in the server's catalogue words.
    await expect(await form.findByText(translate('en', 'user.emailTaken'))).toBeInTheDocument();
    await expect(form.getByLabelText('Name')).toHaveValue('Someone Else');
  },
};

export const StaffOnly: Story = {
  parameters: { store: signedInAs(DEMO_USERS.user.email) },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('heading', { name: 'Staff only' })).toBeInTheDocument();
    await expect(canvas.queryByRole('form')).not.toBeInTheDocument();
  },
};

export const Estonian: Story = { globals: { locale: 'et' } };
export const Dark: Story = { globals: { theme: 'dark' } };
