import type { Meta, StoryObj } from '@storybook/react';

import { UsersPage } from './UsersPage';

const meta = {
  title: 'pages/users/UsersPage',
  component: UsersPage,
  parameters: { layout: 'fullscreen' },
} satisfies Meta<typeof UsersPage>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {};
export const Estonian: Story = { globals: { locale: 'et' } };
export const Dark: Story = { globals: { theme: 'dark' } };
