import type { Meta, StoryObj } from '@storybook/react';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';

import { ConfirmDeleteButton } from './ConfirmDeleteButton';

const refusal = {
  status: 400,
  message: 'The waybill is on invoice I-2026-000007 and cannot be deleted.',
  hasMessage: true,
  fieldErrors: {},
};

/** The error a refused delete rejects with (an ApiError, as the base query makes it), not an Error. */
// eslint-disable-next-line @typescript-eslint/prefer-promise-reject-errors
const refuse = (): Promise<void> => Promise.reject(refusal);

// Spies of their own per story: under Jest the stories of a file share the module's args.
const spies = (onDelete: () => Promise<void> = () => Promise.resolve()) => ({ onDelete: fn(onDelete), onDeleted: fn() });

const dialog = async () => within(await within(document.body).findByRole('dialog'));

const meta = {
  title: 'shared/ui/ConfirmDeleteButton',
  component: ConfirmDeleteButton,
  args: {
    label: 'Delete',
    question: 'Delete waybill W-2026-000042?',
    description: 'The draft is removed for good. This cannot be undone.',
    confirmLabel: 'Delete waybill',
    keepLabel: 'Keep it',
    onDelete: fn(() => Promise.resolve()),
    deletedMessage: 'Waybill W-2026-000042 deleted.',
    onDeleted: fn(),
  },
} satisfies Meta<typeof ConfirmDeleteButton>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  args: spies(),
  play: async ({ args, canvasElement }) => {
    await userEvent.click(within(canvasElement).getByRole('button', { name: 'Delete' }));
    const asked = await dialog();
    await expect(asked.getByText('Delete waybill W-2026-000042?')).toBeInTheDocument();
    await expect(args.onDelete).not.toHaveBeenCalled();
    await userEvent.click(asked.getByRole('button', { name: 'Delete waybill' }));
    await waitFor(() => expect(args.onDeleted).toHaveBeenCalledTimes(1));
    await expect(args.onDelete).toHaveBeenCalledTimes(1);
    await expect(within(document.body).queryByRole('dialog')).toBeNull();
  },
};

export const KeepIt: Story = {
  args: spies(),
  play: async ({ args, canvasElement }) => {
    await userEvent.click(within(canvasElement).getByRole('button', { name: 'Delete' }));
    await userEvent.click((await dialog()).getByRole('button', { name: 'Keep it' }));
    await waitFor(() => expect(within(document.body).queryByRole('dialog')).toBeNull());
    await expect(args.onDelete).not.toHaveBeenCalled();
    await expect(args.onDeleted).not.toHaveBeenCalled();
  },
};

export const Refused: Story = {
  args: spies(refuse),
  play: async ({ args, canvasElement }) => {
    await userEvent.click(within(canvasElement).getByRole('button', { name: 'Delete' }));
    const asked = await dialog();
    await userEvent.click(asked.getByRole('button', { name: 'Delete waybill' }));
    await expect(await asked.findByRole('alert')).toHaveTextContent(refusal.message);
    await expect(asked.getByRole('button', { name: 'Delete waybill' })).toBeEnabled();
    await expect(args.onDeleted).not.toHaveBeenCalled();
  },
};

export const Deleting: Story = {
  args: spies(() => new Promise<void>(() => undefined)),
  play: async ({ canvasElement }) => {
    await userEvent.click(within(canvasElement).getByRole('button', { name: 'Delete' }));
    const asked = await dialog();
    await userEvent.click(asked.getByRole('button', { name: 'Delete waybill' }));
    await expect(asked.getByRole('button', { name: 'Delete waybill' })).toBeDisabled();
    await expect(asked.getByRole('button', { name: 'Keep it' })).toBeDisabled();
  },
};

export const Disabled: Story = {
  args: { label: 'Delete user', disabled: true, hint: 'You cannot delete your own account.' },
  play: async ({ canvasElement }) => {
    const button = within(canvasElement).getByRole('button', { name: 'Delete user' });
    await expect(button).toBeDisabled();
    await expect(button).toHaveAttribute('title', 'You cannot delete your own account.');
  },
};

export const InTableRow: Story = {
  args: { variant: 'minimal', size: 'sm', accessibleLabel: 'Delete Tartu yard', question: 'Delete Tartu yard?' },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('button', { name: 'Delete Tartu yard' })).toHaveTextContent('Delete');
  },
};

export const Dark: Story = { globals: { theme: 'dark' } };
