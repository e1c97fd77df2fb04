import { screen, within } from '@testing-library/react';
import { isEvrReady, versionConflictDetail } from '@timberlog/contract';
import { DEMO_USERS } from '@timberlog/contract/demo-data';
import { http, HttpResponse } from 'msw';

import { startLiveUpdates } from '@/features/live-updates';
import { BulkActionsButton } from '@/features/waybill/bulk-actions';
import { mockDb } from '@/shared/mock-db';

import { renderWithProviders, signedInState } from './render';
import { server } from './server';

/**
 * A bulk action's preview follows colleagues' changes as an open waybill page does: the live event
 * naming one of its waybills asks the dry run again, and the preview says what changed.
 */
describe('a bulk preview while a colleague works', () => {
  let stop: (() => void) | null = null;
  afterEach(() => {
    stop?.();
    stop = null;
  });

  it('is checked again when a colleague changes one of its waybills, and shows that one as changed since', async () => {
    const drafts = mockDb.waybills.filter((waybill) => waybill.status === 'draft' && isEvrReady(waybill)).slice(0, 2);
    const [kept, moved] = drafts as [(typeof drafts)[number], (typeof drafts)[number]];
    // The event stream: open, and sends a change when the test says so.
    let send: ((text: string) => void) | null = null;
    server.use(
      http.get('*/api/events/', () => {
        const stream = new ReadableStream<Uint8Array>({
          start(controller) {
            const encoder = new TextEncoder();
            send = (text) => controller.enqueue(encoder.encode(text));
            send(': connected\n\n');
          },
        });
        return new HttpResponse(stream, { headers: { 'content-type': 'text/event-stream' } });
      }),
    );
    const { store, user } = renderWithProviders(
      <BulkActionsButton
        target={{ kind: 'rows', rows: drafts.map(({ number, version }) => ({ number, version })) }}
        isStaff
        onFinished={() => undefined}
      />,
      { preloadedState: await signedInState({ email: DEMO_USERS.staff.email, isStaff: true }) },
    );
    stop = startLiveUpdates(store);

    await user.click(screen.getByRole('button', { name: 'Actions' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Confirm' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Confirm waybills' }));
    expect(await dialog.findByText('2 waybills will be confirmed.')).toBeInTheDocument();
    expect(dialog.queryByText(/Checked again/)).toBeNull();

    // A colleague edits the second waybill; the server announces it.
    const changedAt = new Date().toISOString();
    mockDb.waybills = mockDb.waybills.map((waybill) =>
      waybill.number === moved.number
        ? { ...waybill, version: waybill.version + 1, notes: 'Other truck', lastModifiedAt: changedAt }
        : waybill,
    );
    send!(
      `id: 9001\nevent: change\ndata: ${JSON.stringify({ id: 9001, entity: 'waybill', key: moved.number, version: moved.version + 1, action: 'updated', actor: 'Mari Mets' })}\n\n`,
    );

    expect(await dialog.findByText('Checked again: a waybill was changed meanwhile.')).toBeInTheDocument();
    expect(dialog.getByText('1 waybill will be confirmed.')).toBeInTheDocument();
    const review = within(dialog.getByRole('table', { name: 'Waybills the action cannot change' }));
    // The row says who changed it and when, as the single write's 412 would.
    expect(review.getByRole('row', { name: new RegExp(moved.number) })).toHaveTextContent(versionConflictDetail('en', null, changedAt));
    expect(
      within(dialog.getByRole('table', { name: 'Waybills the action will change' })).getByRole('row', { name: new RegExp(kept.number) }),
    );
    expect(dialog.getByRole('button', { name: 'Confirm 1 waybill' })).toBeEnabled();
  });
});
