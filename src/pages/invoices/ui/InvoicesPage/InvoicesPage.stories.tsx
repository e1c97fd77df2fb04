import type { Meta, StoryObj } from '@storybook/react';
import { delay, http, HttpResponse } from 'msw';
import { Route, Routes, useLocation } from 'react-router-dom';
import { expect, userEvent, waitFor, within } from 'storybook/test';

import { initialSessionState } from '@/entities/session';

import { InvoicesPage } from './InvoicesPage';

const signedIn = { preloadedState: { session: { ...initialSessionState, accessToken: 'access', sessionInitialized: true } } };

// Storybook shows the loading state for good; the Jest story runner waits for every request to end, so there it ends soon.
const LOADING_DELAY = typeof navigator !== 'undefined' && navigator.userAgent.includes('jsdom') ? 200 : ('infinite' as const);

function Opened() {
  const location = useLocation();
  const state = location.state as { listSearch?: string } | null;
  return (
    <p>
      Opened {location.pathname} from {state?.listSearch}
    </p>
  );
}

const meta = {
  title: 'pages/invoices/InvoicesPage',
  component: InvoicesPage,
  parameters: { layout: 'fullscreen', store: signedIn, router: { initialPath: '/invoices' } },
  render: () => (
    <Routes>
      <Route path="/invoices" element={<InvoicesPage />} />
      <Route path="/invoices/:number" element={<Opened />} />
    </Routes>
  ),
} satisfies Meta<typeof InvoicesPage>;

export default meta;
type Story = StoryObj<typeof meta>;

const table = async (canvasElement: HTMLElement) => within(await within(canvasElement).findByRole('table', { name: 'Invoices' }));

export const Default: Story = {
  play: async ({ canvasElement }) => {
    const rows = await table(canvasElement);
    await waitFor(() => expect(rows.getAllByRole('row').length).toBeGreaterThan(10));
    // The default columns of the contract; the others are in the column chooser.
    for (const name of ['Number', 'Status', 'Customer', 'Issue date', 'Due date', 'Net total', '^Total']) {
      await expect(rows.getByRole('columnheader', { name: new RegExp(name) })).toBeInTheDocument();
    }
    await expect(rows.getAllByText(/^€[\d,]+\.\d{2}$/).length).toBeGreaterThan(0);
  },
};

/** A status filter from a link (the home page's "Sync failed"): only those rows, and the row opens its invoice with the way back. */
export const FailingSync: Story = {
  parameters: { router: { initialPath: '/invoices?statusIn=sync_failed' } },
  play: async ({ canvasElement }) => {
    const rows = await table(canvasElement);
    await waitFor(() => expect(rows.getAllByText('Sync failed').length).toBeGreaterThan(0));
    await expect(rows.queryByText('Synced')).toBeNull();
    const first = rows.getAllByRole('link')[0];
    if (!first) throw new Error('no invoice row');
    const number = first.textContent ?? '';
    await userEvent.click(first);
    await expect(await within(canvasElement).findByText(`Opened /invoices/${number} from ?statusIn=sync_failed`)).toBeInTheDocument();
  },
};

export const Empty: Story = {
  parameters: { router: { initialPath: '/invoices?search=no-such-invoice' } },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByText('No invoices match.')).toBeInTheDocument();
  },
};

export const Loading: Story = {
  parameters: { msw: { handlers: { invoice: [http.get('*/api/invoices/', () => delay(LOADING_DELAY))] } } },
};

export const ServerError: Story = {
  parameters: { msw: { handlers: { invoice: [http.get('*/api/invoices/', () => HttpResponse.json({ detail: 'x' }, { status: 500 }))] } } },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByRole('button', { name: 'Retry' })).toBeInTheDocument();
  },
};

export const Estonian: Story = {
  globals: { locale: 'et' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('heading', { level: 1, name: 'Arved' })).toBeInTheDocument();
    await waitFor(() => expect(canvas.getAllByText(/^[\d\s]+,\d{2}\s€$/).length).toBeGreaterThan(0));
  },
};

export const Dark: Story = { globals: { theme: 'dark' } };
