import type { Meta, StoryObj } from '@storybook/react';
import { delay, http, HttpResponse } from 'msw';
import { expect, within } from 'storybook/test';

import { initialSessionState } from '@/entities/session';

import { InvoiceTotalsFooter, WaybillTotalsFooter, WorklogTotalsFooter } from './ListTotals';

const signedIn = { preloadedState: { session: { ...initialSessionState, accessToken: 'access', sessionInitialized: true } } };

// Storybook shows the loading state for good; the Jest story runner waits for every request to end, so there it ends soon.
const LOADING_DELAY = typeof navigator !== 'undefined' && navigator.userAgent.includes('jsdom') ? 200 : ('infinite' as const);

const WAYBILL_TOTALS = { count: 1234, quantity: { m3: '45678.500', t: '312.250' }, mileage: 98765 };

/** The footers under their lists, for one filter (confirmed waybills). */
const meta = {
  title: 'widgets/list-totals/ListTotals',
  component: WaybillTotalsFooter,
  args: { params: { statusIn: ['confirmed'], pageNumber: 2, pageSize: 25 } },
  parameters: {
    store: signedIn,
    msw: { handlers: { totals: [http.get('*/api/waybills/totals/', () => HttpResponse.json(WAYBILL_TOTALS))] } },
  },
} satisfies Meta<typeof WaybillTotalsFooter>;
export default meta;
type Story = StoryObj<typeof meta>;

const region = async (canvasElement: HTMLElement, name: RegExp) => within(await within(canvasElement).findByRole('region', { name }));

/** How many waybills, their quantity per unit (never added together) and their mileage, for the locale. */
export const Waybills: Story = {
  play: async ({ canvasElement }) => {
    const footer = await region(canvasElement, /Totals of the waybills/);
    await expect(await footer.findByText('1,234')).toBeInTheDocument();
    // Quantities keep the three decimals they are measured to.
    await expect(footer.getByText('45,678.500 m³ · 312.250 t')).toBeInTheDocument();
    await expect(footer.getByText('98,765 km')).toBeInTheDocument();
  },
};

export const Loading: Story = {
  parameters: { msw: { handlers: { totals: [http.get('*/api/waybills/totals/', () => delay(LOADING_DELAY))] } } },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByRole('region', { name: /Totals of the waybills/ })).toHaveAttribute('aria-busy', 'true');
  },
};

export const Error: Story = {
  parameters: {
    msw: { handlers: { totals: [http.get('*/api/waybills/totals/', () => HttpResponse.json({ detail: 'boom' }, { status: 500 }))] } },
  },
  play: async ({ canvasElement }) => {
    const footer = await region(canvasElement, /Totals of the waybills/);
    await expect(await footer.findByRole('alert')).toHaveTextContent('Totals could not be counted');
    await expect(footer.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  },
};

/** The worklogs' count, quantity per unit (a unit with nothing in it left out) and duration in hours and minutes. */
export const Worklogs: Story = {
  render: (args) => <WorklogTotalsFooter {...args} />,
  args: { params: { actionIn: ['loading'] } },
  parameters: {
    msw: {
      handlers: {
        totals: [
          http.get('*/api/worklogs/totals/', () =>
            HttpResponse.json({ count: 87, quantity: { m3: '1520.000', t: '0.000' }, durationMinutes: 2745 }),
          ),
        ],
      },
    },
  },
  play: async ({ canvasElement }) => {
    const footer = await region(canvasElement, /Totals of the worklogs/);
    await expect(await footer.findByText('45 h 45 min')).toBeInTheDocument();
    await expect(footer.getByText('1,520.000 m³')).toBeInTheDocument();
    await expect(footer.queryByText(/0\.000 t/)).toBeNull();
  },
};

/** The invoices' net, VAT and gross totals in euros. */
export const Invoices: Story = {
  render: (args) => <InvoiceTotalsFooter {...args} />,
  args: { params: {} },
  parameters: {
    msw: {
      handlers: {
        totals: [
          http.get('*/api/invoices/totals/', () =>
            HttpResponse.json({ count: 12, netTotal: '10000.00', vatTotal: '2400.00', grossTotal: '12400.00' }),
          ),
        ],
      },
    },
  },
  play: async ({ canvasElement }) => {
    const footer = await region(canvasElement, /Totals of the invoices/);
    await expect(await footer.findByText('€12,400.00')).toBeInTheDocument();
    await expect(footer.getByText('€2,400.00')).toBeInTheDocument();
  },
};

/** Estonian: a decimal comma and the euro after the amount. */
export const Estonian: Story = {
  globals: { locale: 'et' },
  play: async ({ canvasElement }) => {
    const footer = await region(canvasElement, /veoselehtede kogusummad/);
    await expect(await footer.findByText(/45\s678,500\sm³ · 312,250\st/)).toBeInTheDocument();
  },
};

export const EstonianInvoices: Story = {
  ...Invoices,
  globals: { locale: 'et' },
  play: async ({ canvasElement }) => {
    const footer = await region(canvasElement, /arvete kogusummad/);
    await expect(await footer.findByText(/12\s400,00\s€/)).toBeInTheDocument();
  },
};

export const Dark: Story = { globals: { theme: 'dark' } };
