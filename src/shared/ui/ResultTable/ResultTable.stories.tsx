import type { Meta, StoryObj } from '@storybook/react';
import { expect, within } from 'storybook/test';

import { ResultTable, type ResultTableColumn } from './ResultTable';

interface Refused {
  readonly number: string;
  readonly why: string;
}

const refused = (count: number): Refused[] =>
  Array.from({ length: count }, (_, i) => ({
    number: `W-2026-${String(i + 1).padStart(6, '0')}`,
    why: i % 2 === 0 ? 'Only a draft can be deleted; this one is confirmed.' : 'No such waybill, or you may not see it.',
  }));

const columns: readonly ResultTableColumn<Refused>[] = [
  { id: 'number', header: 'Waybill', cell: (row) => row.number, rowHeader: true, tabular: true },
  { id: 'why', header: 'Why', cell: (row) => row.why },
];

// The generic component's own props, for one row type (Meta cannot infer a generic's).
const Table = ResultTable<Refused>;

const meta = {
  title: 'shared/ui/ResultTable',
  component: Table,
  args: {
    caption: 'Waybills the action cannot change',
    columns,
    rows: refused(3),
    getRowKey: (row) => row.number,
    limit: 5,
    moreText: (hidden) => `And ${hidden} more.`,
  },
  parameters: { width: 560 },
} satisfies Meta<typeof Table>;

export default meta;
type Story = StoryObj<typeof meta>;

/** A few rows: every one listed, each named by its row header; no note. */
export const FewRows: Story = {
  play: async ({ canvasElement }) => {
    const view = within(canvasElement);
    const table = within(view.getByRole('table', { name: 'Waybills the action cannot change' }));
    await expect(table.getAllByRole('rowheader')).toHaveLength(3);
    await expect(table.getByRole('rowheader', { name: 'W-2026-000002' })).toBeInTheDocument();
    await expect(view.queryByText(/more\./)).toBeNull();
  },
};

/** More rows than the limit: the first five listed, the rest counted under the table. */
export const MoreThanTheLimit: Story = {
  args: { rows: refused(12) },
  play: async ({ canvasElement }) => {
    const view = within(canvasElement);
    await expect(within(view.getByRole('table')).getAllByRole('rowheader')).toHaveLength(5);
    await expect(view.getByText('And 7 more.')).toBeInTheDocument();
  },
};

/** In a narrow box the reasons wrap; the waybill numbers do not. */
export const Narrow: Story = {
  args: { rows: refused(4) },
  parameters: { width: 240 },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('table')).toBeInTheDocument();
  },
};

export const Dark: Story = { ...MoreThanTheLimit, globals: { theme: 'dark' } };
