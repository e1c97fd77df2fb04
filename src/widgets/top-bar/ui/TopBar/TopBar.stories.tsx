import type { Meta, StoryObj } from '@storybook/react';
import { expect, userEvent, waitFor, within } from 'storybook/test';

import { initialSessionState } from '@/entities/session';
import { meHandler, mockStaffUser } from '@/entities/user/index.mocks';

import { TopBar } from './TopBar';

const signedIn = {
  store: {
    preloadedState: { session: { ...initialSessionState, accessToken: 'access', refreshToken: 'refresh' } },
  },
};

const meta = {
  title: 'widgets/top-bar/TopBar',
  component: TopBar,
  parameters: { layout: 'fullscreen' },
} satisfies Meta<typeof TopBar>;

export default meta;
type Story = StoryObj<typeof meta>;

export const SignedOut: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/auth/login');
    await expect(canvas.queryByText('Admin panel')).toBeNull();
  },
};

export const SignedIn: Story = {
  parameters: signedIn,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('button', { name: 'Sign out' })).toBeInTheDocument();
    await expect(canvas.queryByText('Admin panel')).toBeNull();
    // Item 16: an ordinary user's account is under Account; the users list is staff's.
    await expect(canvas.queryByRole('link', { name: 'Users' })).toBeNull();
  },
};

export const Staff: Story = {
  parameters: { ...signedIn, msw: { handlers: { user: [meHandler(mockStaffUser())] } } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('link', { name: 'Admin panel' })).toHaveAttribute('href', '/adminpanel');
    await expect(canvas.getByRole('link', { name: 'Users' })).toHaveAttribute('href', '/users');
    await expect(canvas.getByRole('link', { name: /API docs/ })).toHaveAttribute('href', 'http://localhost:8080/api/schema/swagger-ui');
  },
};

export const Estonian: Story = {
  globals: { locale: 'et' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('link', { name: 'Veoselehed' })).toBeInTheDocument();
    await expect(canvas.getByRole('link', { name: 'Logi sisse' })).toBeInTheDocument();
  },
};

export const Dark: Story = {
  globals: { theme: 'dark' },
  parameters: signedIn,
};

const body = () => within(document.body);

/**
 * Item 5: at a phone's width (412 px) the sections and buttons move into a menu: it opens every
 * section, the language, the theme, the account, the exports and sign-out; a section closes it.
 */
export const Phone: Story = {
  parameters: { ...signedIn, width: 412, msw: { handlers: { user: [meHandler(mockStaffUser())] } } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Menu' }));
    const menu = within(await body().findByRole('dialog', { name: 'Menu' }));
    for (const section of ['Waybills', 'Worklogs', 'Invoices']) {
      await expect(menu.getByRole('link', { name: section })).toBeInTheDocument();
    }
    await expect(await menu.findByRole('link', { name: 'Admin panel' })).toHaveAttribute('href', '/adminpanel');
    await expect(menu.getByRole('link', { name: 'Users' })).toHaveAttribute('href', '/users');
    await expect(menu.getByRole('button', { name: /Language/ })).toBeInTheDocument();
    await expect(menu.getByRole('button', { name: /theme/ })).toBeInTheDocument();
    await expect(menu.getByRole('link', { name: 'Account' })).toHaveAttribute('href', '/account');
    await expect(menu.getByRole('button', { name: 'My exports' })).toBeInTheDocument();
    await expect(menu.getByRole('button', { name: 'Sign out' })).toBeInTheDocument();
    await userEvent.click(menu.getByRole('link', { name: 'Invoices' }));
    await waitFor(() => expect(body().queryByRole('dialog', { name: 'Menu' })).toBeNull());
  },
};

export const PhoneEstonian: Story = {
  globals: { locale: 'et' },
  parameters: { ...signedIn, width: 412 },
  play: async ({ canvasElement }) => {
    await userEvent.click(within(canvasElement).getByRole('button', { name: 'Menüü' }));
    const menu = within(await body().findByRole('dialog', { name: 'Menüü' }));
    await expect(menu.getByRole('button', { name: 'Logi välja' })).toBeInTheDocument();
    await expect(menu.getByRole('button', { name: 'Sulge menüü' })).toBeInTheDocument();
  },
};

/** A visitor's phone menu: the sections (they lead to sign-in), language, theme and Sign in. */
export const PhoneSignedOut: Story = {
  parameters: { width: 412 },
  play: async ({ canvasElement }) => {
    await userEvent.click(within(canvasElement).getByRole('button', { name: 'Menu' }));
    const menu = within(await body().findByRole('dialog', { name: 'Menu' }));
    await expect(menu.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/auth/login');
    await expect(menu.queryByRole('button', { name: 'Sign out' })).toBeNull();
  },
};

export const PhoneDark: Story = {
  globals: { theme: 'dark' },
  parameters: { ...signedIn, width: 412 },
};
