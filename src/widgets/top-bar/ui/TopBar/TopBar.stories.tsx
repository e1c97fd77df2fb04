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
