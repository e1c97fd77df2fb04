import type { Meta, StoryObj } from '@storybook/react';
import { http, HttpResponse } from 'msw';
import { expect, userEvent, within } from 'storybook/test';
import { translate } from '@timberlog/contract';
import { DEMO_USERS } from '@timberlog/contract/demo-data';

import { SignUpPage } from './SignUpPage';

const meta = {
  title: 'pages/auth-signup/SignUpPage',
  component: SignUpPage,
  parameters: { layout: 'fullscreen', router: { initialPath: '/auth/signup' } },
} satisfies Meta<typeof SignUpPage>;

export default meta;
type Story = StoryObj<typeof meta>;

const submit = async (canvasElement: HTMLElement, values: { name: string; email: string; password: string }) => {
  const canvas = within(canvasElement);
  await userEvent.type(canvas.getByLabelText('Name'), values.name);
  await userEvent.type(canvas.getByLabelText('Email'), values.email);
  await userEvent.type(canvas.getByLabelText('Password'), values.password);
  await userEvent.click(canvas.getByRole('button', { name: 'Create account' }));
  return canvas;
};

const formAlert = (canvasElement: HTMLElement) =>
  within(within(canvasElement).getByRole('form', { name: 'Create an account' })).findByRole('alert');

const newUser = { name: 'Liis Lepik', email: 'liis.lepik@example.com', password: 'Kuusk-ja-Mand-7' };

export const Empty: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('heading', { level: 1, name: 'Create an account' })).toBeInTheDocument();
    await expect(canvas.getByLabelText('Password')).toHaveAttribute('autocomplete', 'new-password');
    await expect(canvas.getByLabelText('Email')).toHaveAttribute('autocomplete', 'email');
    await expect(canvas.getByRole('link', { name: /Sign in/ })).toHaveAttribute('href', '/auth/login');
  },
};

export const Invalid: Story = {
  play: async ({ canvasElement }) => {
    const canvas = await submit(canvasElement, { name: 'Liis', email: 'liis@example.com', password: '123456789' });
    await expect(await canvas.findByText('Use at least 10 characters.')).toBeInTheDocument();
    await userEvent.type(canvas.getByLabelText('Password'), '01');
    await userEvent.tab();
    await expect(await canvas.findByText('The password cannot be only digits.')).toBeInTheDocument();
    await userEvent.clear(canvas.getByLabelText('Password'));
    await userEvent.type(canvas.getByLabelText('Password'), 'liis@example.com');
    await userEvent.tab();
    await expect(await canvas.findByText('The password cannot be your email address.')).toBeInTheDocument();
  },
};

/** An address that already has an account: the mocks answer as the server does (400 on the email field, in the catalogue's words). */
export const ServerError: Story = {
  play: async ({ canvasElement }) => {
    const taken = { ...newUser, email: DEMO_USERS.user.email };
    const canvas = await submit(canvasElement, taken);
    // The field's own message on the field, and what was typed kept.
    await expect(await canvas.findByText(translate('en', 'user.emailTaken'))).toBeInTheDocument();
    await expect(canvas.getByLabelText('Email')).toHaveAttribute('aria-invalid', 'true');
    await expect(canvas.getByLabelText('Name')).toHaveValue(taken.name);
    await expect(canvas.getByLabelText('Password')).toHaveValue(taken.password);
  },
};

export const RateLimited: Story = {
  parameters: {
    msw: { handlers: { user: [http.post('*/api/user/signup', () => HttpResponse.json({}, { status: 429 }))] } },
  },
  play: async ({ canvasElement }) => {
    await submit(canvasElement, newUser);
    await expect(await formAlert(canvasElement)).toHaveTextContent('Too many requests. Please wait a moment and try again.');
  },
};

export const Success: Story = {
  play: async ({ canvasElement }) => {
    const canvas = await submit(canvasElement, newUser);
    await expect(await canvas.findByRole('status')).toHaveTextContent('The account liis.lepik@example.com awaits activation by staff.');
  },
};

export const Estonian: Story = {
  globals: { locale: 'et' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('heading', { level: 1, name: 'Loo konto' })).toBeInTheDocument();
    await expect(canvas.getByLabelText('E-post')).toBeInTheDocument();
  },
};

export const Dark: Story = { globals: { theme: 'dark' } };
