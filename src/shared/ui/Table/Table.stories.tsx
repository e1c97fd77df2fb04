import type { Meta, StoryObj } from '@storybook/react';
import { useState } from 'react';
import { expect, fn, userEvent, within } from 'storybook/test';

import { Table, type TableColumn, type TableProps } from './Table';

interface Row {
  readonly number: string;
  readonly driver: string;
  readonly destination: string;
  readonly quantity: string;
}

const DRIVERS = ['Jaan Tamm', 'Mari Maasikas', 'Peeter Põder', 'Kati Karu'];
const makeRows = (count: number): Row[] =>
  Array.from({ length: count }, (_, index) => ({
    number: `W-2026-${String(index + 1).padStart(6, '0')}`,
    driver: DRIVERS[index % DRIVERS.length] ?? '',
    destination: ['Pärnu sadam', 'Tartu saeveski', 'Muuga sadam'][index % 3] ?? '',
    quantity: (12.5 + index * 3.25).toFixed(3),
  }));

const columns: TableColumn<Row>[] = [
  { id: 'number', header: 'Number', cell: (row) => row.number, sortField: 'number', width: '10rem' },
  { id: 'driver', header: 'Driver', cell: (row) => row.driver, sortField: 'driverName' },
  { id: 'destination', header: 'Destination', cell: (row) => row.destination, truncate: true },
  { id: 'quantity', header: 'Quantity', cell: (row) => `${row.quantity} m³`, sortField: 'quantity', numeric: true },
];

const byField: Record<string, (row: Row) => string | number> = {
  number: (row) => row.number,
  driverName: (row) => row.driver,
  quantity: (row) => Number(row.quantity),
};

type DemoProps = Partial<TableProps<Row>> & { readonly selectable?: boolean };

/** The table with its sort and selection kept in state, sorting the rows as the server would. */
function Demo({ selectable = false, rows = makeRows(8), ...props }: DemoProps) {
  const [sort, setSort] = useState<string[]>([]);
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const [first] = sort;
  const field = first?.replace(/^-/, '');
  const key = field ? byField[field] : undefined;
  const sorted =
    key && rows ? [...rows].sort((a, b) => (key(a) < key(b) ? -1 : key(a) > key(b) ? 1 : 0) * (first?.startsWith('-') ? -1 : 1)) : rows;
  return (
    <Table<Row>
      label="Waybills"
      columns={columns}
      getRowKey={(row) => row.number}
      sort={sort}
      onSortChange={setSort}
      selection={selectable ? { selected, onChange: setSelected } : undefined}
      {...props}
      rows={sorted}
    />
  );
}

const meta = {
  title: 'shared/ui/Table',
  component: Demo,
  args: { onRowOpen: fn() },
} satisfies Meta<typeof Demo>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {};

export const Loading: Story = { args: { rows: [], loading: true } };

/** The next page is on its way: the previous rows stay, dimmed. */
export const LoadingNextPage: Story = { args: { loading: true } };

export const Empty: Story = { args: { rows: [] } };

export const EmptyWithFilters: Story = { args: { rows: [], onClearFilters: fn() } };

export const Error: Story = {
  args: { rows: [], error: 'Something went wrong (error 500). Please try again.', onRetry: fn() },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('alert')).toHaveTextContent('error 500');
    await userEvent.click(canvas.getByRole('button', { name: 'Retry' }));
    await expect(args.onRetry).toHaveBeenCalled();
  },
};

export const ManyRows: Story = { args: { rows: makeRows(100) } };

export const LongValues: Story = {
  args: {
    rows: makeRows(3).map((row) => ({
      ...row,
      driver: 'Aleksander-Konstantin Vanaküla-Põldmäe-Kõrvemaa',
      destination: 'Rakvere metsamaterjali vaheladu, Haljala tee 14, Rakvere linn, Lääne-Viru maakond',
      quantity: '999999.999',
    })),
  },
  play: async ({ canvasElement }) => {
    // A long text in a truncated column is cut to one line with an ellipsis, its full text the
    // title; a table cell grows with its content whatever its width, so the cut is an inner block.
    const [text] = within(canvasElement).getAllByText(/^Rakvere metsamaterjali vaheladu/);
    await expect(text).toHaveAttribute('title', 'Rakvere metsamaterjali vaheladu, Haljala tee 14, Rakvere linn, Lääne-Viru maakond');
    await expect(text?.tagName).not.toBe('TD');
    const style = getComputedStyle(text as HTMLElement);
    await expect([style.textOverflow, style.whiteSpace, style.overflow]).toEqual(['ellipsis', 'nowrap', 'hidden']);
    await expect((text as HTMLElement).scrollWidth).toBeGreaterThan((text as HTMLElement).clientWidth);
  },
};

export const Selectable: Story = {
  args: { selectable: true },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('checkbox', { name: 'Select all rows on this page' }));
    await expect(canvas.getByRole('checkbox', { name: 'Select W-2026-000003' })).toBeChecked();
  },
};

/** Tab to the rows, move with the arrows and j/k, open with Enter; a header sorts. */
export const Keyboard: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    const rows = () => canvas.getAllByRole('row').slice(1);
    await userEvent.click(canvas.getByRole('button', { name: 'Quantity' }));
    await expect(canvas.getByRole('columnheader', { name: 'Quantity' })).toHaveAttribute('aria-sort', 'ascending');
    await userEvent.tab();
    await expect(rows()[0]).toHaveFocus();
    await userEvent.keyboard('{ArrowDown}j');
    await expect(rows()[2]).toHaveFocus();
    await userEvent.keyboard('k{End}');
    await expect(rows()[7]).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    await expect(args.onRowOpen).toHaveBeenCalledWith(expect.objectContaining({ number: 'W-2026-000008' }));
  },
};

export const Estonian: Story = { globals: { locale: 'et' }, args: { rows: [], onClearFilters: fn() } };

export const Dark: Story = { globals: { theme: 'dark' }, args: { selectable: true } };

/** Wider than its box (a phone): the empty state stays in the part the scroller shows, not centred across every column. */
export const EmptyNarrow: Story = {
  parameters: { width: 280 },
  args: { rows: [], onClearFilters: fn() },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const scroller = canvas.getByRole('table').parentElement!.getBoundingClientRect();
    // The message and its button lie inside what the scroller shows, however wide the table is (jsdom lays nothing out: all sizes are 0).
    for (const element of [canvas.getByText('Nothing matches these filters.'), canvas.getByRole('button', { name: 'Clear filters' })]) {
      const box = element.getBoundingClientRect();
      await expect(box.left).toBeGreaterThanOrEqual(scroller.left);
      await expect(box.right).toBeLessThanOrEqual(scroller.right);
    }
  },
};

const phoneColumns: TableColumn<Row>[] = [{ ...columns[0]!, phone: 'title' }, { ...columns[1]!, phone: 'hide' }, columns[2]!, columns[3]!];

/**
 * Item 5: at a phone's width (412 px) each row is a card: the number heads it, the other columns are
 * labelled lines, a hidden column is left out; nothing scrolls sideways.
 */
export const Phone: Story = {
  parameters: { width: 412 },
  args: { columns: phoneColumns, selectable: true },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const table = canvas.getByRole('table');
    const scroller = table.parentElement!;
    // In a browser nothing is wider than the scroller (jsdom lays nothing out: all sizes are 0).
    await expect(scroller.scrollWidth).toBeLessThanOrEqual(scroller.clientWidth);
    const [first] = canvas.getAllByRole('row').slice(1);
    await expect(within(first!).getByText('W-2026-000001')).toBeInTheDocument();
    await expect(within(first!).getByText('Quantity')).toBeInTheDocument();
  },
};

export const PhoneDark: Story = { globals: { theme: 'dark' }, parameters: { width: 412 }, args: { columns: phoneColumns } };

/** Rows marked as changed by the user's last action (a bulk action): a bar and a tint, and the words for assistive technology. */
const marked = { keys: new Set(['W-2026-000002', 'W-2026-000003', 'W-2026-000005']), label: 'Changed by your last action' };

export const Marked: Story = {
  args: { marked, selectable: true, onRowOpen: fn() },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const described = canvas.getAllByRole('row', { description: /Changed by your last action/ });
    await expect(described).toHaveLength(marked.keys.size);
    for (const [index, key] of [...marked.keys].entries()) await expect(described[index]).toHaveTextContent(key);
  },
};

export const MarkedDark: Story = { ...Marked, globals: { theme: 'dark' } };

export const MarkedPhone: Story = { ...Marked, parameters: { width: 412 }, args: { ...Marked.args, columns: phoneColumns } };
