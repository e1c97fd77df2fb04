import type { Meta, StoryObj } from '@storybook/react';
import { translate, versionConflictDetail, waybillStatusLabel } from '@timberlog/contract';
import { expect, fn, userEvent, within } from 'storybook/test';

import type { BulkResult, BulkRow, WaybillListItem } from '@/entities/waybill';
import { mockBatchJob, mockWaybill } from '@/entities/waybill/index.mocks';

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

const DRIVERS = ['Peeter Kask', 'Margus Tamm', 'Jaan Lepp', 'Andres Mänd'];
const PLACES = [
  ['Tartu yard', 'Pärnu port'],
  ['Paide forest', 'Imavere sawmill'],
  ['Viljandi yard', 'Paldiski terminal'],
] as const;
/** The listed waybills as the list reads them: each with its own trip, to recognise it by. */
const listedOf = (numbers: readonly string[]): ReadonlyMap<string, WaybillListItem> =>
  new Map(
    numbers.map((number, i) => [
      number,
      mockWaybill({
        number,
        transportDate: `2026-11-${String(20 + (i % 8)).padStart(2, '0')}`,
        driverName: DRIVERS[i % DRIVERS.length],
        vehicleNumber: `${100 + i}ABC`,
        originName: PLACES[i % PLACES.length]![0],
        destinationName: PLACES[i % PLACES.length]![1],
        quantity: `${(20 + (i % 9) * 1.25).toFixed(3)}`,
      }),
    ]),
  );

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
    ...numbered(1, 38).map((number) => row(number, { version: 1 })),
    row('W-2026-000039', { outcome: 'unchanged', from: 'confirmed', version: 3 }),
    row('W-2026-000040', { outcome: 'refused', from: null, to: null, version: null, message: transition('delivered') }),
    row('W-2026-000041', { outcome: 'refused', from: null, to: null, version: null, message: transition('cancelled') }),
  ],
  exportRequest: null,
};
const results: BulkResult = { ...preview, dryRun: false, rows: preview.rows.map((r) => (r.outcome === 'done' ? { ...r, version: 2 } : r)) };
const listed = listedOf(numbered(1, 41));

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
      version: null,
      message: translate('en', 'waybill.notDeletable', { status: waybillStatusLabel('en', 'confirmed') }),
    }),
    row('W-2026-999999', { outcome: 'missing', from: null, to: null, version: null, message: translate('en', 'notFound') }),
  ],
  exportRequest: null,
};

/** 25 waybills to cancel (drafts and confirmed ones): a cancel is final. */
const cancelPreview: BulkResult = {
  ...preview,
  action: 'cancel',
  total: 25,
  done: 25,
  unchanged: 0,
  refused: 0,
  rows: numbered(1, 25).map((number, i) => row(number, { from: i % 3 === 0 ? 'confirmed' : 'draft', to: 'cancelled', version: 1 })),
};
/** 4 drafts to delete: gone for good. */
const deletePreview: BulkResult = {
  ...preview,
  action: 'delete',
  total: 4,
  done: 4,
  unchanged: 0,
  refused: 0,
  rows: numbered(1, 4).map((number) => row(number, { to: null, version: null })),
};

/** The undo of 30 confirmed waybills: each back to draft, a correction that needs a reason, one changed since. */
const undoPreview: BulkResult = {
  action: 'undo',
  dryRun: true,
  total: 30,
  done: 29,
  unchanged: 0,
  refused: 0,
  stale: 1,
  missing: 0,
  rows: [
    ...numbered(1, 29).map((number) => row(number, { from: 'confirmed', to: 'draft', needsReason: true })),
    row('W-2026-000030', { outcome: 'stale', from: null, to: null, version: null, message: staleBy('Mari Mets', '2026-11-27T09:15:00Z') }),
  ],
  exportRequest: null,
};
const undoWithReason: BulkResult = { ...undoPreview, rows: undoPreview.rows.map((r) => ({ ...r, needsReason: false })) };
const undoResults: BulkResult = {
  ...undoWithReason,
  dryRun: false,
  rows: undoWithReason.rows.map((r) => (r.outcome === 'done' ? { ...r, version: 3 } : r)),
};
const allConfirmed: BulkResult = { ...results, total: 30, done: 30, unchanged: 0, refused: 0, rows: numbered(1, 30).map((n) => row(n)) };

/** Whether a button is drawn red: the danger fill of the theme shown. */
const drawnRed = (button: HTMLElement): boolean => {
  const probe = document.createElement('span');
  probe.style.color = 'var(--color-danger)';
  button.append(probe);
  const red = getComputedStyle(probe).color;
  probe.remove();
  return getComputedStyle(button).backgroundColor === red;
};

/** A phone's width (412 px): the dialog's body fills it. */
const PHONE = { width: 412 };

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
    listed,
    onRun: fn(),
    onRetry: fn(),
    onClose: fn(),
  },
} satisfies Meta<typeof BulkActionView>;

export default meta;
type Story = StoryObj<typeof meta>;

/** The dry run's answer: the waybills it will change, each recognisable by its trip; how many cannot and why. */
export const Preview: Story = {
  play: async ({ canvasElement, args }) => {
    const view = within(canvasElement);
    await expect(view.getByText('38 waybills will be confirmed.')).toBeInTheDocument();
    await expect(view.getByText('1 already has that status: it stays as it is.')).toBeInTheDocument();
    await expect(view.getByText('2 cannot be: see why below.')).toBeInTheDocument();
    const changes = within(view.getByRole('table', { name: 'Waybills the action will change' }));
    const first = changes.getByRole('row', { name: /W-2026-000001/ });
    await expect(first).toHaveTextContent('100ABC · Peeter Kask');
    await expect(first).toHaveTextContent('Tartu yard → Pärnu port');
    await expect(first).toHaveTextContent('from Draft to Confirmed');
    const refused = within(view.getByRole('table', { name: 'Waybills the action cannot change' }));
    await expect(refused.getByRole('rowheader', { name: 'W-2026-000040' })).toBeInTheDocument();
    await expect(refused.getByText(transition('delivered'))).toBeInTheDocument();
    await expect(view.getByText('Once done, only staff can undo this.')).toBeInTheDocument();
    await expect(view.getByRole('button', { name: 'Close' })).toBeInTheDocument();
    // Confirming can be taken back: not drawn as a danger.
    await expect(drawnRed(view.getByRole('button', { name: 'Confirm 38 waybills' }))).toBe(false);
    await userEvent.click(view.getByRole('button', { name: 'Confirm 38 waybills' }));
    await expect(args.onRun).toHaveBeenCalledWith(preview);
  },
};

/** Before the trips are read: the numbers and the status change alone. */
export const PreviewReading: Story = { args: { listed: new Map() } };

export const PreviewPhone: Story = { parameters: PHONE };

export const PreviewEstonian: Story = {
  globals: { locale: 'et' },
  play: async ({ canvasElement }) => {
    const view = within(canvasElement);
    await expect(view.getByText('Kinnitatakse 38 veoselehte.')).toBeInTheDocument();
    await expect(view.getByRole('table', { name: 'Veoselehed, mida toiming muudab' })).toBeInTheDocument();
    await expect(view.getByRole('button', { name: 'Sulge' })).toBeInTheDocument();
    await expect(view.getByRole('button', { name: 'Kinnita 38 veoselehte' })).toBeInTheDocument();
  },
};

export const PreviewDark: Story = { globals: { theme: 'dark' } };

/** A colleague changed a listed waybill while the preview was open: it is checked again and says so. */
export const PreviewRechecked: Story = {
  args: {
    phase: {
      name: 'preview',
      rechecked: true,
      preview: {
        ...preview,
        done: 37,
        stale: 1,
        rows: preview.rows.map((r) =>
          r.number === 'W-2026-000002'
            ? row(r.number, {
                outcome: 'stale',
                from: null,
                to: null,
                version: null,
                message: staleBy('Mari Mets', '2026-11-27T09:15:00Z'),
              })
            : r,
        ),
      },
    },
  },
  play: async ({ canvasElement }) => {
    const view = within(canvasElement);
    await expect(view.getByRole('status')).toHaveTextContent('Checked again: a waybill was changed meanwhile.');
    await expect(view.getByText('37 waybills will be confirmed.')).toBeInTheDocument();
    const refused = within(view.getByRole('table', { name: 'Waybills the action cannot change' }));
    await expect(refused.getByRole('row', { name: /W-2026-000002/ })).toHaveTextContent(/Mari Mets/);
  },
};

/**
 * While it is checked again it says so, and the run can still be asked for: a click is never lost
 * to a check under way, and the server answers a waybill changed meanwhile as such.
 */
export const PreviewRechecking: Story = {
  args: { phase: { name: 'preview', preview, rechecking: true }, onRun: fn() },
  play: async ({ args, canvasElement }) => {
    const view = within(canvasElement);
    await expect(view.getByRole('status')).toHaveTextContent('A waybill changed: checking again…');
    await userEvent.click(view.getByRole('button', { name: 'Confirm 38 waybills' }));
    await expect(args.onRun).toHaveBeenCalledWith(preview);
  },
};

export const PreviewRecheckedEstonian: Story = { ...PreviewRechecked, globals: { locale: 'et' }, play: undefined };

/** Staff confirming delivered waybills too: those need a reason (a correction), and wait for it. */
export const PreviewStaffReason: Story = {
  args: {
    isStaff: true,
    size: 3,
    phase: {
      name: 'preview',
      preview: {
        ...preview,
        total: 3,
        done: 3,
        unchanged: 0,
        refused: 0,
        rows: [row('W-2026-000001'), row('W-2026-000002'), row('W-2026-000003', { from: 'delivered', needsReason: true })],
      },
    },
  },
  play: async ({ canvasElement, args }) => {
    const view = within(canvasElement);
    await expect(view.getByText('1 of them needs a reason: give one below.')).toBeInTheDocument();
    const changes = within(view.getByRole('table', { name: 'Waybills the action will change' }));
    await expect(changes.getByRole('row', { name: /W-2026-000003/ })).toHaveTextContent('Needs a reason');
    // Without the reason the delivered one is left out.
    await expect(view.getByRole('button', { name: 'Confirm 2 waybills' })).toBeEnabled();
    const reason = view.getByLabelText('Reason (needed for 1 waybill)');
    await expect(reason).toHaveAccessibleDescription("Kept in each changed waybill's history.");
    await userEvent.type(reason, 'W');
    await expect(args.onReasonChange).toHaveBeenCalledWith('W');
  },
};

export const PreviewStaffReasonGiven: Story = {
  args: { ...PreviewStaffReason.args, reason: 'Marked delivered by mistake' },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('button', { name: 'Confirm 3 waybills' })).toBeEnabled();
  },
};

/** Cancelling is final: the button is red and the preview says plainly that it cannot be undone. */
export const PreviewCancel: Story = {
  args: { action: 'cancel', size: 25, isStaff: true, phase: { name: 'preview', preview: cancelPreview } },
  play: async ({ canvasElement }) => {
    const view = within(canvasElement);
    await expect(view.getByText('25 waybills will be cancelled.')).toBeInTheDocument();
    await expect(
      view.getByText('This cannot be undone: a cancelled waybill stays cancelled, and cannot be edited, delivered or invoiced.'),
    ).toBeInTheDocument();
    await expect(drawnRed(view.getByRole('button', { name: 'Cancel 25 waybills' }))).toBe(true);
    await expect(view.getByRole('button', { name: 'Close' })).toBeInTheDocument();
    await expect(view.queryByRole('button', { name: 'Cancel' })).toBeNull();
  },
};

export const PreviewCancelEstonian: Story = {
  ...PreviewCancel,
  globals: { locale: 'et' },
  play: async ({ canvasElement }) => {
    const view = within(canvasElement);
    await expect(view.getByText(/^Seda ei saa tagasi võtta: tühistatud veoseleht jääb tühistatuks/)).toBeInTheDocument();
    await expect(drawnRed(view.getByRole('button', { name: 'Tühista 25 veoselehte' }))).toBe(true);
  },
};

export const PreviewCancelDark: Story = { ...PreviewCancel, globals: { theme: 'dark' } };

export const PreviewCancelPhone: Story = { ...PreviewCancel, parameters: PHONE };

/** Deleting drafts: red, and gone for good. */
export const PreviewDelete: Story = {
  args: { action: 'delete', size: 4, phase: { name: 'preview', preview: deletePreview } },
  play: async ({ canvasElement }) => {
    const view = within(canvasElement);
    await expect(view.getByText('This cannot be undone: the drafts are removed for good.')).toBeInTheDocument();
    const changes = within(view.getByRole('table', { name: 'Waybills the action will change' }));
    await expect(changes.getByRole('row', { name: /W-2026-000001/ })).toHaveTextContent('from Draft to Removed');
    await expect(drawnRed(view.getByRole('button', { name: 'Delete 4 drafts' }))).toBe(true);
  },
};

export const PreviewDeleteDark: Story = { ...PreviewDelete, globals: { theme: 'dark' } };

/** Nothing the action can do: the run button is off, the rows say why (a missing one too). */
export const PreviewNothingToDo: Story = {
  args: { action: 'delete', size: 2, phase: { name: 'preview', preview: nothingToDo } },
  play: async ({ canvasElement }) => {
    const view = within(canvasElement);
    await expect(view.getByRole('button', { name: 'Delete 0 drafts' })).toBeDisabled();
    await expect(view.getByText(translate('en', 'notFound'))).toBeInTheDocument();
    await expect(view.queryByLabelText('Reason (optional)')).toBeNull();
    // Nothing will change: nothing to warn about.
    await expect(view.queryByText(/cannot be undone/)).toBeNull();
  },
};

export const PreviewExport: Story = {
  args: {
    action: 'export',
    size: 3,
    phase: {
      name: 'preview',
      preview: {
        ...preview,
        action: 'export',
        total: 3,
        done: 3,
        unchanged: 0,
        refused: 0,
        rows: numbered(1, 3).map((n) => row(n, { to: null })),
      },
    },
  },
  play: async ({ canvasElement, args }) => {
    const view = within(canvasElement);
    await userEvent.click(view.getByRole('radio', { name: 'CSV' }));
    await expect(args.onFormatChange).toHaveBeenCalledWith('csv');
    await expect(view.getByRole('button', { name: 'Export 3 waybills' })).toBeEnabled();
    await expect(view.queryByRole('table')).toBeNull();
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

/** The real run's outcome per row, for an ordinary user: what changed, the refused ones with why, and who can undo it. */
export const Results: Story = {
  args: { phase: { name: 'results', result: results } },
  play: async ({ canvasElement, args }) => {
    const view = within(canvasElement);
    await expect(view.getByText('38 waybills confirmed.')).toBeInTheDocument();
    await expect(view.getByText('2 were not changed: see why below.')).toBeInTheDocument();
    await expect(view.getByRole('table', { name: 'Waybills changed' })).toBeInTheDocument();
    await expect(view.getByRole('table', { name: 'Waybills not changed' })).toBeInTheDocument();
    await expect(view.getByText('Only staff can undo this.')).toBeInTheDocument();
    await expect(view.queryByRole('button', { name: 'Undo this action' })).toBeNull();
    await userEvent.click(view.getByRole('button', { name: 'Done' }));
    await expect(args.onClose).toHaveBeenCalled();
  },
};

/** Staff see "Undo this action" for what it changed. */
export const ResultsUndoable: Story = {
  args: { isStaff: true, size: 30, phase: { name: 'results', result: allConfirmed }, onUndo: fn() },
  play: async ({ canvasElement, args }) => {
    const view = within(canvasElement);
    await expect(view.getByText('30 waybills confirmed.')).toBeInTheDocument();
    await expect(view.getByText(/^Changed by mistake\? Undo takes each waybill back/)).toBeInTheDocument();
    await userEvent.click(view.getByRole('button', { name: 'Undo this action' }));
    await expect(args.onUndo).toHaveBeenCalled();
  },
};

export const ResultsUndoableEstonian: Story = {
  ...ResultsUndoable,
  globals: { locale: 'et' },
  play: async ({ canvasElement }) => {
    const view = within(canvasElement);
    await expect(view.getByText('Kinnitatud 30 veoselehte.')).toBeInTheDocument();
    await expect(view.getByRole('button', { name: 'Võta see toiming tagasi' })).toBeInTheDocument();
  },
};

export const ResultsUndoableDark: Story = { ...ResultsUndoable, globals: { theme: 'dark' }, play: undefined };

export const ResultsUndoablePhone: Story = { ...ResultsUndoable, parameters: PHONE, play: undefined };

/** After a cancel: nothing to undo, and it says so. */
export const ResultsCancelled: Story = {
  args: { action: 'cancel', size: 25, isStaff: true, phase: { name: 'results', result: { ...cancelPreview, dryRun: false } } },
  play: async ({ canvasElement }) => {
    const view = within(canvasElement);
    await expect(view.getByText('25 waybills cancelled.')).toBeInTheDocument();
    await expect(view.getByText(/^This cannot be undone/)).toBeInTheDocument();
    await expect(view.queryByRole('button', { name: 'Undo this action' })).toBeNull();
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
          row('W-2026-000030', { outcome: 'refused', from: null, to: null, version: null, message: transition('delivered') }),
          row('W-2026-000031', {
            outcome: 'stale',
            from: null,
            to: null,
            version: null,
            message: staleBy('Mari Mets', '2026-11-02T09:15:00Z'),
          }),
          row('W-2026-000032', { outcome: 'stale', from: null, to: null, version: null, message: staleBy(null, '2026-11-02T09:20:00Z') }),
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
  args: { phase: { name: 'results', result: allConfirmed } },
  play: async ({ canvasElement }) => {
    const view = within(canvasElement);
    await expect(view.getByText('30 waybills confirmed.')).toBeInTheDocument();
    await expect(view.queryByRole('table', { name: 'Waybills not changed' })).toBeNull();
  },
};

/** The undo's own preview: every row goes back by a correction, so the reason is required before it runs. */
export const UndoPreview: Story = {
  args: { action: 'undo', size: 30, isStaff: true, phase: { name: 'preview', preview: undoPreview } },
  play: async ({ canvasElement }) => {
    const view = within(canvasElement);
    await expect(view.getByText('29 waybills will go back to their status before.')).toBeInTheDocument();
    await expect(view.getByText('29 of them need a reason: give one below.')).toBeInTheDocument();
    const changes = within(view.getByRole('table', { name: 'Waybills the action will change' }));
    await expect(changes.getByRole('row', { name: /W-2026-000001/ })).toHaveTextContent('from Confirmed to Draft');
    await expect(view.getByLabelText('Reason (required)')).toBeRequired();
    await expect(view.getByRole('button', { name: 'Undo 0 changes' })).toBeDisabled();
    // An undo says nothing of undoing it again.
    await expect(view.queryByText(/undo it from the results/)).toBeNull();
  },
};

/** With the reason given, nothing waits for one any more. */
export const UndoPreviewWithReason: Story = {
  args: { ...UndoPreview.args, reason: 'Confirmed the wrong trucks' },
  play: async ({ canvasElement, args }) => {
    const view = within(canvasElement);
    await expect(view.queryByText(/need a reason/)).toBeNull();
    await expect(view.queryByText('Needs a reason')).toBeNull();
    await userEvent.click(view.getByRole('button', { name: 'Undo 29 changes' }));
    await expect(args.onRun).toHaveBeenCalledWith(undoPreview);
  },
};

export const UndoPreviewEstonian: Story = {
  ...UndoPreview,
  globals: { locale: 'et' },
  play: async ({ canvasElement }) => {
    const view = within(canvasElement);
    await expect(view.getByText('29 veoselehte lähevad tagasi eelmisse olekusse.')).toBeInTheDocument();
    await expect(view.getByLabelText('Põhjus (kohustuslik)')).toBeRequired();
    await expect(view.getByRole('button', { name: 'Võta tagasi 0 muudatust' })).toBeDisabled();
  },
};

export const UndoPreviewDark: Story = { ...UndoPreview, globals: { theme: 'dark' }, play: undefined };

export const UndoPreviewPhone: Story = { ...UndoPreview, parameters: PHONE, play: undefined };

export const UndoRunning: Story = {
  args: { action: 'undo', size: 30, isStaff: true, phase: { name: 'running', preview: undoWithReason } },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('status')).toHaveTextContent('Taking back 30 changes…');
  },
};

/** The undo's results: what went back, what did not and why; no undo of an undo. */
export const UndoResults: Story = {
  args: { action: 'undo', size: 30, isStaff: true, phase: { name: 'results', result: undoResults } },
  play: async ({ canvasElement }) => {
    const view = within(canvasElement);
    await expect(view.getByText('29 waybills are back in their status before.')).toBeInTheDocument();
    await expect(view.getByRole('table', { name: 'Waybills not changed' })).toHaveTextContent(/Mari Mets/);
    await expect(view.queryByRole('button', { name: 'Undo this action' })).toBeNull();
  },
};

export const UndoResultsEstonian: Story = {
  ...UndoResults,
  globals: { locale: 'et' },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText('29 veoselehte on tagasi eelmises olekus.')).toBeInTheDocument();
  },
};

export const UndoResultsDark: Story = { ...UndoResults, globals: { theme: 'dark' }, play: undefined };

export const UndoResultsPhone: Story = { ...UndoResults, parameters: PHONE, play: undefined };

export const Failed: Story = {
  args: { phase: { name: 'failed', message: 'At most 10,000 waybills at once; these filters select 12,400.' } },
  play: async ({ canvasElement, args }) => {
    const view = within(canvasElement);
    await expect(view.getByRole('alert')).toHaveTextContent('At most 10,000 waybills at once; these filters select 12,400.');
    await expect(view.getByRole('button', { name: 'Close' })).toBeInTheDocument();
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
