import type { Meta, StoryObj } from '@storybook/react';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';

import { ExportReportButton } from './ExportReportButton';

const refusal = { status: 400, message: 'You have too many exports in progress.', hasMessage: true, fieldErrors: {} };

/** The error a refused report rejects with (an ApiError, as the base query makes it), not an Error. */
// eslint-disable-next-line @typescript-eslint/prefer-promise-reject-errors
const refuse = (): Promise<void> => Promise.reject(refusal);

const body = () => within(document.body);

const meta = {
  title: 'shared/ui/ExportReportButton',
  component: ExportReportButton,
  args: {
    label: 'Export report',
    title: 'Export worklog report',
    describe: (count: string) => `The report holds the worklogs the current filters select (${count}).`,
    count: 87,
    onStart: fn(() => Promise.resolve()),
  },
} satisfies Meta<typeof ExportReportButton>;

export default meta;
type Story = StoryObj<typeof meta>;

/** The report is under way: the dialog closes (the export tracking shows the progress). */
export const Started: Story = {
  // A spy of its own: under Jest the stories of a file share the module's args.
  args: { onStart: fn(() => Promise.resolve()) },
  play: async ({ args, canvasElement }) => {
    await userEvent.click(within(canvasElement).getByRole('button', { name: 'Export report' }));
    const dialog = within(await body().findByRole('dialog', { name: 'Export worklog report' }));
    await userEvent.click(dialog.getByRole('radio', { name: 'CSV' }));
    await userEvent.click(dialog.getByRole('button', { name: 'Export' }));
    await expect(args.onStart).toHaveBeenCalledWith('csv');
    await waitFor(() => expect(body().queryByRole('dialog')).toBeNull());
  },
};

/** The server refuses the report: the dialog stays open and says why; opening it again starts clean. */
export const Refused: Story = {
  args: { onStart: fn(refuse) },
  play: async ({ canvasElement }) => {
    const button = within(canvasElement).getByRole('button', { name: 'Export report' });
    await userEvent.click(button);
    const dialog = within(await body().findByRole('dialog', { name: 'Export worklog report' }));
    await userEvent.click(dialog.getByRole('button', { name: 'Export' }));
    await expect(await dialog.findByRole('alert')).toHaveTextContent(refusal.message);
    await expect(dialog.getByRole('button', { name: 'Export' })).toBeEnabled();
    await userEvent.click(dialog.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(body().queryByRole('dialog')).toBeNull());
    await userEvent.click(button);
    const again = within(await body().findByRole('dialog', { name: 'Export worklog report' }));
    await expect(again.queryByRole('alert')).toBeNull();
  },
};
