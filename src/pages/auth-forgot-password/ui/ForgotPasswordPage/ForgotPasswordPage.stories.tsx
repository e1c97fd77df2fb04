import type { Meta, StoryObj } from '@storybook/react';
import { http, HttpResponse } from 'msw';
import { expect, userEvent, within } from 'storybook/test';

import { ForgotPasswordPage } from './ForgotPasswordPage';

const meta = {
  title: 'pages/auth-forgot-password/ForgotPasswordPage',
  component: ForgotPasswordPage,
  parameters: { layout: 'fullscreen', router: { initialPath: '/auth/forgot-password' } },
} satisfies Meta<typeof ForgotPasswordPage>;

export default meta;
type Story = StoryObj<typeof meta>;

const NEUTRAL = 'If an account exists for that address, we have sent it a link to set a new password.';

const send = async (canvasElement: HTMLElement, email: string) => {
  const canvas = within(canvasElement);
  await userEvent.type(canvas.getByLabelText('Email'), email);
  await userEvent.click(canvas.getByRole('button', { name: 'Send link' }));
  return canvas;
};

export const Empty: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('heading', { level: 1, name: 'Forgot password' })).toBeInTheDocument();
    await expect(canvas.getByRole('link', { name: 'Back to sign in' })).toHaveAttribute('href', '/auth/login');
  },
};

export const Invalid: Story = {
  play: async ({ canvasElement }) => {
    const canvas = await send(canvasElement, 'mari@');
    await expect(await canvas.findByText('Enter a valid email address, e.g. name@example.com.')).toBeInTheDocument();
  },
};

export const ServerError: Story = {
  parameters: {
    msw: { handlers: { user: [http.post('*/api/user/forgot_password', () => new HttpResponse('Bad gateway', { status: 502 }))] } },
  },
  play: async ({ canvasElement }) => {
    const canvas = await send(canvasElement, 'mari.maasikas@example.com');
    const form = canvas.getByRole('form', { name: 'Forgot password' });
    await expect(await within(form).findByRole('alert')).toHaveTextContent('Something went wrong (error 502).');
    await expect(canvas.getByLabelText('Email')).toHaveValue('mari.maasikas@example.com');
  },
};

export const RateLimited: Story = {
  parameters: {
    msw: {
      handlers: { user: [http.post('*/api/user/forgot_password', () => HttpResponse.json({}, { status: 429 }))] },
    },
  },
  play: async ({ canvasElement }) => {
    const canvas = await send(canvasElement, 'mari.maasikas@example.com');
    const form = canvas.getByRole('form', { name: 'Forgot password' });
    await expect(await within(form).findByRole('alert')).toHaveTextContent('Too many requests.');
  },
};

/** The same confirmation for a known and an unknown address: the screen never tells which exist. */
export const Success: Story = {
  play: async ({ canvasElement }) => {
    const canvas = await send(canvasElement, 'nobody@example.com');
    await expect(await canvas.findByRole('status')).toHaveTextContent(NEUTRAL);
  },
};

export const Estonian: Story = {
  globals: { locale: 'et' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('button', { name: 'Saada link' })).toBeInTheDocument();
  },
};

export const Dark: Story = { globals: { theme: 'dark' } };
