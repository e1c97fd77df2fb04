import { pickLocale, translate, versionConflictDetail } from '@timberlog/contract';
import type { Meta, StoryObj } from '@storybook/react';
import { delay, http, HttpResponse } from 'msw';
import { Route, Routes } from 'react-router-dom';
import { expect, userEvent, within } from 'storybook/test';

import type { Invoice } from '@/entities/invoice';
import { mockInvoice } from '@/entities/invoice/index.mocks';
import { initialSessionState } from '@/entities/session';

import { InvoiceDetailPage } from './InvoiceDetailPage';

const signedIn = { preloadedState: { session: { ...initialSessionState, accessToken: 'access', sessionInitialized: true } } };

const NUMBER = 'I-2026-000042';
const LONG_ERROR = `Accounting system answered 503: ${'{"error":"service temporarily unavailable","hint":"the ledger is being closed for the month, try again later"} '.repeat(10)}`;
const synced = mockInvoice({
  number: NUMBER,
  status: 'synced',
  customerName: 'Metsa Saeveski AS',
  issueDate: '2026-11-20',
  dueDate: '2026-12-04',
  waybills: ['W-2026-000101', 'W-2026-000102'],
  externalId: 'ACC-88412',
  syncedAt: '2026-11-20T09:14:00Z',
});
const failed = mockInvoice({ ...synced, status: 'sync_failed', externalId: null, syncedAt: null, syncAttempts: 3, syncError: LONG_ERROR });
const pending = mockInvoice({ ...synced, status: 'pending_sync', externalId: null, syncedAt: null, syncAttempts: 0 });

/** The invoice as the server would keep it: a retry sets it pending, and the next sync attempt after that succeeds. */
const invoiceApi = (start: Invoice) => {
  let current = start;
  let readsSinceRetry = -1;
  return [
    http.get('*/api/invoices/:number/', () => {
      if (readsSinceRetry >= 0) {
        readsSinceRetry += 1;
        if (readsSinceRetry > 1) current = synced;
      }
      return HttpResponse.json(current);
    }),
    http.post('*/api/invoices/:number/retry_sync/', () => {
      current = { ...current, status: 'pending_sync' };
      readsSinceRetry = 0;
      return HttpResponse.json(current);
    }),
  ];
};

// Storybook shows the loading state for good; the Jest story runner waits for every request to end, so there it ends soon.
const LOADING_DELAY = typeof navigator !== 'undefined' && navigator.userAgent.includes('jsdom') ? 200 : ('infinite' as const);

const meta = {
  title: 'pages/invoice-detail/InvoiceDetailPage',
  component: InvoiceDetailPage,
  parameters: {
    layout: 'fullscreen',
    router: { initialPath: `/invoices/${NUMBER}` },
    store: signedIn,
    msw: { handlers: { invoice: invoiceApi(synced) } },
  },
  render: () => (
    <Routes>
      <Route path="/invoices/:number" element={<InvoiceDetailPage />} />
    </Routes>
  ),
} satisfies Meta<typeof InvoiceDetailPage>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Synced: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText('ACC-88412')).toBeInTheDocument();
    await expect(canvas.getByRole('heading', { level: 1, name: `Invoice ${NUMBER}` })).toBeInTheDocument();
    await expect(canvas.getByRole('link', { name: 'W-2026-000102' })).toHaveAttribute('href', '/waybills/W-2026-000102');
    await expect(canvas.getByText('20/11/2026')).toBeInTheDocument();
    await expect(canvas.getAllByText('€2,119.63')).toHaveLength(2);
    await expect(canvas.queryByRole('button', { name: 'Retry sync' })).toBeNull();
  },
};

export const FailedWithLongError: Story = {
  parameters: { msw: { handlers: { invoice: invoiceApi(failed) } } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText(/the ledger is being closed/)).toBeInTheDocument();
    await expect(canvas.getByRole('button', { name: 'Retry sync' })).toBeInTheDocument();
  },
};

/** Retry: the page refreshes while the invoice awaits sync, then says it was synced and stops. */
export const RetryThenSynced: Story = {
  parameters: { msw: { handlers: { invoice: invoiceApi(failed) } } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(await canvas.findByRole('button', { name: 'Retry sync' }));
    await expect(await canvas.findByText(/This page refreshes until it is done/)).toBeInTheDocument();
    await expect(canvas.queryByRole('button', { name: 'Retry sync' })).toBeNull();
    await expect(await canvas.findByText('ACC-88412', {}, { timeout: 5000 })).toBeInTheDocument();
    await expect(await within(document.body).findByText(`Invoice ${NUMBER} was synced to the accounting system.`)).toBeInTheDocument();
  },
};

/**
 * Someone sent the invoice while the page was open: the sending is refused (412), the dialog says
 * who changed it, and the page shows the invoice as it is now (sent, so the dialog asks "again").
 */
export const SendRefusedChangedMeanwhile: Story = {
  parameters: {
    msw: {
      handlers: {
        invoice: (() => {
          let current: Invoice = { ...synced, version: 3 };
          return [
            http.get('*/api/invoices/:number/', () => HttpResponse.json(current)),
            http.post('*/api/invoices/:number/send/', ({ request }) => {
              // The page sends the version it shows; a colleague's sending moved it on just before.
              if (request.headers.get('if-match') !== `"${current.version}"`)
                return HttpResponse.json({ detail: 'Wrong version.' }, { status: 400 });
              current = { ...current, version: current.version + 1, sentAt: '2026-11-25T08:02:00Z', sentTo: 'arved@metsa.ee' };
              return HttpResponse.json(
                {
                  detail: versionConflictDetail(pickLocale(request.headers.get('accept-language')), 'Mari Mets', '2026-11-25T08:02:00Z'),
                  current,
                },
                { status: 412 },
              );
            }),
          ];
        })(),
      },
    },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(await canvas.findByRole('button', { name: 'Send to customer' }));
    const dialog = within(await within(document.body).findByRole('dialog'));
    await userEvent.click(dialog.getByRole('button', { name: 'Send' }));
    await expect(await dialog.findByRole('alert')).toHaveTextContent(
      'Mari Mets changed this record at 25/11/2026, 10:02, after you opened it.',
    );
    await expect(await dialog.findByRole('heading', { name: `Send invoice ${NUMBER} again?` })).toBeInTheDocument();
    await expect(await canvas.findByText(/Sent to arved@metsa\.ee/)).toBeInTheDocument();
  },
};

export const AwaitingSync: Story = {
  parameters: { msw: { handlers: { invoice: [http.get('*/api/invoices/:number/', () => HttpResponse.json(pending))] } } },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByText(/This page refreshes until it is done/)).toBeInTheDocument();
  },
};

export const Loading: Story = {
  parameters: { msw: { handlers: { invoice: [http.get('*/api/invoices/:number/', () => delay(LOADING_DELAY))] } } },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText('Loading…')).toBeInTheDocument();
  },
};

export const NotFound: Story = {
  parameters: {
    msw: {
      handlers: {
        invoice: [http.get('*/api/invoices/:number/', () => HttpResponse.json({ detail: translate('en', 'notFound') }, { status: 404 }))],
      },
    },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('heading', { level: 1, name: 'Invoice not found' })).toBeInTheDocument();
    await expect(canvas.getByRole('link', { name: 'Back to invoices' })).toHaveAttribute('href', '/invoices');
  },
};

export const ServerError: Story = {
  parameters: {
    msw: { handlers: { invoice: [http.get('*/api/invoices/:number/', () => HttpResponse.json({ detail: 'x' }, { status: 500 }))] } },
  },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByRole('button', { name: 'Retry' })).toBeInTheDocument();
  },
};

export const Estonian: Story = {
  parameters: { msw: { handlers: { invoice: invoiceApi(failed) } } },
  globals: { locale: 'et' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('button', { name: 'Sünkrooni uuesti' })).toBeInTheDocument();
    await expect(canvas.getByRole('heading', { level: 1, name: `Arve ${NUMBER}` })).toBeInTheDocument();
    await expect(canvas.getByText('20.11.2026')).toBeInTheDocument();
  },
};

export const Dark: Story = {
  parameters: { msw: { handlers: { invoice: invoiceApi(failed) } } },
  globals: { theme: 'dark' },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByText(/the ledger is being closed/)).toBeInTheDocument();
  },
};
