import type { Meta, StoryObj } from '@storybook/react';
import { http, HttpResponse } from 'msw';
import { expect, userEvent, within } from 'storybook/test';

import { initialSessionState } from '@/entities/session';
import { meHandler, mockUser } from '@/entities/user/index.mocks';

import { AccountPage } from './AccountPage';

const signedIn = { preloadedState: { session: { ...initialSessionState, accessToken: 'access', sessionInitialized: true } } };

const meta = {
  title: 'pages/account/AccountPage',
  component: AccountPage,
  parameters: { layout: 'fullscreen', router: { initialPath: '/account' }, store: signedIn },
} satisfies Meta<typeof AccountPage>;

export default meta;
type Story = StoryObj<typeof meta>;

const failingPatch = (status: number) => ({
  msw: {
    handlers: {
      user: [meHandler(mockUser()), http.patch('*/api/user/me', () => HttpResponse.json({}, { status }))],
    },
  },
});

const rename = async (canvasElement: HTMLElement, name: string) => {
  const canvas = within(canvasElement);
  const field = await canvas.findByLabelText('Name');
  await userEvent.clear(field);
  if (name) await userEvent.type(field, name);
  await userEvent.click(canvas.getByRole('button', { name: 'Save name' }));
  return canvas;
};

const profileAlert = (canvasElement: HTMLElement) =>
  within(within(canvasElement).getByRole('form', { name: 'Profile' })).findByRole('alert');

export const Empty: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    // The mocks' signed-in user: the demo data's ordinary account.
    await expect(await canvas.findByLabelText('Name')).toHaveValue('Tarmo Tamm');
    await expect(canvas.getByLabelText('Email')).toHaveValue('user@timberlog.ee');
    await expect(canvas.getByLabelText('New password')).toHaveValue('');
  },
};

export const Invalid: Story = {
  play: async ({ canvasElement }) => {
    const canvas = await rename(canvasElement, '');
    await expect(await canvas.findByText('Enter your name.')).toBeInTheDocument();
    await userEvent.type(canvas.getByLabelText('New password'), 'user@timberlog.ee');
    await userEvent.type(canvas.getByLabelText('Repeat the new password'), 'user@timberlog.ee');
    await userEvent.click(canvas.getByRole('button', { name: 'Change password' }));
    await expect(await canvas.findByText('The password cannot be your email address.')).toBeInTheDocument();
  },
};

export const ServerError: Story = {
  parameters: failingPatch(500),
  play: async ({ canvasElement }) => {
    const canvas = await rename(canvasElement, 'Mari Kask');
    await expect(await profileAlert(canvasElement)).toHaveTextContent('Something went wrong (error 500).');
    await expect(canvas.getByLabelText('Name')).toHaveValue('Mari Kask');
  },
};

export const RateLimited: Story = {
  parameters: failingPatch(429),
  play: async ({ canvasElement }) => {
    await rename(canvasElement, 'Mari Kask');
    await expect(await profileAlert(canvasElement)).toHaveTextContent('Too many requests.');
  },
};

export const Success: Story = {
  play: async ({ canvasElement }) => {
    const canvas = await rename(canvasElement, 'Mari Kask');
    await expect(await canvas.findByText('Your name has been saved.')).toBeInTheDocument();
    await userEvent.type(canvas.getByLabelText('Current password'), 'Palgivedu-2026');
    await userEvent.type(canvas.getByLabelText('New password'), 'Uus-parool-2026');
    await userEvent.type(canvas.getByLabelText('Repeat the new password'), 'Uus-parool-2026');
    await userEvent.click(canvas.getByRole('button', { name: 'Change password' }));
    await expect(await canvas.findByText('Your password has been changed.')).toBeInTheDocument();
  },
};

export const Estonian: Story = {
  globals: { locale: 'et' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('heading', { level: 1, name: 'Konto' })).toBeInTheDocument();
    await expect(await canvas.findByRole('button', { name: 'Muuda parooli' })).toBeInTheDocument();
  },
};

export const Dark: Story = {
  globals: { theme: 'dark' },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByLabelText('Name')).toBeInTheDocument();
  },
};
