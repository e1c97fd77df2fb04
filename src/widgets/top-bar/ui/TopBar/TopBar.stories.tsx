import type { Meta, StoryObj } from '@storybook/react';
import { expect, within } from 'storybook/test';

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
  },
};

export const Staff: Story = {
  parameters: { ...signedIn, msw: { handlers: { user: [meHandler(mockStaffUser())] } } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('link', { name: 'Admin panel' })).toHaveAttribute('href', '/adminpanel');
    await expect(canvas.getByRole('link', { name: /API docs/ })).toHaveAttribute(
      'href',
      'http://localhost:8080/api/schema/swagger-ui',
    );
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

/** A phone's width (412 px): the name goes to the logo's link, every button stays on screen. */
export const Phone: Story = {
  globals: { locale: 'et' },
  parameters: { ...signedIn, width: 412 },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const signOut = await canvas.findByRole('button', { name: 'Logi välja' });
    await expect(canvas.getByRole('link', { name: /Timberlog/ })).toBeInTheDocument();
    // In a browser the button ends inside the bar (jsdom lays nothing out: both are 0).
    const bar = canvasElement.querySelector('header')!.getBoundingClientRect();
    await expect(signOut.getBoundingClientRect().right).toBeLessThanOrEqual(bar.right);
  },
};
