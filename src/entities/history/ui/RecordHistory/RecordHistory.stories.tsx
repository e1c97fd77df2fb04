import type { Meta, StoryObj } from '@storybook/react';
import { delay, http, HttpResponse } from 'msw';
import { useTranslation } from 'react-i18next';
import { expect, userEvent, within } from 'storybook/test';

import { useValueLabels } from '@/shared/i18n';
import { useFormat } from '@/shared/lib/format';

import type { HistoryEntry } from '../../api/historyApi';

import { RecordHistory } from './RecordHistory';

const NUMBER = 'W-2026-001995';
// Jest's run waits for the network to settle; the browser keeps loading for good.
const LOADING_DELAY = typeof navigator !== 'undefined' && navigator.userAgent.includes('jsdom') ? 200 : ('infinite' as const);
const ago = (minutes: number) => new Date(Date.now() - minutes * 60_000).toISOString();
const mari = { email: 'mari.mets@timberlog.ee', name: 'Mari Mets' };
const jaan = { email: 'jaan.tamm@timberlog.ee', name: 'Jaan Tamm' };

const entry = (id: number, fields: Partial<HistoryEntry>): HistoryEntry => ({
  id,
  at: ago(id),
  action: 'updated',
  actor: mari,
  via: 'web',
  version: 10 - id,
  reason: null,
  changes: [],
  ...fields,
});

/** One of each kind of entry, newest first. */
const ENTRIES: HistoryEntry[] = [
  entry(2, { changes: [{ field: 'quantity', before: '31.200', after: '32.000' }] }),
  entry(30, {
    actor: jaan,
    changes: [{ field: 'status', before: 'delivered', after: 'confirmed' }],
    reason: 'Wrong quantity; the mill weighed again.',
  }),
  entry(125, { changes: [{ field: 'status', before: 'confirmed', after: 'delivered' }] }),
  entry(600, { actor: null, via: 'job', changes: [{ field: 'notes', before: '', after: 'Checked at the gate.' }] }),
  entry(2880, { via: 'import', action: 'created', changes: [] }),
];

const page = (results: HistoryEntry[], next: string | null = null) => ({ count: results.length, next, previous: null, results });
const path = '*/api/waybills/:number/history/';

const units: Record<string, string> = { m3: 'm³', t: 't' };
const fields = {
  quantity: { label: 'Quantity', format: (value: string) => `${value} ${units.m3}` },
  status: { label: 'Status', format: (value: string) => value.charAt(0).toUpperCase() + value.slice(1) },
  notes: { label: 'Notes' },
};

const meta = {
  title: 'entities/history/RecordHistory',
  component: RecordHistory,
  args: { entity: 'waybill', recordKey: NUMBER, fields },
} satisfies Meta<typeof RecordHistory>;

export default meta;
type Story = StoryObj<typeof meta>;

const allKinds = { msw: { handlers: { waybill: [http.get(path, () => HttpResponse.json(page(ENTRIES)))] } } };

/** Every kind of entry: a field change, a correction with its reason, a status change, a job's change, an import. */
export const Timeline: Story = {
  args: { recordKey: 'W-2026-001990' },
  parameters: allKinds,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const items = await canvas.findAllByRole('listitem');
    await expect(items[0]).toHaveTextContent(/Mari Mets changed.*Quantity 31\.200 m³ → 32\.000 m³/);
    await expect(canvas.getByText('Reason: Wrong quantity; the mill weighed again.')).toBeVisible();
    await expect(canvas.getByText('The system changed')).toBeVisible();
    await expect(canvas.getByText('by a background job')).toBeVisible();
    await expect(canvas.getByText('Mari Mets created it')).toBeVisible();
    await expect(canvas.getByText('by an import')).toBeVisible();
    // The exact date and time in the text, not only on hover.
    await expect(items[0]!.querySelector('time')).toHaveTextContent(/^\d{2}\/\d{2}\/\d{4}, \d{2}:\d{2}$/);
    await expect(items[0]).toHaveTextContent(/\(.*ago\)|\(now\)/);
  },
};

export const Empty: Story = {
  args: { recordKey: 'W-2026-001991' },
  parameters: { msw: { handlers: { waybill: [http.get(path, () => HttpResponse.json(page([])))] } } },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByText('No changes recorded yet.')).toBeVisible();
  },
};

export const Loading: Story = {
  args: { recordKey: 'W-2026-001992' },
  parameters: {
    msw: {
      handlers: {
        waybill: [
          http.get(path, async () => {
            await delay(LOADING_DELAY);
            return HttpResponse.json(page([]));
          }),
        ],
      },
    },
  },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText('Loading the history…')).toBeVisible();
  },
};

export const Failed: Story = {
  args: { recordKey: 'W-2026-001993' },
  parameters: { msw: { handlers: { waybill: [http.get(path, () => HttpResponse.json({ detail: 'Down' }, { status: 503 }))] } } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    // The app's error toast says it too; the timeline says it in place.
    await expect(await canvas.findByText(/Something went wrong \(error 503\)/, { selector: 'p' })).toHaveAttribute('role', 'alert');
    await expect(canvas.getByRole('button', { name: 'Try again' })).toBeEnabled();
  },
};

/** A long history loads older changes on request. */
export const OlderOnRequest: Story = {
  args: { recordKey: 'W-2026-001994' },
  parameters: {
    msw: {
      handlers: {
        waybill: [
          http.get(path, ({ request }) => {
            const second = new URL(request.url).searchParams.get('pageNumber') === '2';
            return HttpResponse.json(
              second ? { ...page(ENTRIES.slice(3)), count: 5, previous: 'p1' } : { ...page(ENTRIES.slice(0, 3), 'p2'), count: 5 },
            );
          }),
        ],
      },
    },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const older = await canvas.findByRole('button', { name: 'Show older changes' });
    await expect(canvasElement.querySelectorAll('ol > li')).toHaveLength(3);
    await userEvent.click(older);
    await expect(await canvas.findByText('Mari Mets created it')).toBeVisible();
    await expect(canvas.queryByRole('button', { name: 'Show older changes' })).toBeNull();
    await expect(canvasElement.querySelectorAll('ol > li')).toHaveLength(5);
  },
};

export const Estonian: Story = {
  args: { recordKey: 'W-2026-001995' },
  parameters: allKinds,
  globals: { locale: 'et' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText('Mari Mets lõi selle')).toBeVisible();
    await expect(canvas.getByText('importimisega')).toBeVisible();
    await expect(canvas.getByText('taustatööga')).toBeVisible();
  },
};

const only = (entries: HistoryEntry[]) => ({ msw: { handlers: { waybill: [http.get(path, () => HttpResponse.json(page(entries)))] } } });

/** A deleted waybill's last entry (its history stays readable by staff). */
const DELETED = [entry(1, { actor: jaan, action: 'deleted', changes: [] }), entry(45, { action: 'created', changes: [] })];

export const Deleted: Story = {
  args: { recordKey: 'W-2026-001997' },
  parameters: only(DELETED),
  play: async ({ canvasElement }) => {
    const items = await within(canvasElement).findAllByRole('listitem');
    await expect(items[0]).toHaveTextContent(/^Jaan Tamm deleted it · /);
  },
};

export const DeletedEstonian: Story = {
  args: { recordKey: 'W-2026-001998' },
  parameters: only(DELETED),
  globals: { locale: 'et' },
  play: async ({ canvasElement }) => {
    const items = await within(canvasElement).findAllByRole('listitem');
    await expect(items[0]).toHaveTextContent(/^Jaan Tamm kustutas selle · /);
  },
};

/** A change made with others in a bulk action, with the reason given for all of them. */
const BULK = [
  entry(15, {
    via: 'bulk',
    changes: [{ field: 'status', before: 'confirmed', after: 'cancelled' }],
    reason: 'The mill cancelled the haul.',
  }),
];

export const BulkAction: Story = {
  args: { recordKey: 'W-2026-001999' },
  parameters: only(BULK),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const items = await canvas.findAllByRole('listitem');
    await expect(items[0]).toHaveTextContent(/Mari Mets changed.*in a bulk action/);
    await expect(items[0]).toHaveTextContent('Status Confirmed → Cancelled');
    await expect(canvas.getByText('Reason: The mill cancelled the haul.')).toBeVisible();
  },
};

export const BulkActionEstonian: Story = {
  args: { recordKey: 'W-2026-002000' },
  parameters: only(BULK),
  globals: { locale: 'et' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText('hulgitoiminguga')).toBeVisible();
    await expect(canvas.getByText('Põhjus: The mill cancelled the haul.')).toBeVisible();
  },
};

const INVOICE = 'I-2026-000042';
const invoicePath = '*/api/invoices/:number/history/';
const invoiceHistory = (entries: HistoryEntry[]) => ({
  msw: { handlers: { invoice: [http.get(invoicePath, () => HttpResponse.json(page(entries)))] } },
});

/** An invoice's timeline with its fields named and shown as the invoice page does. */
function InvoiceTimeline({ recordKey }: { readonly recordKey: string }) {
  const { t } = useTranslation();
  const format = useFormat();
  const valueLabels = useValueLabels();
  const label = (field: string) => t(`invoices.fields.${field}`);
  const plain = ['externalId', 'syncAttempts', 'syncFailure', 'syncError', 'sentTo', 'sendAttempts', 'sendError'];
  const fields = {
    ...Object.fromEntries(plain.map((field) => [field, { label: label(field) }])),
    status: { label: label('status'), format: valueLabels.invoiceStatus },
    syncedAt: { label: label('syncedAt'), format: (value: string) => format.dateTime(value) },
    sentAt: { label: label('sentAt'), format: (value: string) => format.dateTime(value) },
  };
  return <RecordHistory entity="invoice" recordKey={recordKey} fields={fields} />;
}

/**
 * Sync attempts and their results, newest first: the accounting system refused the first
 * attempt (a job's entry with the reason), a person retried, and the next attempt succeeded.
 */
const SYNC = [
  entry(5, {
    actor: null,
    via: 'job',
    changes: [
      { field: 'status', before: 'pending_sync', after: 'synced' },
      { field: 'syncAttempts', before: '1', after: '2' },
      { field: 'externalId', before: null, after: 'ACC-2026-88412' },
      { field: 'syncedAt', before: null, after: '2026-11-20T09:14:00Z' },
    ],
  }),
  entry(30, { changes: [{ field: 'status', before: 'sync_failed', after: 'pending_sync' }] }),
  entry(60, {
    actor: null,
    via: 'job',
    changes: [
      { field: 'status', before: 'pending_sync', after: 'sync_failed' },
      { field: 'syncAttempts', before: '0', after: '1' },
      { field: 'syncFailure', before: null, after: 'The accounting system did not answer.' },
    ],
  }),
];

export const InvoiceSyncAttempts: Story = {
  args: { entity: 'invoice', recordKey: INVOICE },
  parameters: invoiceHistory(SYNC),
  render: (args) => <InvoiceTimeline recordKey={args.recordKey} />,
  play: async ({ canvasElement }) => {
    const items = await within(canvasElement).findAllByRole('listitem');
    const entries = items.filter((item) => item.parentElement?.tagName === 'OL');
    await expect(entries[0]).toHaveTextContent(/The system changed.*by a background job/);
    await expect(entries[0]).toHaveTextContent('Status Awaiting sync → Synced');
    await expect(entries[0]).toHaveTextContent('Accounting ID — → ACC-2026-88412');
    await expect(entries[0]).toHaveTextContent('Synced at — → 20/11/2026');
    await expect(entries[1]).toHaveTextContent(/Mari Mets changed.*Status Sync failed → Awaiting sync/);
    await expect(entries[2]).toHaveTextContent('Status Awaiting sync → Sync failed');
    await expect(entries[2]).toHaveTextContent('Reason — → The accounting system did not answer.');
  },
};

export const InvoiceSyncAttemptsEstonian: Story = {
  ...InvoiceSyncAttempts,
  args: { entity: 'invoice', recordKey: 'I-2026-000043' },
  globals: { locale: 'et' },
  play: async ({ canvasElement }) => {
    const items = await within(canvasElement).findAllByRole('listitem');
    const entries = items.filter((item) => item.parentElement?.tagName === 'OL');
    await expect(entries[0]).toHaveTextContent(/Süsteem muutis.*taustatööga/);
    await expect(entries[0]).toHaveTextContent('Olek Ootab sünkroonimist → Sünkroonitud');
    await expect(entries[2]).toHaveTextContent('Olek Ootab sünkroonimist → Sünkroonimine ebaõnnestus');
  },
};

/** Sending by email: a sending the mail server refused (its error kept), then one that went out. */
const SENT = [
  entry(2, {
    changes: [
      { field: 'sentAt', before: null, after: '2026-11-25T08:02:00Z' },
      { field: 'sentTo', before: null, after: 'arved@metsa.ee' },
      { field: 'sendAttempts', before: '1', after: '2' },
      { field: 'sendError', before: 'connect ECONNREFUSED 127.0.0.1:25', after: null },
    ],
  }),
  entry(20, {
    changes: [
      { field: 'sendAttempts', before: '0', after: '1' },
      { field: 'sendError', before: null, after: 'connect ECONNREFUSED 127.0.0.1:25' },
    ],
  }),
];

export const InvoiceSent: Story = {
  args: { entity: 'invoice', recordKey: 'I-2026-000044' },
  parameters: invoiceHistory(SENT),
  render: (args) => <InvoiceTimeline recordKey={args.recordKey} />,
  play: async ({ canvasElement }) => {
    const items = await within(canvasElement).findAllByRole('listitem');
    const entries = items.filter((item) => item.parentElement?.tagName === 'OL');
    await expect(entries[0]).toHaveTextContent('Sent — → 25/11/2026');
    await expect(entries[0]).toHaveTextContent('Sent to — → arved@metsa.ee');
    await expect(entries[0]).toHaveTextContent('Send attempts 1 → 2');
    await expect(entries[1]).toHaveTextContent('Sending error — → connect ECONNREFUSED 127.0.0.1:25');
  },
};

export const InvoiceSentEstonian: Story = {
  ...InvoiceSent,
  args: { entity: 'invoice', recordKey: 'I-2026-000045' },
  globals: { locale: 'et' },
  play: async ({ canvasElement }) => {
    const items = await within(canvasElement).findAllByRole('listitem');
    const entries = items.filter((item) => item.parentElement?.tagName === 'OL');
    await expect(entries[0]).toHaveTextContent('Saaja aadress — → arved@metsa.ee');
    await expect(entries[0]).toHaveTextContent('Saatmiskatseid 1 → 2');
    await expect(entries[1]).toHaveTextContent('Saatmise viga — → connect ECONNREFUSED 127.0.0.1:25');
  },
};

export const Dark: Story = { args: { recordKey: 'W-2026-001996' }, parameters: allKinds, globals: { theme: 'dark' }, play: Timeline.play };
