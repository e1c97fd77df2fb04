import type { Meta, StoryObj } from '@storybook/react';
import { expect, within } from 'storybook/test';

import { mockWaybill } from '../../index.mocks';

import { WaybillDetails } from './WaybillDetails';

const meta = {
  title: 'entities/waybill/WaybillDetails',
  component: WaybillDetails,
  args: { waybill: mockWaybill({ number: 'W-2026-000042', transportDate: '2026-11-23', quantity: '27.350', mileage: 1180 }) },
} satisfies Meta<typeof WaybillDetails>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText('23/11/2026')).toBeInTheDocument();
    await expect(canvas.getByText(/^27\.350\sm³$/)).toBeInTheDocument();
    await expect(canvas.getByRole('link', { name: 'Tartu yard' })).toHaveAttribute('href', '/waybills?origin=TRT-O');
  },
};

export const Invoiced: Story = {
  args: { waybill: mockWaybill({ status: 'invoiced', invoice: 'I-2026-000007', notes: 'Two loads.\nWet logs.' }) },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('link', { name: 'I-2026-000007' })).toHaveAttribute('href', '/invoices/I-2026-000007');
  },
};

export const LongValues: Story = {
  args: {
    waybill: mockWaybill({
      originName: 'Kõrvemaa metsaülemaa vaheladu number kaks, põhjapoolne plats',
      destinationCompanyName: 'Lõuna-Eesti Puidutööstuse ja Metsamajanduse Aktsiaselts',
      notes: 'Kaks koormat. '.repeat(80),
    }),
  },
};

export const Estonian: Story = {
  globals: { locale: 'et' },
  args: { waybill: mockWaybill({ transportDate: '2026-11-23', quantity: '27.350' }) },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText('23.11.2026')).toBeInTheDocument();
    await expect(canvas.getByText(/^27,350\sm³$/)).toBeInTheDocument();
    await expect(canvas.getByText('Veo kuupäev')).toBeInTheDocument();
  },
};

export const Dark: Story = { globals: { theme: 'dark' } };
