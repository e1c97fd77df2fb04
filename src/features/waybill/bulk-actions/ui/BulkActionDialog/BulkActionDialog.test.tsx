import { isEvrReady } from '@timberlog/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { DEMO_USERS } from '@timberlog/contract/demo-data';

import { mockDb } from '@/shared/mock-db';

import { renderWithProviders, signedInState } from '../../../../../../tests/jest/render';
import type { BulkTarget } from '../../model/target';

import { BulkActionDialog } from './BulkActionDialog';

/** The first `n` drafts of the mock data, picked as the list showed them. */
const pickDrafts = (n: number): BulkTarget => ({
  kind: 'rows',
  rows: mockDb.waybills
    .filter((waybill) => waybill.status === 'draft' && isEvrReady(waybill))
    .slice(0, n)
    .map(({ number, version }) => ({ number, version })),
});
const numbersOf = (target: BulkTarget) => (target.kind === 'rows' ? target.rows.map((row) => row.number) : []);
const statusOf = (number: string) => mockDb.waybills.find((waybill) => waybill.number === number)?.status;

const open = async (props: { action: 'confirm' | 'cancel'; target: BulkTarget; staff: boolean }) => {
  const onFinished = jest.fn();
  const onOpenChange = jest.fn();
  const rendered = renderWithProviders(
    <BulkActionDialog
      action={props.action}
      target={props.target}
      isStaff={props.staff}
      onOpenChange={onOpenChange}
      onFinished={onFinished}
    />,
    {
      preloadedState: await signedInState(
        props.staff ? { email: DEMO_USERS.staff.email, isStaff: true } : { email: DEMO_USERS.user.email },
      ),
    },
  );
  return { ...rendered, onFinished, onOpenChange };
};

describe('a bulk action and its undo, against the mocks', () => {
  it('lists the waybills it will change, runs, and staff take it back with a reason as one more bulk action', async () => {
    const target = pickDrafts(3);
    const numbers = numbersOf(target);
    const first = mockDb.waybills.find((waybill) => waybill.number === numbers[0])!;
    const { user, onFinished } = await open({ action: 'confirm', target, staff: true });

    const dialog = within(await screen.findByRole('dialog', { name: 'Confirm waybills' }));
    expect(await dialog.findByText('3 waybills will be confirmed.')).toBeInTheDocument();
    const listed = within(dialog.getByRole('table', { name: 'Waybills the action will change' }));
    // Each waybill with enough to recognise it: its vehicle, driver and where it goes.
    const firstRow = await listed.findByRole('row', { name: new RegExp(first.number) });
    await waitFor(() => expect(firstRow).toHaveTextContent(first.vehicleNumber));
    expect(firstRow).toHaveTextContent(first.destinationName);
    expect(firstRow).toHaveTextContent('from Draft to Confirmed');
    expect(dialog.getByText('If this is a mistake, you can undo it from the results, with a reason.')).toBeInTheDocument();
    // Dismissing is "Close" (beside the corner's close button), not "Cancel": the action is cancelling's word.
    expect(dialog.getAllByRole('button', { name: 'Close' })).toHaveLength(2);
    expect(dialog.queryByRole('button', { name: 'Cancel' })).toBeNull();

    await user.click(dialog.getByRole('button', { name: 'Confirm 3 waybills' }));
    expect(await dialog.findByText('3 waybills confirmed.')).toBeInTheDocument();
    expect(numbers.map(statusOf)).toEqual(['confirmed', 'confirmed', 'confirmed']);
    expect(dialog.getByRole('table', { name: 'Waybills changed' })).toBeInTheDocument();

    await user.click(dialog.getByRole('button', { name: 'Undo this action' }));
    const undo = within(await screen.findByRole('dialog', { name: 'Undo: Confirm waybills' }));
    expect(await undo.findByText('3 waybills will go back to their status before.')).toBeInTheDocument();
    expect(undo.getByText('3 of them need a reason: give one below.')).toBeInTheDocument();
    expect(within(undo.getByRole('table', { name: 'Waybills the action will change' })).getAllByText('Needs a reason')).toHaveLength(3);
    // Without the reason nothing would go back: the run waits for one.
    expect(undo.getByRole('button', { name: 'Undo 0 changes' })).toBeDisabled();
    await user.type(undo.getByLabelText('Reason (required)'), 'Wrong trucks');
    await user.click(undo.getByRole('button', { name: 'Undo 3 changes' }));
    expect(await undo.findByText('3 waybills are back in their status before.')).toBeInTheDocument();
    expect(numbers.map(statusOf)).toEqual(['draft', 'draft', 'draft']);
    // An undo is not offered again.
    expect(undo.queryByRole('button', { name: 'Undo this action' })).toBeNull();
    // Two changes: the confirm and its undo, each a version of its own.
    expect(mockDb.waybills.find((waybill) => waybill.number === first.number)?.version).toBe(first.version + 2);

    await user.click(undo.getByRole('button', { name: 'Done' }));
    expect(onFinished).toHaveBeenCalledWith(numbers);
  });

  it('tells an ordinary user that only staff can take a confirm back, and offers no undo', async () => {
    const target = pickDrafts(2);
    const { user, onFinished } = await open({ action: 'confirm', target, staff: false });
    const dialog = within(await screen.findByRole('dialog', { name: 'Confirm waybills' }));
    expect(await dialog.findByText('Once done, only staff can undo this.')).toBeInTheDocument();
    await user.click(dialog.getByRole('button', { name: 'Confirm 2 waybills' }));
    expect(await dialog.findByText('Only staff can undo this.')).toBeInTheDocument();
    expect(dialog.queryByRole('button', { name: 'Undo this action' })).toBeNull();
    // Closed with the dialog's own close button: the list still learns what changed.
    await user.click(dialog.getByRole('button', { name: 'Close' }));
    expect(onFinished).toHaveBeenCalledWith(numbersOf(target));
  });

  it('says before a cancel runs that it cannot be undone, with a red button and Close to dismiss', async () => {
    const target = pickDrafts(2);
    const { user, onFinished, onOpenChange } = await open({ action: 'cancel', target, staff: true });
    const dialog = within(await screen.findByRole('dialog', { name: 'Cancel waybills' }));
    expect(
      await dialog.findByText('This cannot be undone: a cancelled waybill stays cancelled, and cannot be edited, delivered or invoiced.'),
    ).toBeInTheDocument();
    expect(dialog.getByRole('button', { name: 'Cancel 2 waybills' })).toHaveClass(/danger/);
    expect(dialog.queryByRole('button', { name: 'Cancel' })).toBeNull();
    // The dismiss button beside the action (the corner's close button has the same name).
    const [dismiss] = dialog.getAllByRole('button', { name: 'Close' }).filter((button) => button.textContent === 'Close');
    await user.click(dismiss!);
    expect(onOpenChange).toHaveBeenCalledWith(false);
    // Nothing ran: nothing to mark.
    expect(onFinished).not.toHaveBeenCalled();
    expect(numbersOf(target).map(statusOf)).toEqual(['draft', 'draft']);
  });
});
