import type { Meta, StoryObj } from '@storybook/react';

import { LoginPage } from './LoginPage';

const meta = {
  title: 'pages/auth-login/LoginPage',
  component: LoginPage,
  parameters: { layout: 'fullscreen' },
} satisfies Meta<typeof LoginPage>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {};
export const Estonian: Story = { globals: { locale: 'et' } };
export const Dark: Story = { globals: { theme: 'dark' } };
