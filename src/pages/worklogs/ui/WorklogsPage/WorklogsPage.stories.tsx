import type { Meta, StoryObj } from '@storybook/react';

import { WorklogsPage } from './WorklogsPage';

const meta = {
  title: 'pages/worklogs/WorklogsPage',
  component: WorklogsPage,
  parameters: { layout: 'fullscreen' },
} satisfies Meta<typeof WorklogsPage>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {};
export const Estonian: Story = { globals: { locale: 'et' } };
export const Dark: Story = { globals: { theme: 'dark' } };
