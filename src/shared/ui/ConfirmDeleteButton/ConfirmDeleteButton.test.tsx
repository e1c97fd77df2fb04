import { screen, waitFor, within } from '@testing-library/react';

import { renderWithProviders } from '../../../../tests/jest/render';

import { ConfirmDeleteButton, type ConfirmDeleteButtonProps } from './ConfirmDeleteButton';

const texts = {
  label: 'Delete',
  question: 'Delete waybill W-2026-000042?',
  description: 'The draft is removed for good.',
  confirmLabel: 'Delete waybill',
  keepLabel: 'Keep it',
};

const setup = (props: Partial<ConfirmDeleteButtonProps> & Pick<ConfirmDeleteButtonProps, 'onDelete'>) => {
  const onDeleted = jest.fn();
  const view = renderWithProviders(<ConfirmDeleteButton {...texts} onDeleted={onDeleted} {...props} />);
  const ask = async () => {
    await view.user.click(screen.getByRole('button', { name: 'Delete' }));
    return within(await screen.findByRole('dialog', { name: texts.question }));
  };
  return { ...view, onDeleted, ask };
};

/** What `unwrap()` does on a failed call: rejects with RTK Query's error object, not an Error. */
// eslint-disable-next-line @typescript-eslint/prefer-promise-reject-errors
const failWith = (error: unknown): Promise<never> => Promise.reject(error);

/** A promise the test settles when it wants to. */
const deferred = () => {
  let resolve: () => void = () => undefined;
  const promise = new Promise<void>((done) => {
    resolve = done;
  });
  return { promise, resolve };
};

describe('ConfirmDeleteButton', () => {
  it('deletes nothing until confirmed, and Keep closes the dialog without deleting', async () => {
    const onDelete = jest.fn(() => Promise.resolve());
    const { ask, user, onDeleted } = setup({ onDelete });

    const dialog = await ask();
    expect(dialog.getByText(texts.description)).toBeInTheDocument();
    expect(onDelete).not.toHaveBeenCalled();

    await user.click(dialog.getByRole('button', { name: 'Keep it' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(onDelete).not.toHaveBeenCalled();
    expect(onDeleted).not.toHaveBeenCalled();
  });

  it('keeps the dialog open and both buttons disabled while deleting, then closes, toasts and calls onDeleted', async () => {
    const answer = deferred();
    const onDelete = jest.fn(() => answer.promise);
    const { ask, user, onDeleted } = setup({ onDelete, deletedMessage: 'Waybill W-2026-000042 deleted.' });

    const dialog = await ask();
    await user.click(dialog.getByRole('button', { name: 'Delete waybill' }));
    expect(onDelete).toHaveBeenCalledTimes(1);
    expect(dialog.getByRole('button', { name: 'Delete waybill' })).toBeDisabled();
    expect(dialog.getByRole('button', { name: 'Keep it' })).toBeDisabled();
    // The page behind the modal is hidden from assistive technology, its button too.
    expect(screen.getByRole('button', { name: 'Delete', hidden: true })).toBeDisabled();
    expect(onDeleted).not.toHaveBeenCalled();

    answer.resolve();
    expect(await screen.findByText('Waybill W-2026-000042 deleted.')).toBeInTheDocument();
    expect(onDeleted).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('dialog', { name: texts.question })).toBeNull();
    expect(screen.getByRole('button', { name: 'Delete' })).toBeEnabled();
  });

  it('unwraps an RTK Query call and shows its refusal in the dialog, which stays open for another try', async () => {
    const refusal = { status: 400, message: 'The waybill is on an invoice.', hasMessage: true, fieldErrors: {} };
    const onDelete = jest.fn(() => ({ unwrap: () => failWith(refusal) }));
    const { ask, user, onDeleted } = setup({ onDelete });

    const dialog = await ask();
    await user.click(dialog.getByRole('button', { name: 'Delete waybill' }));
    expect(await dialog.findByRole('alert')).toHaveTextContent('The waybill is on an invoice.');
    expect(dialog.getByRole('button', { name: 'Delete waybill' })).toBeEnabled();
    expect(onDeleted).not.toHaveBeenCalled();

    // Asking again starts without the old error.
    await user.click(dialog.getByRole('button', { name: 'Keep it' }));
    const again = await ask();
    expect(again.queryByRole('alert')).toBeNull();
  });

  it('says what went wrong in the app’s words when the failure is not an API error yet', async () => {
    const onDelete = jest.fn(() => failWith({ status: 503, data: 'Service Unavailable' }));
    const { ask, user } = setup({ onDelete });

    const dialog = await ask();
    await user.click(dialog.getByRole('button', { name: 'Delete waybill' }));
    expect(await dialog.findByRole('alert')).toHaveTextContent('Something went wrong (error 503). Please try again.');
  });

  it('does not open when disabled, and tells why', async () => {
    const onDelete = jest.fn(() => Promise.resolve());
    const { user } = setup({ onDelete, disabled: true, hint: 'You cannot delete your own account.' });

    const button = screen.getByRole('button', { name: 'Delete' });
    expect(button).toHaveAttribute('title', 'You cannot delete your own account.');
    await user.click(button);
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
