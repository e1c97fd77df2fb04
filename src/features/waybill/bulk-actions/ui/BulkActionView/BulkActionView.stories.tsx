import type { Meta, StoryObj } from '@storybook/react';
import { translate, versionConflictDetail, waybillStatusLabel } from '@timberlog/contract';
import { expect, fn, userEvent, within } from 'storybook/test';

import type { BulkResult, BulkRow } from '@/entities/waybill';
import { mockBatchJob } from '@/entities/waybill/index.mocks';

import { BulkActionView } from './BulkActionView';

const row = (number: string, overrides: Partial<BulkRow> = {}): BulkRow => ({
  number,
  outcome: 'done',
  from: 'draft',
  to: 'confirmed',
  version: 2,
  needsReason: false,
  message: null,
  ...overrides,
});
// The server's own words (the contract's catalogue), as the mocks answer them.
const transition = (from: 'delivered' | 'cancelled') =>
  translate('en', 'waybill.transition', { from: waybillStatusLabel('en', from), to: waybillStatusLabel('en', 'confirmed') });
// A stale row's reason: the 412 of its single write, who changed the waybill (or the system) and when.
const staleBy = (name: string | null, at: string) => versionConflictDetail('en', name, at);
const numbered = (from: number, count: number) => Array.from({ length: count }, (_, i) => `W-2026-${String(from + i).padStart(6, '0')}`);

/** 38 drafts to confirm, 2 that cannot be (delivered), 1 already confirmed. */
const preview: BulkResult = {
  action: 'confirm',
  dryRun: true,
  total: 41,
  done: 38,
  unchanged: 1,
  refused: 2,
  stale: 0,
  missing: 0,
  rows: [
    ...numbered(1, 38).map((number) => row(number)),
    row('W-2026-000039', { outcome: 'unchanged', from: 'confirmed' }),
    row('W-2026-000040', {
      outcome: 'refused',
      from: null,
      to: null,
      message: transition('delivered'),
    }),
    row('W-2026-000041', {
      outcome: 'refused',
      from: null,
      to: null,
      message: transition('cancelled'),
    }),
  ],
  exportRequest: null,
};
const results: BulkResult = { ...preview, dryRun: false };
const nothingToDo: BulkResult = {
  action: 'delete',
  dryRun: true,
  total: 2,
  done: 0,
  unchanged: 0,
  refused: 1,
  stale: 0,
  missing: 1,
  rows: [
    row('W-2026-000050', {
      outcome: 'refused',
      from: null,
      to: null,
      message: translate('en', 'waybill.notDeletable', { status: waybillStatusLabel('en', 'confirmed') }),
    }),
    row('W-2026-999999', { outcome: 'missing', from: null, to: null, message: translate('en', 'notFound') }),
  ],
  exportRequest: null,
};

const meta = {
  title: 'features/waybill/bulk-actions/BulkActionView',
  component: BulkActionView,
  args: {
    action: 'confirm',
    size: 41,
    phase: { name: 'preview', preview },
    reason: '',
    onReasonChange: fn(),
    format: 'xlsx',
    onFormatChange: fn(),
    isStaff: false,
    onRun: fn(),
    onRetry: fn(),
    onClose: fn(),
  },
} satisfies Meta<typeof BulkActionView>;

export default meta;
type Story = StoryObj<typeof meta>;

/** The dry run's answer: how many will change, how many cannot and why, per row. */
export const Preview: Story = {
  play: async ({ canvasElement, args }) => {
    const view = within(canvasElement);
    await expect(view.getByText('38 waybills will be confirmed.')).toBeInTheDocument();
    await expect(view.getByText('1 already has that status: it stays as it is.')).toBeInTheDocument();
    await expect(view.getByText('2 cannot be: see why below.')).toBeInTheDocument();
    const refused = within(view.getByRole('table', { name: 'Waybills the action cannot change' }));
    await expect(refused.getByRole('rowheader', { name: 'W-2026-000040' })).toBeInTheDocument();
    await expect(refused.getByText(transition('delivered'))).toBeInTheDocument();
    await userEvent.click(view.getByRole('button', { name: 'Confirm 38 waybills' }));
    await expect(args.onRun).toHaveBeenCalledWith(preview);
  },
};

/** Staff confirming: the reason returns delivered waybills to confirmed. */
export const PreviewStaffReason: Story = {
  args: { isStaff: true },
  play: async ({ canvasElement, args }) => {
    const view = within(canvasElement);
    const reason = view.getByLabelText('Reason (optional)');
    await expect(reason).toHaveAccessibleDescription(/needed to return delivered waybills to confirmed/);
    await userEvent.type(reason, 'W');
    await expect(args.onReasonChange).toHaveBeenCalledWith('W');
  },
};

/** Nothing the action can do: the run button is off, the rows say why (a missing one too). */
export const PreviewNothingToDo: Story = {
  args: { action: 'delete', size: 2, phase: { name: 'preview', preview: nothingToDo } },
  play: async ({ canvasElement }) => {
    const view = within(canvasElement);
    await expect(view.getByRole('button', { name: 'Delete 0 drafts' })).toBeDisabled();
    await expect(view.getByText(translate('en', 'notFound'))).toBeInTheDocument();
    await expect(view.queryByLabelText('Reason (optional)')).toBeNull();
  },
};

export const PreviewExport: Story = {
  args: {
    action: 'export',
    size: 3,
    phase: {
      name: 'preview',
      preview: { ...preview, action: 'export', total: 3, done: 3, unchanged: 0, refused: 0, rows: numbered(1, 3).map((n) => row(n)) },
    },
  },
  play: async ({ canvasElement, args }) => {
    const view = within(canvasElement);
    await userEvent.click(view.getByRole('radio', { name: 'CSV' }));
    await expect(args.onFormatChange).toHaveBeenCalledWith('csv');
    await expect(view.getByRole('button', { name: 'Export 3 waybills' })).toBeEnabled();
  },
};

/** The dry run answered at once is short; a large one is a background job with its progress. */
export const Checking: Story = { args: { phase: { name: 'checking' } } };

export const CheckingJob: Story = {
  args: { size: 1250, phase: { name: 'checking', job: mockBatchJob({ progress: 40, total: 1250 }) } },
  play: async ({ canvasElement }) => {
    const view = within(canvasElement);
    await expect(view.getByRole('progressbar', { name: 'Progress' })).toHaveAttribute('aria-valuenow', '40');
    await expect(view.getByRole('status')).toHaveTextContent('Checking 1,250 waybills… 40 %');
  },
};

export const Running: Story = {
  args: { size: 1250, phase: { name: 'running', preview, job: mockBatchJob({ progress: 75, total: 1250 }) } },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('status')).toHaveTextContent('Confirming 1,250 waybills… 75 %');
  },
};

/** The real run's outcome per row: the refused ones listed with why. */
export const Results: Story = {
  args: { phase: { name: 'results', result: results } },
  play: async ({ canvasElement, args }) => {
    const view = within(canvasElement);
    await expect(view.getByText('38 waybills confirmed.')).toBeInTheDocument();
    await expect(view.getByText('2 were not changed: see why below.')).toBeInTheDocument();
    await expect(view.getByRole('table', { name: 'Waybills not changed' })).toBeInTheDocument();
    await userEvent.click(view.getByRole('button', { name: 'Done' }));
    await expect(args.onClose).toHaveBeenCalled();
  },
};

/** Rows changed by someone else since they were picked: left as they are, each with who changed it and when, in the reader's language. */
export const ResultsWithStaleRows: Story = {
  args: {
    phase: {
      name: 'results',
      result: {
        ...results,
        total: 32,
        done: 29,
        unchanged: 0,
        refused: 1,
        stale: 2,
        rows: [
          ...numbered(1, 29).map((n) => row(n)),
          row('W-2026-000030', { outcome: 'refused', from: null, to: null, message: transition('delivered') }),
          row('W-2026-000031', { outcome: 'stale', from: null, to: null, message: staleBy('Mari Mets', '2026-11-02T09:15:00Z') }),
          row('W-2026-000032', { outcome: 'stale', from: null, to: null, message: staleBy(null, '2026-11-02T09:20:00Z') }),
        ],
      },
    },
  },
  play: async ({ canvasElement }) => {
    const view = within(canvasElement);
    await expect(view.getByText('29 waybills confirmed.')).toBeInTheDocument();
    await expect(view.getByText('1 was not changed: see why below.')).toBeInTheDocument();
    await expect(
      view.getByText('2 were changed since you selected them: they are left as they are (who changed them and when, below).'),
    ).toBeInTheDocument();
    const table = view.getByRole('table', { name: 'Waybills not changed' });
    await expect(within(table).getByRole('row', { name: /W-2026-000031/ })).toHaveTextContent(staleBy('Mari Mets', '2026-11-02T09:15:00Z'));
    await expect(within(table).getByRole('row', { name: /W-2026-000032/ })).toHaveTextContent(/system changed this record/);
  },
};

export const ResultsAllDone: Story = {
  args: {
    phase: {
      name: 'results',
      result: { ...results, total: 30, done: 30, unchanged: 0, refused: 0, rows: numbered(1, 30).map((n) => row(n)) },
    },
  },
  play: async ({ canvasElement }) => {
    const view = within(canvasElement);
    await expect(view.getByText('30 waybills confirmed.')).toBeInTheDocument();
    await expect(view.queryByRole('table')).toBeNull();
  },
};

export const Failed: Story = {
  args: { phase: { name: 'failed', message: 'At most 10,000 waybills at once; these filters select 12,400.' } },
  play: async ({ canvasElement, args }) => {
    const view = within(canvasElement);
    await expect(view.getByRole('alert')).toHaveTextContent('At most 10,000 waybills at once; these filters select 12,400.');
    await userEvent.click(view.getByRole('button', { name: 'Try again' }));
    await expect(args.onRetry).toHaveBeenCalled();
  },
};

export const Estonian: Story = {
  globals: { locale: 'et' },
  play: async ({ canvasElement }) => {
    const view = within(canvasElement);
    await expect(view.getByText('Kinnitatakse 38 veoselehte.')).toBeInTheDocument();
    await expect(view.getByRole('button', { name: 'Kinnita 38 veoselehte' })).toBeInTheDocument();
  },
};

export const EstonianResults: Story = {
  globals: { locale: 'et' },
  args: { phase: { name: 'results', result: results } },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText('Kinnitatud 38 veoselehte.')).toBeInTheDocument();
  },
};

export const Dark: Story = { globals: { theme: 'dark' } };

export const DarkRunning: Story = { ...Running, globals: { theme: 'dark' } };
