import type { Meta, StoryObj } from '@storybook/react';
import { useState } from 'react';
import { expect, fn, screen, userEvent, waitFor, within } from 'storybook/test';

import { Button } from '../Button/Button';

import { ConfirmDialog, Dialog } from './Dialog';

interface DemoProps {
  readonly kind: 'dialog' | 'confirm';
  readonly onConfirm: () => void;
  readonly busy?: boolean;
  readonly error?: string;
  readonly longText?: boolean;
  readonly initiallyOpen?: boolean;
}

function Demo({ kind, onConfirm, busy, error, longText, initiallyOpen = false }: DemoProps) {
  const [open, setOpen] = useState(initiallyOpen);
  return (
    <>
      <Button variant={kind === 'confirm' ? 'danger' : 'secondary'} onClick={() => setOpen(true)}>
        {kind === 'confirm' ? 'Delete waybill' : 'Export report'}
      </Button>
      {kind === 'confirm' ? (
        <ConfirmDialog
          open={open}
          onOpenChange={setOpen}
          title="Delete waybill W-2026-000042?"
          description={
            longText
              ? 'The draft waybill W-2026-000042 from Rakvere metsamaterjali vaheladu to Muuga sadam, with 48,500 m³ of spruce logs, is deleted for good. Nobody can restore it, and its number is not given out again.'
              : 'The draft is deleted for good.'
          }
          confirmLabel="Delete waybill"
          variant="danger"
          onConfirm={() => {
            onConfirm();
            if (!busy && !error) setOpen(false);
          }}
          busy={busy}
          error={error}
        />
      ) : (
        <Dialog
          open={open}
          onOpenChange={setOpen}
          title="Export waybill report"
          description="The report holds the 128 waybills the current filters select."
          size="md"
          actions={
            <>
              <Button variant="secondary" onClick={() => setOpen(false)}>
                Cancel
              </Button>
              <Button onClick={() => setOpen(false)}>Export</Button>
            </>
          }
        >
          <fieldset style={{ border: 0, padding: 0, margin: 0 }}>
            <legend>File format</legend>
            <label>
              <input type="radio" name="format" defaultChecked /> Excel (xlsx)
            </label>{' '}
            <label>
              <input type="radio" name="format" /> CSV
            </label>
          </fieldset>
        </Dialog>
      )}
    </>
  );
}

const meta = {
  title: 'shared/ui/Dialog',
  component: Demo,
  args: { kind: 'dialog', onConfirm: fn() },
} satisfies Meta<typeof Demo>;

export default meta;
type Story = StoryObj<typeof meta>;

// The dialog renders in a portal on <body>, so the plays look it up on the screen.
export const Default: Story = {
  play: async ({ canvasElement }) => {
    await userEvent.click(within(canvasElement).getByRole('button', { name: 'Export report' }));
    const dialog = await screen.findByRole('dialog', { name: 'Export waybill report' });
    await expect(dialog).toHaveAccessibleDescription('The report holds the 128 waybills the current filters select.');
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    // Item 6: focus goes back to the button that opened it.
    await waitFor(() => expect(within(canvasElement).getByRole('button', { name: 'Export report' })).toHaveFocus());
  },
};

export const Confirm: Story = {
  args: { kind: 'confirm' },
  play: async ({ canvasElement, args }) => {
    await userEvent.click(within(canvasElement).getByRole('button', { name: 'Delete waybill' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete waybill W-2026-000042?' });
    await expect(within(dialog).getByRole('button', { name: 'Cancel' })).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete waybill' }));
    await expect(args.onConfirm).toHaveBeenCalled();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  },
};

export const ConfirmBusy: Story = { args: { kind: 'confirm', busy: true, initiallyOpen: true } };
export const ConfirmError: Story = {
  args: { kind: 'confirm', error: 'Only a draft waybill can be deleted.' },
  play: async ({ canvasElement }) => {
    await userEvent.click(within(canvasElement).getByRole('button', { name: 'Delete waybill' }));
    const dialog = await screen.findByRole('dialog');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete waybill' }));
    await expect(within(dialog).getByRole('alert')).toHaveTextContent('Only a draft waybill can be deleted.');
  },
};
export const LongValues: Story = { args: { kind: 'confirm', longText: true, initiallyOpen: true } };
export const Estonian: Story = { globals: { locale: 'et' }, args: { kind: 'confirm', initiallyOpen: true } };
export const Dark: Story = { globals: { theme: 'dark' }, args: { initiallyOpen: true } };
