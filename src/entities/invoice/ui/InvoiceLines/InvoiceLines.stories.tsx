import type { Meta, StoryObj } from '@storybook/react';
import { expect, within } from 'storybook/test';

import { mockInvoice } from '@/shared/mock-db';

import { InvoiceLines } from './InvoiceLines';

const invoice = mockInvoice({
  lines: [
    {
      assortment: 'KU-PALK-18',
      assortmentName: 'Spruce saw logs 18+',
      quantity: '54.700',
      unit: 'm3',
      unitPrice: '62.50',
      amount: '3418.75',
    },
    { assortment: 'KS-PABER', assortmentName: 'Birch pulpwood', quantity: '12.250', unit: 't', unitPrice: '41.00', amount: '502.25' },
  ],
  netTotal: '3921.00',
  vatRate: '24.00',
  vatTotal: '941.04',
  grossTotal: '4862.04',
});

const meta = {
  title: 'entities/invoice/InvoiceLines',
  component: InvoiceLines,
  args: { invoice },
} satisfies Meta<typeof InvoiceLines>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('table', { name: 'Lines' })).toBeInTheDocument();
    await expect(canvas.getByText('€3,418.75')).toBeInTheDocument();
    await expect(canvas.getByText('24%')).toBeInTheDocument();
    await expect(canvas.getByText('€4,862.04')).toBeInTheDocument();
    await expect(canvas.getByRole('cell', { name: 'm³' })).toBeInTheDocument();
  },
};

export const LongNames: Story = {
  args: {
    invoice: mockInvoice({
      lines: [
        {
          assortment: 'KU-PALK-18-EXTRA-PIKK',
          assortmentName: 'Kuuse palk, eriti pikk ja jäme, 18 cm ja rohkem, sae- ja vineeritööstusele',
          quantity: '123456.789',
          unit: 'm3',
          unitPrice: '9999.99',
          amount: '1234566664.32',
        },
      ],
      netTotal: '1234566664.32',
      vatTotal: '296295999.44',
      grossTotal: '1530862663.76',
    }),
  },
};

export const Estonian: Story = {
  globals: { locale: 'et' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText('Käibemaks')).toBeInTheDocument();
    await expect(canvas.getByText(/^4862,04\s€$/)).toBeInTheDocument();
  },
};

export const Dark: Story = { globals: { theme: 'dark' } };

/**
 * In a phone's card (412 px screen): the unit beside the quantity and no code, so every amount
 * shows without scrolling sideways (in a browser the lines' box is measured).
 */
export const OnAPhone: Story = {
  parameters: { width: 340 },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const table = canvas.getByRole('table', { name: 'Lines' });
    const box = table.parentElement as HTMLElement;
    await expect(box.scrollWidth).toBeLessThanOrEqual(box.clientWidth);
    await expect(canvas.getByText('€3,418.75')).toBeInTheDocument();
  },
};
