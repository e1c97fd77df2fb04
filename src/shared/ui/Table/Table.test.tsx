import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';

import { nextSort, SKELETON_ROWS_SHOWN, Table, type TableColumn } from './Table';

interface Row {
  readonly id: string;
  readonly qty: number;
}

const rows: Row[] = [
  { id: 'A-1', qty: 3 },
  { id: 'A-2', qty: 1 },
  { id: 'A-3', qty: 2 },
];

const columns: TableColumn<Row>[] = [
  { id: 'id', header: 'Number', cell: (row) => <a href={`/rows/${row.id}`}>{row.id}</a>, sortField: 'id' },
  { id: 'qty', header: 'Quantity', cell: (row) => String(row.qty), sortField: 'qty', numeric: true },
];

function Sortable({ onOpen, onSort }: { readonly onOpen: (row: Row) => void; readonly onSort: (sort: string[]) => void }) {
  const [sort, setSort] = useState<string[]>([]);
  return (
    <Table<Row>
      label="Rows"
      columns={columns}
      rows={rows}
      getRowKey={(row) => row.id}
      onRowOpen={onOpen}
      sort={sort}
      onSortChange={(next) => {
        onSort(next);
        setSort(next);
      }}
    />
  );
}

const bodyRows = () => screen.getAllByRole('row').slice(1);

describe('Table', () => {
  it('cycles a column ascending, descending, off', () => {
    expect(nextSort([], 'qty')).toEqual(['qty']);
    expect(nextSort(['qty'], 'qty')).toEqual(['-qty']);
    expect(nextSort(['-qty'], 'qty')).toEqual([]);
    expect(nextSort(['-id'], 'qty')).toEqual(['qty']);
  });

  it('announces the sort on the header and changes it by the header button', async () => {
    const onSort = jest.fn();
    render(<Sortable onOpen={jest.fn()} onSort={onSort} />);
    const header = screen.getByRole('columnheader', { name: 'Quantity' });
    expect(header).not.toHaveAttribute('aria-sort');
    const button = screen.getByRole('button', { name: 'Quantity' });
    await userEvent.click(button);
    expect(header).toHaveAttribute('aria-sort', 'ascending');
    await userEvent.click(button);
    expect(header).toHaveAttribute('aria-sort', 'descending');
    await userEvent.click(button);
    expect(header).not.toHaveAttribute('aria-sort');
    expect(onSort.mock.calls).toEqual([[['qty']], [['-qty']], [[]]]);
  });

  it('is one Tab stop whose row focus moves with arrows, j/k, Home/End, and opens with Enter', async () => {
    const onOpen = jest.fn();
    render(<Sortable onOpen={onOpen} onSort={jest.fn()} />);
    const rowsInTable = bodyRows();
    expect(rowsInTable.map((row) => row.tabIndex)).toEqual([0, -1, -1]);
    act(() => rowsInTable[0]?.focus());
    await userEvent.keyboard('{ArrowDown}');
    expect(bodyRows()[1]).toHaveFocus();
    await userEvent.keyboard('j');
    expect(bodyRows()[2]).toHaveFocus();
    await userEvent.keyboard('{ArrowDown}');
    expect(bodyRows()[2]).toHaveFocus();
    await userEvent.keyboard('{Home}');
    expect(bodyRows()[0]).toHaveFocus();
    await userEvent.keyboard('{End}k');
    expect(bodyRows()[1]).toHaveFocus();
    expect(bodyRows().map((row) => row.tabIndex)).toEqual([-1, 0, -1]);
    await userEvent.keyboard('{Enter}');
    expect(onOpen).toHaveBeenCalledWith(rows[1]);
  });

  it('opens a row on click anywhere but leaves links inside it alone', async () => {
    const onOpen = jest.fn();
    render(<Sortable onOpen={onOpen} onSort={jest.fn()} />);
    await userEvent.click(screen.getByRole('cell', { name: '2' }));
    expect(onOpen).toHaveBeenCalledWith(rows[2]);
    onOpen.mockClear();
    const link = screen.getByRole('link', { name: 'A-1' });
    link.addEventListener('click', (event) => event.preventDefault());
    await userEvent.click(link);
    expect(onOpen).not.toHaveBeenCalled();
  });

  it('selects rows by checkbox, by Space, and all on the page', async () => {
    function Selecting() {
      const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
      return (
        <>
          <Table<Row>
            label="Rows"
            columns={columns}
            rows={rows}
            getRowKey={(row) => row.id}
            selection={{ selected, onChange: setSelected, isSelectable: (key) => key !== 'A-3' }}
          />
          <output>{[...selected].sort().join(',')}</output>
        </>
      );
    }
    render(<Selecting />);
    await userEvent.click(screen.getByRole('checkbox', { name: 'Select A-2' }));
    expect(screen.getByRole('status')).toHaveTextContent('A-2');
    act(() => bodyRows()[0]?.focus());
    await userEvent.keyboard(' ');
    expect(screen.getByRole('status')).toHaveTextContent('A-1,A-2');
    expect(screen.getByRole('checkbox', { name: 'Select A-3' })).toBeDisabled();
    await userEvent.click(screen.getByRole('checkbox', { name: 'Select all rows on this page' }));
    expect(screen.getByRole('status')).toHaveTextContent(/^$/);
  });

  it('shows skeleton rows with nothing to show, and keeps the old rows dimmed while the next page loads', () => {
    const { rerender } = render(<Table<Row> label="Rows" columns={columns} rows={undefined} getRowKey={(row) => row.id} loading />);
    expect(screen.getByRole('table')).toHaveAttribute('aria-busy', 'true');
    expect(screen.queryByRole('link')).not.toBeInTheDocument();
    rerender(<Table<Row> label="Rows" columns={columns} rows={rows} getRowKey={(row) => row.id} loading />);
    expect(screen.getAllByRole('link')).toHaveLength(3);
    expect(screen.getByRole('table')).toHaveClass('stale');
  });

  it("holds the room of a page's rows while the first page loads, drawing at most SKELETON_ROWS_SHOWN skeleton rows", () => {
    const loadingTable = (expectedRows: number) => {
      const { container, unmount } = render(
        <Table<Row> label="Rows" columns={columns} rows={undefined} getRowKey={(row) => row.id} loading expectedRows={expectedRows} />,
      );
      const scroller = container.firstElementChild as HTMLElement;
      const result = {
        drawn: container.querySelectorAll('tbody tr').length,
        held: scroller.style.getPropertyValue('--page-rows'),
        reserving: scroller.classList.contains('reserving'),
      };
      unmount();
      return result;
    };
    expect(loadingTable(5)).toEqual({ drawn: 5, held: '5', reserving: true });
    expect(loadingTable(100)).toEqual({ drawn: SKELETON_ROWS_SHOWN, held: '100', reserving: true });
    const { container } = render(<Table<Row> label="Rows" columns={columns} rows={rows} getRowKey={(row) => row.id} expectedRows={25} />);
    expect(container.firstElementChild).not.toHaveClass('reserving');
  });

  it('shows the error with Retry, and the empty state with Clear filters', async () => {
    const onRetry = jest.fn();
    const onClear = jest.fn();
    const { rerender } = render(
      <Table<Row> label="Rows" columns={columns} rows={[]} getRowKey={(row) => row.id} error="Server said no" onRetry={onRetry} />,
    );
    expect(screen.getByRole('alert')).toHaveTextContent('Server said no');
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(onRetry).toHaveBeenCalled();
    rerender(<Table<Row> label="Rows" columns={columns} rows={[]} getRowKey={(row) => row.id} onClearFilters={onClear} />);
    expect(screen.getByText('Nothing matches these filters.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Clear filters' }));
    expect(onClear).toHaveBeenCalled();
  });

  it('cuts a long text in a truncated column inside a block of its own, with the full text as its title', () => {
    const long = 'Tartu sawmill, northern gate, loading bay 7, behind the drying kilns';
    render(
      <Table<Row>
        label="Rows"
        columns={[...columns, { id: 'note', header: 'Note', cell: () => long, truncate: true }]}
        rows={rows.slice(0, 1)}
        getRowKey={(row) => row.id}
      />,
    );
    const text = screen.getByText(long);
    // A table cell grows with its content whatever its max-width: the cut needs an inner block.
    expect(text.tagName).not.toBe('TD');
    expect(text).toHaveClass('truncate');
    expect(text).toHaveAttribute('title', long);
    // That the block cuts the text to one line is seen in the browser: Table / Long Values.
  });
});
