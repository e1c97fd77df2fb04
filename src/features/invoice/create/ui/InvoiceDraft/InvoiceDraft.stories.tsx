import type { Meta, StoryObj } from '@storybook/react';
import { http, HttpResponse, type HttpHandler } from 'msw';
import { useState } from 'react';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';

import { invoiceHandlers } from '@/entities/invoice/index.mocks';
import { initialSessionState } from '@/entities/session';

import { InvoiceDraft, type InvoiceDraftProps } from './InvoiceDraft';

const signedIn = { preloadedState: { session: { ...initialSessionState, accessToken: 'access', sessionInitialized: true } } };

// Delivered waybills of the demo data: two of Tartu Puidukoda AS, one of Lääne Paberipuit AS.
const TARTU = ['W-2026-000058', 'W-2026-000139'];
const LAANE = 'W-2026-000090';

/** The draft with its selection held like the page holds it. */
function Draft({ initial, onCreated }: Pick<InvoiceDraftProps, 'onCreated'> & { readonly initial: readonly string[] }) {
  const [selection, setSelection] = useState<readonly string[]>(initial);
  return <InvoiceDraft selection={selection} onSelectionChange={setSelection} onCreated={onCreated} />;
}

/** The mock server's invoice handlers, counting the create calls. */
const counted = () => {
  const calls = { create: 0 };
  const handlers: HttpHandler[] = [
    http.post('*/api/invoices/', () => {
      calls.create += 1;
    }),
    ...invoiceHandlers,
  ];
  return { calls, handlers };
};
const doubleClick = counted();

const meta = {
  title: 'features/invoice/InvoiceDraft',
  component: InvoiceDraft,
  parameters: { store: signedIn },
  args: { selection: TARTU, onSelectionChange: fn(), onCreated: fn() },
  render: (args) => <Draft initial={args.selection} onCreated={args.onCreated} />,
} satisfies Meta<typeof InvoiceDraft>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText('Tartu Puidukoda AS')).toBeInTheDocument();
    await expect(canvas.getByRole('table', { name: 'Preview' })).toBeInTheDocument();
    await expect(canvas.getByRole('button', { name: 'Create invoice' })).toBeEnabled();
    await expect(canvas.getByText('2 waybills selected')).toBeInTheDocument();
  },
};

export const Empty: Story = {
  args: { selection: [] },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText('No waybills selected yet.')).toBeInTheDocument();
    await expect(canvas.getByRole('button', { name: 'Create invoice' })).toBeDisabled();
  },
};

/** Two customers: the server's rule, in its words, below the selection; Create stays off until it is fixed. */
export const PreviewError: Story = {
  args: { selection: [TARTU[0] ?? '', LAANE] },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const alert = await canvas.findByRole('alert');
    await expect(alert).toHaveTextContent('This selection cannot be invoiced');
    await expect(alert).toHaveTextContent(/11750433/);
    await expect(canvas.getByRole('button', { name: 'Create invoice' })).toBeDisabled();
    await userEvent.click(canvas.getByRole('button', { name: `Remove ${LAANE}` }));
    await expect(await canvas.findByText('Tartu Puidukoda AS')).toBeInTheDocument();
    // The refusal goes once the server's preview of the new selection has come back.
    await waitFor(() => expect(canvas.queryByRole('alert')).toBeNull());
    await expect(canvas.getByRole('button', { name: 'Create invoice' })).toBeEnabled();
  },
};

export const AlreadyInvoiced: Story = {
  args: { selection: ['W-2026-000001'] },
  parameters: {
    msw: {
      handlers: {
        invoice: [
          http.get('*/api/invoices/preview/', () =>
            HttpResponse.json({ waybills: ['These waybills are already invoiced: W-2026-000001.'] }, { status: 400 }),
          ),
        ],
      },
    },
  },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByRole('alert')).toHaveTextContent('These waybills are already invoiced: W-2026-000001.');
  },
};

/** A double click makes one invoice. */
export const DoubleClickCreatesOne: Story = {
  parameters: { msw: { handlers: { invoice: doubleClick.handlers } } },
  play: async ({ canvasElement, args }) => {
    doubleClick.calls.create = 0;
    const canvas = within(canvasElement);
    await expect(await canvas.findByText('Tartu Puidukoda AS')).toBeInTheDocument();
    await userEvent.dblClick(canvas.getByRole('button', { name: 'Create invoice' }));
    await waitFor(() => expect(args.onCreated).toHaveBeenCalledTimes(1));
    await expect(doubleClick.calls.create).toBe(1);
  },
};

export const Estonian: Story = {
  args: { selection: [TARTU[0] ?? '', LAANE] },
  globals: { locale: 'et' },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByRole('alert')).toHaveTextContent('Selle valiku kohta ei saa arvet teha');
  },
};

export const Dark: Story = {
  globals: { theme: 'dark' },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByText('Tartu Puidukoda AS')).toBeInTheDocument();
  },
};
