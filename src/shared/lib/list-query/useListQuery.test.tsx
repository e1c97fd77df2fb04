import { act, render, screen } from '@testing-library/react';
import { WAYBILL_LIST } from '@timberlog/contract';
import { useLayoutEffect } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';

import { SEARCH_DEBOUNCE_MS, useListQuery, type ListQuery } from './useListQuery';

let query: ListQuery<Record<string, unknown>, typeof WAYBILL_LIST>;

function Probe() {
  const current = useListQuery(WAYBILL_LIST);
  useLayoutEffect(() => {
    query = current;
  });
  return <output>{current.searchText}</output>;
}

const setup = (initial = '/waybills') => {
  const router = createMemoryRouter([{ path: '/waybills', element: <Probe /> }], { initialEntries: [initial] });
  render(<RouterProvider router={router} />);
  const url = () => router.state.location.search;
  const back = () => act(() => router.navigate(-1));
  const forward = () => act(() => router.navigate(1));
  return { router, url, back, forward };
};

describe('useListQuery', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it('pushes one history entry per committed change, so back and forward restore each view', async () => {
    const { url, back, forward } = setup();
    act(() => query.setFilter('statusIn', ['draft', 'confirmed']));
    act(() => query.setSort(['-mileage']));
    act(() => query.setPage(3));
    expect(url()).toBe('?statusIn=draft&statusIn=confirmed&sort=-mileage&pageNumber=3');

    await back();
    expect(url()).toBe('?statusIn=draft&statusIn=confirmed&sort=-mileage');
    await back();
    expect(url()).toBe('?statusIn=draft&statusIn=confirmed');
    expect(query.state.filters).toEqual({ statusIn: ['draft', 'confirmed'] });
    await back();
    expect(url()).toBe('');
    await forward();
    expect(url()).toBe('?statusIn=draft&statusIn=confirmed');
  });

  it('changing a filter goes back to page 1', () => {
    const { url } = setup('/waybills?pageNumber=4&pageSize=50');
    act(() => query.setFilter('driverName', 'Jaan'));
    expect(url()).toBe('?driverName=Jaan&pageSize=50');
    act(() => query.setPage(2));
    act(() => query.setPageSize(10));
    expect(url()).toBe('?driverName=Jaan&pageSize=10');
  });

  it('a sort change goes back to page 1, keeping filters and page size', () => {
    const { url } = setup('/waybills?statusIn=draft&pageNumber=4&pageSize=50');
    act(() => query.setSort(['-mileage']));
    expect(url()).toBe('?statusIn=draft&sort=-mileage&pageSize=50');
    expect(query.state.pageNumber).toBe(1);
  });

  it('debounces the search box and replaces the entry instead of pushing one per key', async () => {
    const { url, back } = setup();
    act(() => query.setFilter('statusIn', ['draft']));
    for (const text of ['s', 'sp', 'spr']) act(() => query.setSearchText(text));
    expect(screen.getByRole('status')).toHaveTextContent('spr');
    expect(url()).toBe('?statusIn=draft');

    act(() => jest.advanceTimersByTime(SEARCH_DEBOUNCE_MS - 1));
    expect(url()).toBe('?statusIn=draft');
    act(() => jest.advanceTimersByTime(1));
    expect(url()).toBe('?statusIn=draft&search=spr');

    act(() => query.setSearchText('spruce'));
    act(() => jest.advanceTimersByTime(SEARCH_DEBOUNCE_MS));
    expect(url()).toBe('?statusIn=draft&search=spruce');

    // The searches replaced the filter's entry: one step back is the view before the filter.
    await back();
    expect(url()).toBe('');
    expect(screen.getByRole('status')).toHaveTextContent('');
  });

  it('clears filters and search in one entry and reports ignored parameters', () => {
    const { url } = setup('/waybills?statusIn=draft&statusIn=lost&search=x&colour=red');
    expect(query.ignored.map((param) => param.name)).toEqual(['statusIn', 'colour']);
    act(() => query.clearFilters());
    expect(url()).toBe('');
    expect(query.searchText).toBe('');
    expect(query.ignored).toEqual([]);
  });

  it('merges each change into the URL as written, not as last rendered', () => {
    const { url } = setup('/waybills?statusIn=draft');
    // Several changes before the list renders again: each builds on the one before.
    act(() => {
      query.setFilter('transportDateAfter', '2026-11-01');
      query.setFilter('transportDateBefore', '2026-11-30');
      query.setFilter('statusIn', (current) => [...(typeof current === 'string' ? [current] : (current ?? [])), 'confirmed']);
    });
    expect(url()).toBe('?statusIn=draft&statusIn=confirmed&transportDateAfter=2026-11-01&transportDateBefore=2026-11-30');

    // A change undone before the render is undone in the URL too.
    act(() => {
      query.setFilter('driverName', 'Jaan');
      query.setFilter('driverName', undefined);
    });
    expect(url()).toBe('?statusIn=draft&statusIn=confirmed&transportDateAfter=2026-11-01&transportDateBefore=2026-11-30');
  });

  it('moves to another page in place of the current entry when asked to replace it', async () => {
    const { url, back } = setup();
    act(() => query.setFilter('driverName', 'Jaan'));
    act(() => query.setPage(9));
    act(() => query.setPage(4, { replace: true }));
    expect(url()).toBe('?driverName=Jaan&pageNumber=4');
    // Page 9 (past the end) is not behind Back.
    await back();
    expect(url()).toBe('?driverName=Jaan');
  });

  it('gives the list call its typed argument', () => {
    setup('/waybills?mileageMin=10&sort=number');
    expect(query.params).toEqual({ mileageMin: 10, sort: ['number'], pageNumber: 1, pageSize: 25 });
  });
});
