import type { Meta, StoryObj } from '@storybook/react';
import { Route, Routes, useParams } from 'react-router-dom';
import { expect, userEvent, within } from 'storybook/test';

import { initialSessionState } from '@/entities/session';

import { InvoiceNewPage } from './InvoiceNewPage';

const signedIn = { preloadedState: { session: { ...initialSessionState, accessToken: 'access', sessionInitialized: true } } };

// Delivered waybills of the demo data: two of Tartu Puidukoda AS (11750433), one of Lääne Paberipuit AS.
const TARTU = ['W-2026-000058', 'W-2026-000139'];
const LAANE = 'W-2026-000090';
const link = (numbers: readonly string[]) => `/invoices/new?${numbers.map((number) => `waybills=${number}`).join('&')}`;

function CreatedInvoice() {
  const { number } = useParams();
  return <p>Invoice page {number}</p>;
}

const meta = {
  title: 'pages/invoice-new/InvoiceNewPage',
  component: InvoiceNewPage,
  parameters: { layout: 'fullscreen', store: signedIn, router: { initialPath: '/invoices/new' } },
  render: () => (
    <Routes>
      <Route path="/invoices/new" element={<InvoiceNewPage />} />
      <Route path="/invoices/:number" element={<CreatedInvoice />} />
    </Routes>
  ),
} satisfies Meta<typeof InvoiceNewPage>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('heading', { level: 1, name: 'New invoice' })).toBeInTheDocument();
    await expect(canvas.getByText('Pick a customer to see its delivered waybills.')).toBeInTheDocument();
    await expect(canvas.getByRole('button', { name: 'Create invoice' })).toBeDisabled();
  },
};

/** From the waybill list's "Create invoice": the customer follows from the waybills, which show ticked. */
export const FromWaybillList: Story = {
  parameters: { router: { initialPath: link(TARTU) } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText('Tartu Puidukoda AS')).toBeInTheDocument();
    await expect(await canvas.findByRole('checkbox', { name: `Select ${TARTU[0]}` })).toBeChecked();
    await expect(canvas.getByRole('checkbox', { name: `Select ${TARTU[1]}` })).toBeChecked();
    await expect(canvas.getByRole('button', { name: 'Create invoice' })).toBeEnabled();
  },
};

/**
 * At 1280 px the picker's columns fit beside the draft, and the preview's lines in it: Quantity and
 * Amount, the last, are in view without scrolling sideways. Checked where there is a layout (a
 * browser; jsdom lays nothing out).
 */
export const PickerFitsBesideTheDraft: Story = {
  parameters: { router: { initialPath: link(TARTU) } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const picker = await canvas.findByRole('table', { name: 'Delivered waybills' });
    await expect(await within(picker).findByRole('columnheader', { name: /Quantity/ })).toBeInTheDocument();
    const lines = await canvas.findByRole('table', { name: 'Preview' });
    for (const table of [picker, lines]) {
      let scroller: HTMLElement | null = table.parentElement;
      while (scroller && getComputedStyle(scroller).overflowX === 'visible') scroller = scroller.parentElement;
      if (scroller && scroller.clientWidth > 0 && window.innerWidth >= 1280) {
        await expect(scroller.scrollWidth).toBeLessThanOrEqual(scroller.clientWidth);
      }
    }
  },
};

export const CreateGoesToTheInvoice: Story = {
  parameters: { router: { initialPath: link(TARTU) } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText('Tartu Puidukoda AS')).toBeInTheDocument();
    await userEvent.click(canvas.getByRole('button', { name: 'Create invoice' }));
    await expect(await canvas.findByText(/^Invoice page I-\d{4}-\d{6}$/)).toBeInTheDocument();
    await expect(await within(document.body).findByText(/was created for Tartu Puidukoda AS/)).toBeInTheDocument();
  },
};

export const PreviewError: Story = {
  parameters: { router: { initialPath: link([TARTU[0] ?? '', LAANE]) } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('alert')).toHaveTextContent(/more than one|11750433/);
    await expect(canvas.getByRole('button', { name: 'Create invoice' })).toBeDisabled();
  },
};

export const Estonian: Story = {
  parameters: { router: { initialPath: link(TARTU) } },
  globals: { locale: 'et' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('heading', { level: 1, name: 'Uus arve' })).toBeInTheDocument();
    await expect(await canvas.findByRole('button', { name: 'Loo arve' })).toBeInTheDocument();
  },
};

export const Dark: Story = {
  parameters: { router: { initialPath: link(TARTU) } },
  globals: { theme: 'dark' },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByText('Tartu Puidukoda AS')).toBeInTheDocument();
  },
};
