import type { Meta, StoryObj } from '@storybook/react';
import { expect, within } from 'storybook/test';

import { mockWorklog } from '../../index.mocks';

import { WorklogDetails } from './WorklogDetails';

const meta = {
  title: 'entities/worklog/WorklogDetails',
  component: WorklogDetails,
  args: { worklog: mockWorklog({ number: 'L-2026-000042', warehouse: 3, waybill: 'W-2026-000042', quantity: '12.500' }) },
} satisfies Meta<typeof WorklogDetails>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('link', { name: 'W-2026-000042' })).toHaveAttribute('href', '/waybills/W-2026-000042');
    await expect(canvas.getByRole('link', { name: 'Tartu yard' })).toHaveAttribute('href', '/worklogs?warehouse=3');
    await expect(canvas.getByText('12.500')).toBeInTheDocument();
  },
};

/** Item 15: the quantity in its assortment's unit, as on waybills. */
export const WithUnit: Story = {
  args: { unit: 't' },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText(/^12\.500\st$/)).toBeInTheDocument();
  },
};

export const WithoutOptionalFields: Story = {
  args: { worklog: mockWorklog({ assortment: null, assortmentName: null, quantity: null, waybill: null }) },
};

export const Estonian: Story = {
  globals: { locale: 'et' },
  args: { worklog: mockWorklog({ quantity: '12.500', durationMinutes: 45 }) },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText('12,500')).toBeInTheDocument();
    await expect(canvas.getByText('45 min')).toBeInTheDocument();
  },
};

export const Dark: Story = { globals: { theme: 'dark' } };
