import type { Meta, StoryObj } from '@storybook/react';
import { isEvrReady, translate, versionConflictDetail, waybillStatusLabel } from '@timberlog/contract';
import { createDemoData, DEMO_USERS } from '@timberlog/contract/demo-data';
import { http, HttpResponse } from 'msw';
import { expect, fn, userEvent, within } from 'storybook/test';

import { initialSessionState } from '@/entities/session';
import type { BatchJob, BulkRequest, BulkResult, BulkRow } from '@/entities/waybill';
import { mockBatchJob, waybillHandlers, waybillVolumeHandlers } from '@/entities/waybill/index.mocks';

import { BulkActionDialog } from './BulkActionDialog';

const signedIn = { preloadedState: { session: { ...initialSessionState, accessToken: 'access', sessionInitialized: true } } };
/** Staff, as the mocks know them (the mocks answer their corrections). */
const staffSignedIn = {
  preloadedState: {
    session: { ...initialSessionState, accessToken: `mock-access-token:${DEMO_USERS.staff.email}`, sessionInitialized: true },
  },
};
/** Three drafts of the mock data, picked as the list showed them. */
const DEMO_DRAFTS = createDemoData()
  .waybills.filter((waybill) => waybill.status === 'draft' && isEvrReady(waybill))
  .slice(0, 3)
  .map((waybill) => ({ number: waybill.number, version: 1 }));
const NUMBERS = ['W-2026-000001', 'W-2026-000002', 'W-2026-000003'];
/** The rows as the list showed them when they were picked: each with its version. */
const PICKED = NUMBERS.map((number) => ({ number, version: 1 }));
const delivered = translate('en', 'waybill.transition', {
  from: waybillStatusLabel('en', 'delivered'),
  to: waybillStatusLabel('en', 'confirmed'),
});

/**
 * What the server answers for these three: two drafts confirm; the delivered one is a correction, for
 * staff only, with a reason (a dry run without one says it needs one).
 */
const answer = (body: BulkRequest, staff = false): BulkResult => {
  const rows: BulkRow[] = NUMBERS.map((number, i) =>
    i < 2 || (staff && (body.reason || body.dryRun))
      ? {
          number,
          outcome: 'done',
          from: i < 2 ? 'draft' : 'delivered',
          to: 'confirmed',
          version: 2,
          needsReason: i === 2 && !body.reason,
          message: null,
        }
      : { number, outcome: 'refused', from: null, to: null, version: null, needsReason: false, message: delivered },
  );
  const count = (outcome: BulkRow['outcome']) => rows.filter((row) => row.outcome === outcome).length;
  return {
    action: body.action,
    dryRun: body.dryRun,
    total: rows.length,
    done: count('done'),
    unchanged: 0,
    refused: count('refused'),
    stale: 0,
    missing: 0,
    rows,
    exportRequest: null,
  };
};

/** Who changed the second waybill after it was picked, as the server words a stale row. */
const changedMeanwhile = versionConflictDetail('en', 'Mari Mets', '2026-11-02T09:15:00Z');

/**
 * The server with the second waybill at version 2 (Mari Mets changed it after the list was read):
 * a row sent with another version is stale and left alone; the others confirm.
 */
const staleApi = [
  http.post('*/api/waybills/bulk/', async ({ request }) => {
    const body = (await request.json()) as BulkRequest;
    const current: Record<string, number> = { [NUMBERS[0]!]: 1, [NUMBERS[1]!]: 2, [NUMBERS[2]!]: 1 };
    const rows: BulkRow[] = (body.rows ?? []).map(({ number, version }) =>
      version === current[number]
        ? { number, outcome: 'done', from: 'draft', to: 'confirmed', version: version + 1, needsReason: false, message: null }
        : { number, outcome: 'stale', from: null, to: null, version: null, needsReason: false, message: changedMeanwhile },
    );
    const count = (outcome: BulkRow['outcome']) => rows.filter((row) => row.outcome === outcome).length;
    return HttpResponse.json({
      action: body.action,
      dryRun: body.dryRun,
      total: rows.length,
      done: count('done'),
      unchanged: 0,
      refused: 0,
      stale: count('stale'),
      missing: 0,
      rows,
      exportRequest: null,
    } satisfies BulkResult);
  }),
  ...waybillHandlers,
];

const bulkApi = (staff = false) => [
  http.post('*/api/waybills/bulk/', async ({ request }) => HttpResponse.json(answer((await request.json()) as BulkRequest, staff))),
  // The listed waybills' trips, as the mocks' list reads them.
  ...waybillHandlers,
];

/** Past the rows answered at once: a job, running on the first poll and done on the next. */
const jobApi = () => {
  let job: BatchJob | null = null;
  let polls = 0;
  return [
    http.post('*/api/waybills/bulk/', async ({ request }) => {
      const body = (await request.json()) as BulkRequest;
      job = mockBatchJob({ state: 'queued', progress: 0, total: 1250 });
      const result = answer(body);
      polls = 0;
      job = { ...job, result };
      return HttpResponse.json({ ...job, result: null }, { status: 202 });
    }),
    http.get('*/api/batch-jobs/:id/', () => {
      polls += 1;
      if (!job) return HttpResponse.json({ detail: translate('en', 'notFound') }, { status: 404 });
      return HttpResponse.json(
        polls < 2
          ? { ...job, state: 'running', progress: 60, result: null }
          : { ...job, state: 'done', progress: 100, finishedAt: new Date().toISOString() },
      );
    }),
    ...waybillHandlers,
  ];
};

const meta = {
  title: 'features/waybill/bulk-actions/BulkActionDialog',
  component: BulkActionDialog,
  parameters: { store: signedIn, msw: { handlers: { waybill: bulkApi() } } },
  args: {
    action: 'confirm',
    target: { kind: 'rows', rows: PICKED },
    isStaff: false,
    onOpenChange: fn(),
    onFinished: fn(),
  },
} satisfies Meta<typeof BulkActionDialog>;

export default meta;
type Story = StoryObj<typeof meta>;

const dialog = async (name = 'Confirm waybills') => within(await within(document.body).findByRole('dialog', { name }));

/** The preview from the dry run, then the real run and its per-row results. */
export const PreviewThenRun: Story = {
  play: async ({ args }) => {
    const box = await dialog();
    await expect(await box.findByText('2 waybills will be confirmed.')).toBeInTheDocument();
    await expect(box.getByText(delivered)).toBeInTheDocument();
    await userEvent.click(box.getByRole('button', { name: 'Confirm 2 waybills' }));
    await expect(await box.findByText('2 waybills confirmed.')).toBeInTheDocument();
    await expect(box.getByText('1 was not changed: see why below.')).toBeInTheDocument();
    await userEvent.click(box.getByRole('button', { name: 'Done' }));
    await expect(args.onFinished).toHaveBeenCalledWith(NUMBERS.slice(0, 2));
    await expect(args.onOpenChange).toHaveBeenCalledWith(false);
  },
};

/** Staff confirming a delivered one too: the preview says it needs a reason, and the run takes it once one is given. */
export const StaffCorrection: Story = {
  args: { isStaff: true },
  parameters: { msw: { handlers: { waybill: bulkApi(true) } } },
  play: async () => {
    const box = await dialog();
    await expect(await box.findByText('3 waybills will be confirmed.')).toBeInTheDocument();
    await expect(box.getByText('1 of them needs a reason: give one below.')).toBeInTheDocument();
    await expect(box.getByRole('button', { name: 'Confirm 2 waybills' })).toBeEnabled();
    await userEvent.type(box.getByLabelText('Reason (needed for 1 waybill)'), 'Marked delivered by mistake');
    await expect(box.getByRole('button', { name: 'Confirm 3 waybills' })).toBeEnabled();
  },
};

/**
 * Staff confirm three drafts (the mocks' own answers), then take it back: the undo is one more
 * bulk action with its own preview, a reason each waybill's history keeps, and its results.
 */
export const UndoAfterRun: Story = {
  args: { isStaff: true, target: { kind: 'rows', rows: DEMO_DRAFTS } },
  parameters: { store: staffSignedIn, msw: { handlers: { waybill: [...waybillVolumeHandlers, ...waybillHandlers] } } },
  play: async ({ args }) => {
    const box = await dialog();
    const listed = within(await box.findByRole('table', { name: 'Waybills the action will change' }));
    await expect(await listed.findAllByRole('row')).toHaveLength(4);
    await userEvent.click(box.getByRole('button', { name: 'Confirm 3 waybills' }));
    await expect(await box.findByText('3 waybills confirmed.')).toBeInTheDocument();
    await userEvent.click(box.getByRole('button', { name: 'Undo this action' }));
    const undo = await dialog('Undo: Confirm waybills');
    await expect(await undo.findByText('3 of them need a reason: give one below.')).toBeInTheDocument();
    await userEvent.type(undo.getByLabelText('Reason (required)'), 'Confirmed the wrong trucks');
    await userEvent.click(undo.getByRole('button', { name: 'Undo 3 changes' }));
    await expect(await undo.findByText('3 waybills are back in their status before.')).toBeInTheDocument();
    await userEvent.click(undo.getByRole('button', { name: 'Done' }));
    await expect(args.onFinished).toHaveBeenCalledWith(DEMO_DRAFTS.map((row) => row.number));
  },
};

/** The undo's preview, as staff see it after "Undo this action", in Estonian. */
export const UndoEstonian: Story = {
  ...UndoAfterRun,
  globals: { locale: 'et' },
  play: async () => {
    const box = await dialog('Veoselehtede kinnitamine');
    await userEvent.click(await box.findByRole('button', { name: 'Kinnita 3 veoselehte' }));
    await userEvent.click(await box.findByRole('button', { name: 'Võta see toiming tagasi' }));
    const undo = await dialog('Tagasivõtmine: Veoselehtede kinnitamine');
    await expect(await undo.findByText('3 veoselehte lähevad tagasi eelmisse olekusse.')).toBeInTheDocument();
  },
};

export const UndoDark: Story = {
  ...UndoAfterRun,
  globals: { theme: 'dark' },
  play: async () => {
    const box = await dialog();
    await userEvent.click(await box.findByRole('button', { name: 'Confirm 3 waybills' }));
    await userEvent.click(await box.findByRole('button', { name: 'Undo this action' }));
    await (await dialog('Undo: Confirm waybills')).findByText('3 of them need a reason: give one below.');
  },
};

/**
 * A waybill changed by someone else after it was picked: the preview and the results say so on
 * its row, with who changed it and when, and it is left as it is while the others are confirmed.
 */
export const StaleRows: Story = {
  parameters: { msw: { handlers: { waybill: staleApi } } },
  play: async () => {
    const box = await dialog();
    await expect(await box.findByText('2 waybills will be confirmed.')).toBeInTheDocument();
    await expect(
      box.getByText('1 was changed since you selected it: it is left as it is (who changed it and when, below).'),
    ).toBeInTheDocument();
    await expect(box.getByRole('row', { name: new RegExp(NUMBERS[1]!) })).toHaveTextContent(changedMeanwhile);
    await userEvent.click(box.getByRole('button', { name: 'Confirm 2 waybills' }));
    await expect(await box.findByText('2 waybills confirmed.')).toBeInTheDocument();
    await expect(
      box.getByText('1 was changed since you selected it: it is left as it is (who changed it and when, below).'),
    ).toBeInTheDocument();
    const table = box.getByRole('table', { name: 'Waybills not changed' });
    await expect(within(table).getByRole('row', { name: new RegExp(NUMBERS[1]!) })).toHaveTextContent(changedMeanwhile);
  },
};

/** A large selection runs as a background job: its progress, then the preview. */
export const BackgroundJob: Story = {
  args: { target: { kind: 'filters', filters: 'statusIn=draft', count: 1250 } },
  parameters: { msw: { handlers: { waybill: jobApi() } } },
  play: async () => {
    const box = await dialog();
    await expect(box.getByText("All 1,250 waybills matching the list's filters.")).toBeInTheDocument();
    await expect(await box.findByRole('progressbar', { name: 'Progress' })).toBeInTheDocument();
    await expect(await box.findByText('2 waybills will be confirmed.', {}, { timeout: 8000 })).toBeInTheDocument();
  },
};

/**
 * The background job stops: its reason, and a way to try again. The job polled is the one the dry
 * run answered (its id), now failed: an answer about another job is not this one's.
 */
export const BackgroundJobFailed: Story = {
  args: { target: { kind: 'filters', filters: 'statusIn=draft', count: 1250 } },
  parameters: {
    msw: {
      handlers: {
        waybill: [
          http.post('*/api/waybills/bulk/', () =>
            HttpResponse.json(mockBatchJob({ state: 'queued', progress: 0, total: 1250 }), { status: 202 }),
          ),
          http.get('*/api/batch-jobs/:id/', ({ params }) =>
            HttpResponse.json(
              mockBatchJob({ id: String(params.id), state: 'failed', progress: 30, total: 1250, error: translate('en', 'bulk.failed') }),
            ),
          ),
        ],
      },
    },
  },
  play: async () => {
    const box = await dialog();
    await expect(await box.findByRole('alert')).toHaveTextContent(translate('en', 'bulk.failed'));
    await expect(box.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  },
};

export const Refused: Story = {
  args: { target: { kind: 'filters', filters: 'statusIn=draft', count: 12400 } },
  parameters: {
    msw: {
      handlers: {
        waybill: [
          http.post('*/api/waybills/bulk/', () =>
            HttpResponse.json({ filters: [translate('en', 'bulk.tooMany', { limit: '10,000', count: '12,400' })] }, { status: 400 }),
          ),
        ],
      },
    },
  },
  play: async () => {
    const box = await dialog();
    await expect(await box.findByRole('alert')).toHaveTextContent(translate('en', 'bulk.tooMany', { limit: '10,000', count: '12,400' }));
  },
};

export const Estonian: Story = {
  globals: { locale: 'et' },
  play: async () => {
    const box = await dialog('Veoselehtede kinnitamine');
    await expect(await box.findByText('Kinnitatakse 2 veoselehte.')).toBeInTheDocument();
  },
};

export const Dark: Story = {
  globals: { theme: 'dark' },
  play: async () => {
    const box = await dialog();
    await box.findByText('2 waybills will be confirmed.');
  },
};
