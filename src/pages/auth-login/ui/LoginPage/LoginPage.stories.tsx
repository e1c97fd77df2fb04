import type { Meta, StoryObj } from '@storybook/react';
import { Route, Routes } from 'react-router-dom';
import { expect, userEvent, within } from 'storybook/test';

import { MOCK_CREDENTIALS, obtainTokenErrorHandler } from '@/entities/auth/index.mocks';

import { LoginPage } from './LoginPage';

// The page inside the routes it moves between: after signing in it goes back where the visitor was going.
const meta = {
  title: 'pages/auth-login/LoginPage',
  component: LoginPage,
  parameters: { layout: 'fullscreen', router: { initialPath: '/auth/login' } },
  render: () => (
    <Routes>
      <Route path="/auth/login" element={<LoginPage />} />
      <Route path="*" element={<p>Signed in: the overview</p>} />
    </Routes>
  ),
} satisfies Meta<typeof LoginPage>;

export default meta;
type Story = StoryObj<typeof meta>;

const fill = async (canvasElement: HTMLElement, email: string, password: string) => {
  const canvas = within(canvasElement);
  await userEvent.type(canvas.getByLabelText('Email'), email);
  await userEvent.type(canvas.getByLabelText('Password'), password);
  await userEvent.click(canvas.getByRole('button', { name: 'Sign in' }));
  // The form's own message; a 429 or 5xx also shows the app-wide toast.
  return { canvas, formAlert: () => within(canvas.getByRole('form', { name: 'Sign in' })).findByRole('alert') };
};

export const Empty: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('heading', { level: 1, name: 'Sign in' })).toBeInTheDocument();
    await expect(canvas.getByLabelText('Email')).toHaveAttribute('autocomplete', 'username');
    await expect(canvas.getByLabelText('Password')).toHaveAttribute('autocomplete', 'current-password');
    await expect(canvas.getByRole('link', { name: 'Create an account' })).toHaveAttribute('href', '/auth/signup');
    await expect(canvas.getByRole('link', { name: 'Forgot password?' })).toHaveAttribute('href', '/auth/forgot-password');
  },
};

/** Item 17: the wrong-password message goes with the next submit, even an empty one the field checks stop. */
export const WrongPasswordThenEmpty: Story = {
  parameters: { msw: { handlers: { auth: [obtainTokenErrorHandler(401)] } } },
  play: async ({ canvasElement }) => {
    const { canvas, formAlert } = await fill(canvasElement, 'mari.maasikas@example.com', 'Wrong-password');
    await expect(await formAlert()).toHaveTextContent('Wrong email or password');
    await userEvent.clear(canvas.getByLabelText('Email'));
    await userEvent.clear(canvas.getByLabelText('Password'));
    await userEvent.click(canvas.getByRole('button', { name: 'Sign in' }));
    await expect(await canvas.findByText('Enter a password.')).toBeInTheDocument();
    await expect(canvas.queryByText(/Wrong email or password/)).toBeNull();
  },
};

export const Invalid: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.type(canvas.getByLabelText('Email'), 'not-an-email');
    await userEvent.click(canvas.getByRole('button', { name: 'Sign in' }));
    await expect(await canvas.findByText('Enter a valid email address, e.g. name@example.com.')).toBeInTheDocument();
    await expect(canvas.getByText('Enter a password.')).toBeInTheDocument();
    await expect(canvas.getByLabelText('Email')).toHaveAttribute('aria-invalid', 'true');
  },
};

export const WrongPassword: Story = {
  parameters: { msw: { handlers: { auth: [obtainTokenErrorHandler(401)] } } },
  play: async ({ canvasElement }) => {
    const { canvas, formAlert } = await fill(canvasElement, 'mari.maasikas@example.com', 'Wrong-password');
    await expect(await formAlert()).toHaveTextContent('Wrong email or password, or the account is not active yet.');
    // What was typed stays.
    await expect(canvas.getByLabelText('Email')).toHaveValue('mari.maasikas@example.com');
    await expect(canvas.getByLabelText('Password')).toHaveValue('Wrong-password');
  },
};

export const ServerError: Story = {
  parameters: { msw: { handlers: { auth: [obtainTokenErrorHandler(500)] } } },
  play: async ({ canvasElement }) => {
    const { formAlert } = await fill(canvasElement, MOCK_CREDENTIALS.email, MOCK_CREDENTIALS.password);
    await expect(await formAlert()).toHaveTextContent('Something went wrong (error 500). Please try again.');
  },
};

export const RateLimited: Story = {
  parameters: { msw: { handlers: { auth: [obtainTokenErrorHandler(429)] } } },
  play: async ({ canvasElement }) => {
    const { formAlert } = await fill(canvasElement, MOCK_CREDENTIALS.email, MOCK_CREDENTIALS.password);
    // The server says how long to wait: its words, not the general text.
    await expect(await formAlert()).toHaveTextContent('Too many attempts. Try again in 300 seconds.');
  },
};

export const Success: Story = {
  play: async ({ canvasElement }) => {
    const { canvas } = await fill(canvasElement, MOCK_CREDENTIALS.email, MOCK_CREDENTIALS.password);
    await expect(await canvas.findByText('Signed in: the overview')).toBeInTheDocument();
  },
};

export const Estonian: Story = {
  globals: { locale: 'et' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('heading', { level: 1, name: 'Sisselogimine' })).toBeInTheDocument();
    await expect(canvas.getByLabelText('Parool')).toBeInTheDocument();
  },
};

export const Dark: Story = { globals: { theme: 'dark' } };

/** Opened from the sign-up's confirmation mail: the server confirmed the address and sent the visitor here. */
export const EmailConfirmed: Story = {
  parameters: { router: { initialPath: '/auth/login?emailVerified=1' } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('status')).toHaveTextContent(
      'Your email address is confirmed. You can sign in once staff have activated your account.',
    );
    await expect(canvas.queryByRole('alert')).not.toBeInTheDocument();
  },
};

/** Opened from a confirmation link that was bad, used or expired. */
export const ConfirmationLinkRefused: Story = {
  parameters: { router: { initialPath: '/auth/login?emailVerified=0' } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('alert')).toHaveTextContent('This confirmation link is invalid, already used or expired.');
    await expect(canvas.getByLabelText('Email')).toBeInTheDocument();
  },
};
