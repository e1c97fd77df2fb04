import type { Meta, StoryObj } from '@storybook/react';
import { http, HttpResponse } from 'msw';
import { expect, userEvent, within } from 'storybook/test';

import { MOCK_RESET_TOKEN } from '@/entities/user/index.mocks';

import { ResetPasswordPage } from './ResetPasswordPage';

const withToken = (token: string) => ({ layout: 'fullscreen', router: { initialPath: `/auth/reset-password?token=${token}` } });

const meta = {
  title: 'pages/auth-reset-password/ResetPasswordPage',
  component: ResetPasswordPage,
  parameters: withToken(MOCK_RESET_TOKEN),
} satisfies Meta<typeof ResetPasswordPage>;

export default meta;
type Story = StoryObj<typeof meta>;

const choose = async (canvasElement: HTMLElement, password: string, confirm = password) => {
  const canvas = within(canvasElement);
  await userEvent.type(canvas.getByLabelText('New password'), password);
  await userEvent.type(canvas.getByLabelText('Repeat the new password'), confirm);
  await userEvent.click(canvas.getByRole('button', { name: 'Save new password' }));
  return canvas;
};

const formAlert = (canvasElement: HTMLElement) =>
  within(within(canvasElement).getByRole('form', { name: 'Set a new password' })).findByRole('alert');

export const Empty: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('heading', { level: 1, name: 'Set a new password' })).toBeInTheDocument();
    await expect(canvas.getByLabelText('New password')).toHaveAttribute('autocomplete', 'new-password');
  },
};

export const Invalid: Story = {
  play: async ({ canvasElement }) => {
    const canvas = await choose(canvasElement, 'short', 'other');
    await expect(await canvas.findByText('Use at least 10 characters.')).toBeInTheDocument();
    await expect(canvas.getByText('The passwords do not match.')).toBeInTheDocument();
  },
};

/** A used or expired link: the server's message about the token (no field of its own) at the top. */
export const ServerError: Story = {
  parameters: withToken('expired-token'),
  play: async ({ canvasElement }) => {
    const canvas = await choose(canvasElement, 'Uus-parool-2026');
    await expect(await formAlert(canvasElement)).toHaveTextContent('This link is invalid, already used or expired. Ask for a new one.');
    await expect(canvas.getByLabelText('New password')).toHaveValue('Uus-parool-2026');
  },
};

export const RateLimited: Story = {
  parameters: {
    msw: {
      handlers: { user: [http.post('*/api/user/forgot_password/token', () => HttpResponse.json({}, { status: 429 }))] },
    },
  },
  play: async ({ canvasElement }) => {
    await choose(canvasElement, 'Uus-parool-2026');
    await expect(await formAlert(canvasElement)).toHaveTextContent('Too many requests.');
  },
};

export const Success: Story = {
  play: async ({ canvasElement }) => {
    const canvas = await choose(canvasElement, 'Uus-parool-2026');
    await expect(await canvas.findByRole('status')).toHaveTextContent('Your password has been changed.');
    await expect(canvas.getByRole('link', { name: 'Sign in now' })).toHaveAttribute('href', '/auth/login');
  },
};

export const MissingToken: Story = {
  parameters: { layout: 'fullscreen', router: { initialPath: '/auth/reset-password' } },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByRole('alert')).toHaveTextContent('This link is incomplete.');
  },
};

export const Estonian: Story = {
  globals: { locale: 'et' },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('heading', { level: 1, name: 'Määra uus parool' })).toBeInTheDocument();
  },
};

export const Dark: Story = { globals: { theme: 'dark' } };
