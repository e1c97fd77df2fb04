import { WAYBILL_INVOICEABLE_STATUS, WAYBILL_LIST, serializeListQuery, type ListState, type WaybillStatus } from '@timberlog/contract';
import { useCallback, useMemo, useState } from 'react';

import type { WaybillListItem } from '@/entities/waybill';
import type { TableSelection } from '@/shared/ui';

import type { BulkTarget } from './target';

/** The list query a bulk action by filters takes: the list's own URL query, without the page. */
export const filtersOf = (state: ListState): string =>
  serializeListQuery(WAYBILL_LIST, { ...state, pageNumber: 1 } as ListState<typeof WAYBILL_LIST>).toString();

export interface WaybillSelectionInput {
  /** The page's rows as shown. */
  readonly rows: readonly WaybillListItem[] | undefined;
  /** How many waybills the filters select (unknown while loading). */
  readonly count: number | undefined;
  /** The list's state: its filters, search and sort name "all matching". */
  readonly state: ListState;
}

export interface WaybillSelection {
  /** For the table's checkboxes. */
  readonly selection: TableSelection;
  /** What a bulk action works on, or null when nothing is selected. */
  readonly target: BulkTarget | null;
  /** The selected waybills an invoice can take (delivered ones); none while "all matching" is chosen. */
  readonly invoiceNumbers: readonly string[];
  /** How many are selected (every matching one in "all matching"). */
  readonly size: number;
  /** Every row of the page is selected and more rows match: offer to select them all. */
  readonly canSelectAllMatching: boolean;
  /** "All N matching these filters" is chosen. */
  readonly allMatching: boolean;
  readonly selectAllMatching: () => void;
  readonly clear: () => void;
}

/** What a picked row showed when it was last seen: its status and its version. */
interface Seen {
  readonly status: WaybillStatus;
  readonly version: number;
}

const EMPTY_MAP: ReadonlyMap<string, Seen | undefined> = new Map();

/**
 * The waybill list's selection: rows picked on any page (kept while paging), or every waybill the
 * filters select. Any waybill may be picked (bulk actions say per row what they can do); an
 * invoice takes the delivered ones among them, known from the rows seen when they were picked.
 */
export function useWaybillSelection({ rows, count, state }: WaybillSelectionInput): WaybillSelection {
  // Each selected waybill with its status (an invoice takes the delivered ones) and version (a bulk
  // action leaves one changed since alone) as its row showed them when it was picked.
  const [picked, setPicked] = useState<ReadonlyMap<string, Seen | undefined>>(EMPTY_MAP);
  // The filters "all matching" was chosen for; other filters end it.
  const [allMatchingFor, setAllMatchingFor] = useState<string | null>(null);
  const selected = useMemo<ReadonlySet<string>>(() => new Set(picked.keys()), [picked]);

  const filters = useMemo(() => filtersOf(state), [state]);
  const allMatching = allMatchingFor !== null && allMatchingFor === filters && count !== undefined;
  const pageKeys = useMemo(() => (rows ?? []).map((row) => row.number), [rows]);

  const onChange = useCallback(
    (next: ReadonlySet<string>) => {
      setAllMatchingFor(null);
      setPicked((before) => {
        const seen = new Map((rows ?? []).map((row) => [row.number, { status: row.status, version: row.version }]));
        return new Map([...next].map((number) => [number, seen.get(number) ?? before.get(number)]));
      });
    },
    [rows],
  );
  const shown = useMemo(() => (allMatching ? new Set([...selected, ...pageKeys]) : selected), [allMatching, selected, pageKeys]);
  const selection = useMemo<TableSelection>(() => ({ selected: shown, onChange }), [shown, onChange]);

  const allOnPage = pageKeys.length > 0 && pageKeys.every((key) => selected.has(key));
  const selectAllMatching = useCallback(() => setAllMatchingFor(filters), [filters]);
  const clear = useCallback(() => {
    setAllMatchingFor(null);
    setPicked(EMPTY_MAP);
  }, []);

  const target = useMemo<BulkTarget | null>(() => {
    if (allMatching) return { kind: 'filters', filters, count: count ?? 0 };
    if (picked.size === 0) return null;
    // A row is picked from the rows shown, so its version is known; 0 (no version) if it ever is not, which the server answers as stale.
    return { kind: 'rows', rows: [...picked].map(([number, seen]) => ({ number, version: seen?.version ?? 0 })) };
  }, [allMatching, filters, count, picked]);
  const invoiceNumbers = useMemo(() => {
    if (allMatching) return [];
    // A status on the page as shown now counts over the one seen when the row was picked.
    const shownNow = new Map((rows ?? []).map((row) => [row.number, row.status]));
    return [...picked]
      .filter(([number, seen]) => (shownNow.get(number) ?? seen?.status) === WAYBILL_INVOICEABLE_STATUS)
      .map(([number]) => number);
  }, [allMatching, picked, rows]);

  return {
    selection,
    target,
    invoiceNumbers,
    size: allMatching ? (count ?? 0) : selected.size,
    canSelectAllMatching: !allMatching && allOnPage && count !== undefined && count > pageKeys.length,
    allMatching,
    selectAllMatching,
    clear,
  };
}
