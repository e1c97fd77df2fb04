import type { Meta, StoryObj } from '@storybook/react';
import { useState } from 'react';
import { expect, fn, userEvent, within } from 'storybook/test';

import { Button } from '../Button/Button';

import { ExportFormatDialog, type ExportFormatDialogProps } from './ExportFormatDialog';

type DemoProps = Omit<ExportFormatDialogProps, 'open' | 'onOpenChange'> & {
  /** The text of the button that opens the dialog again. */
  readonly label: string;
};

/** The dialog open, as a list's export button opens it; it can be closed and opened again. */
function Demo({ label, ...dialog }: DemoProps) {
  const [open, setOpen] = useState(true);
  return (
    <>
      <Button variant="secondary" onClick={() => setOpen(true)}>
        {label}
      </Button>
      <ExportFormatDialog {...dialog} open={open} onOpenChange={setOpen} />
    </>
  );
}

// The dialog renders in a portal on <body>, so the plays look it up there.
const findDialog = () => within(document.body).findByRole('dialog');
const dialog = async () => within(await findDialog());

const meta = {
  title: 'shared/ui/ExportFormatDialog',
  component: Demo,
  args: {
    label: 'Export report',
    title: 'Export waybill report',
    describe: (count: string) => `The report holds the waybills the current filters select (${count}).`,
    count: 1234,
    onStart: fn(),
  },
} satisfies Meta<typeof Demo>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Idle: Story = {
  // A spy of its own: under Jest the stories of a file share the module's args.
  args: { onStart: fn() },
  play: async ({ args }) => {
    const element = await findDialog();
    await expect(element).toHaveAccessibleName('Export waybill report');
    await expect(element).toHaveAccessibleDescription('The report holds the waybills the current filters select (1,234).');
    const asked = within(element);
    await expect(asked.getByRole('radio', { name: 'Excel (xlsx)' })).toBeChecked();
    // The CSV choice says which form the file takes: the English one (commas, a decimal point).
    await expect(asked.getByRole('radio', { name: 'CSV' })).toHaveAccessibleDescription(
      'The CSV file is for English-language spreadsheet settings: columns separated by commas, a decimal point, dates as 2026-11-23.',
    );
    await userEvent.click(asked.getByRole('radio', { name: 'CSV' }));
    await userEvent.click(asked.getByRole('button', { name: 'Export' }));
    await expect(args.onStart).toHaveBeenCalledWith('csv');
  },
};

/** While the report is asked for: nothing can be pressed, and the dialog does not close. */
export const Busy: Story = {
  args: { busy: true },
  play: async () => {
    const asked = await dialog();
    await expect(asked.getByRole('button', { name: 'Export' })).toBeDisabled();
    await expect(asked.getByRole('button', { name: 'Export' })).toHaveAttribute('aria-busy', 'true');
    await expect(asked.getByRole('button', { name: 'Cancel' })).toBeDisabled();
    await userEvent.keyboard('{Escape}');
    await expect(within(document.body).getByRole('dialog')).toBeInTheDocument();
  },
};

export const Error: Story = {
  args: { error: 'You have too many exports in progress.' },
  play: async () => {
    const asked = await dialog();
    await expect(asked.getByRole('alert')).toHaveTextContent('You have too many exports in progress.');
    // The user may try again.
    await expect(asked.getByRole('button', { name: 'Export' })).toBeEnabled();
  },
};

/** The list is still counting its rows: the dialog says nothing about how many. */
export const CountUnknown: Story = {
  args: { count: undefined },
  play: async () => {
    await expect(await findDialog()).not.toHaveAccessibleDescription();
  },
};

export const Estonian: Story = {
  globals: { locale: 'et' },
  args: {
    label: 'Ekspordi aruanne',
    title: 'Veoselehtede aruande eksport',
    describe: (count: string) => `Aruandes on praeguste filtritega valitud veoselehed (${count}).`,
  },
  play: async () => {
    const asked = await dialog();
    await expect(asked.getByRole('group', { name: 'Failivorming' })).toBeInTheDocument();
    // In Estonian the CSV is written for Estonian settings: semicolons and a decimal comma.
    await expect(asked.getByRole('radio', { name: 'CSV' })).toHaveAccessibleDescription(
      'CSV-fail on eestikeelsete tabelarvutuse seadete jaoks: veerud eraldab semikoolon, kümnendkohad koma, kuupäevad kujul 23.11.2026.',
    );
    await expect(asked.getByRole('button', { name: 'Ekspordi' })).toBeEnabled();
    await expect(asked.getByRole('button', { name: 'Loobu' })).toBeEnabled();
  },
};

export const Dark: Story = {
  globals: { theme: 'dark' },
  args: { error: 'You have too many exports in progress.' },
};
