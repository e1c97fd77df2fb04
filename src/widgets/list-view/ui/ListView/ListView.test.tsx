import { act, render, screen } from '@testing-library/react';
import { WAYBILL_LIST } from '@timberlog/contract';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';

import { useListQuery } from '@/shared/lib/list-query';

import { ListView } from './ListView';

interface Row {
  readonly id: string;
}

// 30 rows in all: with 25 a page, page 2 is the last.
const rows: Row[] = Array.from({ length: 5 }, (_, index) => ({ id: `row-${index}` }));

function Screen() {
  const query = useListQuery(WAYBILL_LIST);
  return (
    <ListView<Row>
      title="Waybills"
      query={query}
      result={{ data: { count: 30, results: rows }, isFetching: false, refetch: () => undefined }}
      columns={[{ id: 'id', header: 'Id', cell: (row) => row.id }]}
      getRowKey={(row) => row.id}
    />
  );
}

/** Pages 1 and 2 answer (30 rows); any later page is gone: the API's 404 "Invalid page." with the count. */
function GoneScreen() {
  const query = useListQuery(WAYBILL_LIST);
  const gone = query.state.pageNumber > 2;
  return (
    <ListView<Row>
      title="Waybills"
      query={query}
      result={
        gone
          ? {
              data: undefined,
              error: { status: 404, data: { detail: 'Invalid page.', count: 30 } },
              isFetching: false,
              refetch: () => undefined,
            }
          : { data: { count: 30, results: rows }, isFetching: false, refetch: () => undefined }
      }
      columns={[{ id: 'id', header: 'Id', cell: (row) => row.id }]}
      getRowKey={(row) => row.id}
    />
  );
}

describe('ListView', () => {
  it("a page the API answers as gone (404) goes to the last page of the 404's count, in place", async () => {
    const router = createMemoryRouter(
      [
        { path: '/home', element: <p>Home</p> },
        { path: '/waybills', element: <GoneScreen /> },
      ],
      {
        initialEntries: ['/home', '/waybills'],
        initialIndex: 1,
      },
    );
    render(<RouterProvider router={router} />);
    expect(await screen.findByRole('table', { name: 'Waybills' })).toBeInTheDocument();
    await act(() => router.navigate('/waybills?pageNumber=7'));
    expect(router.state.location.search).toBe('?pageNumber=2');
    await act(() => router.navigate(-1));
    expect(router.state.location.search).toBe('');
  });

  it('moves a page past the end to the last page without leaving the dead page behind Back', async () => {
    const router = createMemoryRouter(
      [
        { path: '/home', element: <p>Home</p> },
        { path: '/waybills', element: <Screen /> },
      ],
      {
        initialEntries: ['/home', '/waybills?pageNumber=9'],
      },
    );
    render(<RouterProvider router={router} />);
    expect(await screen.findByRole('table', { name: 'Waybills' })).toBeInTheDocument();
    expect(router.state.location.search).toBe('?pageNumber=2');
    await act(() => router.navigate(-1));
    expect(router.state.location.pathname).toBe('/home');
    expect(screen.getByText('Home')).toBeInTheDocument();
  });
});
