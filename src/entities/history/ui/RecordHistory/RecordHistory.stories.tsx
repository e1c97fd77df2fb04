import type { Meta, StoryObj } from '@storybook/react';
import { delay, http, HttpResponse } from 'msw';
import { expect, userEvent, within } from 'storybook/test';

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
    await expect(await within(canvasElement).findByText('Mari Mets lõi selle')).toBeVisible();
  },
};

export const Dark: Story = { args: { recordKey: 'W-2026-001996' }, parameters: allKinds, globals: { theme: 'dark' }, play: Timeline.play };
