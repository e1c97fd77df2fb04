import type { Meta, StoryObj } from '@storybook/react';
import { expect, within } from 'storybook/test';

import { INVOICE_STATUSES } from '@timberlog/contract';

import { InvoiceStatusBadge } from './InvoiceStatusBadge';

const meta = {
  title: 'entities/invoice/InvoiceStatusBadge',
  component: InvoiceStatusBadge,
  args: { status: 'synced' },
  argTypes: { status: { control: 'inline-radio', options: INVOICE_STATUSES } },
} satisfies Meta<typeof InvoiceStatusBadge>;

export default meta;
type Story = StoryObj<typeof meta>;

const AllStates: Story = {
  render: () => (
    <div style={{ display: 'flex', gap: 8 }}>
      {INVOICE_STATUSES.map((status) => (
        <InvoiceStatusBadge key={status} status={status} />
      ))}
    </div>
  ),
};

export const Default: Story = {
  ...AllStates,
  play: async ({ canvasElement }) => {
    for (const label of ['Awaiting sync', 'Synced', 'Sync failed']) {
      await expect(within(canvasElement).getByText(label)).toBeInTheDocument();
    }
  },
};

export const Estonian: Story = {
  ...AllStates,
  globals: { locale: 'et' },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText('Sünkroonimine ebaõnnestus')).toBeInTheDocument();
  },
};

export const Dark: Story = { ...AllStates, globals: { theme: 'dark' } };
