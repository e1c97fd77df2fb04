import type { Meta, StoryObj } from '@storybook/react';

import { WaybillsPage } from './WaybillsPage';

const meta = {
  title: 'pages/waybills/WaybillsPage',
  component: WaybillsPage,
  parameters: { layout: 'fullscreen' },
} satisfies Meta<typeof WaybillsPage>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {};
export const Estonian: Story = { globals: { locale: 'et' } };
export const Dark: Story = { globals: { theme: 'dark' } };
