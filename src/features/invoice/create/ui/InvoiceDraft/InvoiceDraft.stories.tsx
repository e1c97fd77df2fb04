import type { Meta, StoryObj } from '@storybook/react';
import { defaultDueDate, invoiceToday } from '@timberlog/contract';
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

/** The mock server's invoice handlers, keeping what each preview and creation asked for. */
const recorded = () => {
  const asked = { previews: [] as string[], created: [] as unknown[] };
  const handlers: HttpHandler[] = [
    http.get('*/api/invoices/preview/', ({ request }) => {
      asked.previews.push(new URL(request.url).search);
    }),
    http.post('*/api/invoices/', async ({ request }) => {
      asked.created.push(await request.clone().json());
    }),
    ...invoiceHandlers,
  ];
  return { asked, handlers };
};
const datesAsked = recorded();

/** Sets a date input as a browser's date picker does (typed keys go to its parts in a real browser). */
const pickDate = (input: HTMLElement, value: string) => {
  Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set?.call(input, value);
  input.dispatchEvent(new Event('input', { bubbles: true }));
};
const dayAfter = (date: string, days: number) => new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

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

/** A double click makes one invoice, and so does a click after it is made, while the page moves on. */
export const DoubleClickCreatesOne: Story = {
  parameters: { msw: { handlers: { invoice: doubleClick.handlers } } },
  play: async ({ canvasElement, args }) => {
    doubleClick.calls.create = 0;
    const canvas = within(canvasElement);
    await expect(await canvas.findByText('Tartu Puidukoda AS')).toBeInTheDocument();
    const button = canvas.getByRole('button', { name: 'Create invoice' });
    await userEvent.dblClick(button);
    await waitFor(() => expect(args.onCreated).toHaveBeenCalledTimes(1));
    // The made invoice spends the draft: another click (the first one's answer came before it) makes none.
    button.click();
    await expect(button).toBeDisabled();
    await new Promise((done) => setTimeout(done, 100));
    await expect(doubleClick.calls.create).toBe(1);
    await expect(args.onCreated).toHaveBeenCalledTimes(1);
  },
};

/**
 * The issue and due dates: today and the payment days after it unless changed; an issue date in the
 * future or a due date before the issue date is refused on its field (the contract's rules, in the
 * server's words) and Create waits; good dates go to the preview and the new invoice.
 */
export const Dates: Story = {
  // Its own spy: the stories' shared one counts the creations of DoubleClickCreatesOne.
  args: { onCreated: fn() },
  parameters: { msw: { handlers: { invoice: datesAsked.handlers } } },
  play: async ({ canvasElement, args }) => {
    datesAsked.asked.previews.length = 0;
    datesAsked.asked.created.length = 0;
    const canvas = within(canvasElement);
    const today = invoiceToday();
    const issue = canvas.getByLabelText('Issue date');
    const due = canvas.getByLabelText('Due date');
    await expect(issue).toHaveValue(today);
    await expect(due).toHaveValue(defaultDueDate(today));
    await expect(canvas.getByText('14 days after the issue date unless you change it.')).toBeInTheDocument();
    await expect(await canvas.findByRole('table', { name: 'Preview' })).toBeInTheDocument();
    const create = canvas.getByRole('button', { name: 'Create invoice' });

    pickDate(issue, dayAfter(today, 1));
    await expect(await canvas.findByText('The issue date must not be in the future.')).toBeInTheDocument();
    await expect(issue).toHaveAttribute('aria-invalid', 'true');
    await expect(create).toBeDisabled();

    pickDate(issue, '2026-11-02');
    pickDate(due, '2026-11-01');
    await expect(await canvas.findByText('The due date must not be before the issue date.')).toBeInTheDocument();
    await expect(due).toHaveAttribute('aria-invalid', 'true');
    await expect(create).toBeDisabled();

    pickDate(due, '2026-11-30');
    await waitFor(() => expect(create).toBeEnabled());
    await expect(issue).not.toHaveAttribute('aria-invalid');
    await expect(datesAsked.asked.previews.at(-1)).toContain('issueDate=2026-11-02');
    await expect(datesAsked.asked.previews.at(-1)).toContain('dueDate=2026-11-30');
    // Dates that break a rule are never sent.
    await expect(datesAsked.asked.previews.some((search) => search.includes('dueDate=2026-11-01'))).toBe(false);
    await userEvent.click(create);
    await waitFor(() => expect(args.onCreated).toHaveBeenCalledTimes(1));
    await expect(datesAsked.asked.created).toEqual([{ waybills: TARTU, issueDate: '2026-11-02', dueDate: '2026-11-30' }]);
  },
};

export const DatesEstonian: Story = {
  globals: { locale: 'et' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    pickDate(canvas.getByLabelText('Arve kuupäev'), dayAfter(invoiceToday(), 1));
    await expect(await canvas.findByText('Arve kuupäev ei tohi olla tulevikus.')).toBeInTheDocument();
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
