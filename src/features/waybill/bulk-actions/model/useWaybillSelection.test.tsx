import { emptyListState } from '@timberlog/contract';
import { act, renderHook } from '@testing-library/react';

import type { Waybill } from '@/entities/waybill';
import { mockWaybill } from '@/entities/waybill/index.mocks';

import { filtersOf, useWaybillSelection, type WaybillSelectionInput } from './useWaybillSelection';

const page: Waybill[] = [
  mockWaybill({ number: 'W-1', status: 'draft', version: 3 }),
  mockWaybill({ number: 'W-2', status: 'delivered', version: 1 }),
  mockWaybill({ number: 'W-3', status: 'delivered', version: 7 }),
];
const state = { ...emptyListState(), filters: { statusIn: ['draft', 'delivered'] }, pageNumber: 3 };

const render = (input: Partial<WaybillSelectionInput> = {}) =>
  renderHook((props: WaybillSelectionInput) => useWaybillSelection(props), {
    initialProps: { rows: page, count: 40, state, ...input },
  });

describe('useWaybillSelection', () => {
  it('takes the list query without its page as the filters', () => {
    expect(filtersOf(state)).toBe('statusIn=draft&statusIn=delivered');
  });

  it('lets any waybill be picked, with the version its row showed; an invoice takes the delivered ones', () => {
    const { result } = render();
    act(() => result.current.selection.onChange(new Set(['W-1', 'W-2'])));
    expect(result.current.target).toEqual({
      kind: 'rows',
      rows: [
        { number: 'W-1', version: 3 },
        { number: 'W-2', version: 1 },
      ],
    });
    expect(result.current.invoiceNumbers).toEqual(['W-2']);
    expect(result.current.size).toBe(2);
    expect(result.current.canSelectAllMatching).toBe(false);
  });

  it('offers all matching once the page is selected, then works on the filters', () => {
    const { result } = render();
    act(() => result.current.selection.onChange(new Set(['W-1', 'W-2', 'W-3'])));
    expect(result.current.canSelectAllMatching).toBe(true);
    act(() => result.current.selectAllMatching());
    expect(result.current.allMatching).toBe(true);
    expect(result.current.target).toEqual({ kind: 'filters', filters: 'statusIn=draft&statusIn=delivered', count: 40 });
    expect(result.current.size).toBe(40);
    // Not known row by row: no invoice from "all matching".
    expect(result.current.invoiceNumbers).toEqual([]);
  });

  it('keeps picks from an earlier page, with the status and version they had', () => {
    const { result, rerender } = render();
    act(() => result.current.selection.onChange(new Set(['W-2'])));
    rerender({ rows: [mockWaybill({ number: 'W-9', status: 'draft', version: 4 })], count: 40, state: { ...state, pageNumber: 4 } });
    act(() => result.current.selection.onChange(new Set(['W-2', 'W-9'])));
    expect(result.current.invoiceNumbers).toEqual(['W-2']);
    expect(result.current.target).toEqual({
      kind: 'rows',
      rows: [
        { number: 'W-2', version: 1 },
        { number: 'W-9', version: 4 },
      ],
    });
  });

  it('ends "all matching" when the filters change or a row is unticked, and clears', () => {
    const { result, rerender } = render();
    act(() => result.current.selection.onChange(new Set(['W-1', 'W-2', 'W-3'])));
    act(() => result.current.selectAllMatching());
    rerender({ rows: page, count: 12, state: { ...state, filters: { statusIn: ['draft'] } } });
    expect(result.current.allMatching).toBe(false);
    expect(result.current.target).toEqual({
      kind: 'rows',
      rows: [
        { number: 'W-1', version: 3 },
        { number: 'W-2', version: 1 },
        { number: 'W-3', version: 7 },
      ],
    });
    act(() => result.current.selectAllMatching());
    act(() => result.current.selection.onChange(new Set(['W-1'])));
    expect(result.current.allMatching).toBe(false);
    act(() => result.current.clear());
    expect(result.current.target).toBeNull();
  });
});
