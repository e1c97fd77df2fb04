import type { Meta, StoryObj } from '@storybook/react';
import { expect, within } from 'storybook/test';

import { WAYBILL_STATUSES } from '@timberlog/contract';

import { WaybillStatusBadge } from './WaybillStatusBadge';

const meta = {
  title: 'entities/waybill/WaybillStatusBadge',
  component: WaybillStatusBadge,
  args: { status: 'draft' },
  argTypes: { status: { control: 'inline-radio', options: WAYBILL_STATUSES } },
} satisfies Meta<typeof WaybillStatusBadge>;

export default meta;
type Story = StoryObj<typeof meta>;

const AllStates: Story = {
  render: () => (
    <div style={{ display: 'flex', gap: 8 }}>
      {WAYBILL_STATUSES.map((status) => (
        <WaybillStatusBadge key={status} status={status} />
      ))}
    </div>
  ),
};

export const Default: Story = {
  ...AllStates,
  play: async ({ canvasElement }) => {
    for (const label of ['Draft', 'Confirmed', 'Delivered', 'Invoiced', 'Cancelled']) {
      await expect(within(canvasElement).getByText(label)).toBeInTheDocument();
    }
  },
};

export const Estonian: Story = {
  ...AllStates,
  globals: { locale: 'et' },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText('Kohale toimetatud')).toBeInTheDocument();
  },
};

export const Dark: Story = { ...AllStates, globals: { theme: 'dark' } };
