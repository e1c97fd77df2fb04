import type { Meta, StoryObj } from '@storybook/react';
import { expect, within } from 'storybook/test';

import { ExportToast, MoreExportsToast } from './ExportToast';

const meta = {
  title: 'features/export/track-progress/ExportToast',
  component: ExportToast,
  args: { state: { phase: 'generating', kind: 'waybill_report', value: 0.5 } },
} satisfies Meta<typeof ExportToast>;

export default meta;
type Story = StoryObj<typeof meta>;

export const InProgress: Story = {
  play: async ({ canvasElement }) => {
    const bar = within(canvasElement).getByRole('progressbar');
    await expect(bar).toHaveAttribute('aria-valuenow', '50');
  },
};

export const JustStarted: Story = { args: { state: { phase: 'generating', kind: 'worklog_report', value: 0.01 } } };

export const Done: Story = {
  args: { state: { phase: 'downloading', kind: 'waybill_report', value: 1 } },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('progressbar')).toHaveAttribute('aria-valuenow', '100');
  },
};

export const Failed: Story = {
  args: { state: { phase: 'failed', kind: 'waybill_report', value: 0.3, errorMessage: 'The report has too many rows.' } },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText(/The report has too many rows\./)).toBeInTheDocument();
    await expect(within(canvasElement).queryByRole('progressbar')).toBeNull();
  },
};

export const Estonian: Story = {
  globals: { locale: 'et' },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText('Veoselehtede aruanne on koostamisel…')).toBeInTheDocument();
    await expect(within(canvasElement).getByRole('progressbar', { name: 'Veoselehtede aruande edenemine' })).toBeInTheDocument();
  },
};

export const Dark: Story = { globals: { theme: 'dark' } };

/** Item 1: the exports beyond the three toasts on screen are counted in one line. */
export const MoreExports: Story = {
  render: () => <MoreExportsToast count={2} />,
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText(/And 2 more exports/)).toBeInTheDocument();
  },
};

export const MoreExportsEstonian: Story = {
  globals: { locale: 'et' },
  render: () => <MoreExportsToast count={2} />,
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText(/Ja veel 2 eksporti/)).toBeInTheDocument();
  },
};
