import type { ListContract, SortValue } from '@timberlog/contract';
import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { useSearchParams } from 'react-router-dom';

import {
  parseListQuery,
  serializeListQuery,
  toListParams,
  type FilterValues,
  type IgnoredParam,
  type ListQueryOptions,
  type ListState,
} from './codec';

/** How long the search box waits after the last key before it changes the list. */
export const SEARCH_DEBOUNCE_MS = 300;

export interface ListQuery<P extends object = Record<string, unknown>, L extends ListContract = ListContract> {
  readonly contract: L;
  /** The state the URL holds now. */
  readonly state: ListState<L>;
  /** The list call's argument for `state`: pass it to the entity's list hook. */
  readonly params: P;
  /** URL parameters (or values) dropped or clamped: the page names them in a notice. */
  readonly ignored: readonly IgnoredParam[];
  /** What the search box shows: ahead of `state.search` while the user types. */
  readonly searchText: string;
  /** For the search box: updates at once, changes the list 300 ms after the last key, replacing the history entry. */
  readonly setSearchText: (text: string) => void;
  /** Sets (or with `undefined` / `''` / `[]` removes) one filter; back to page 1; one history entry. */
  readonly setFilter: (name: string, value: string | readonly string[] | undefined) => void;
  /** Sets several filters at once (e.g. both ends of a range); back to page 1; one history entry. */
  readonly setFilters: (patch: Readonly<Record<string, string | readonly string[] | undefined>>) => void;
  /** Removes every filter and the search; one history entry. */
  readonly clearFilters: () => void;
  /** `[]` is the server's default order; back to page 1. (A method, so any list's query fits a `ListQuery`.) */
  setSort(sort: readonly SortValue<L>[]): void;
  readonly setPage: (pageNumber: number) => void;
  /** Changes the page size and goes back to page 1. */
  readonly setPageSize: (pageSize: number) => void;
}

const isEmpty = (value: string | readonly string[] | undefined): boolean =>
  value === undefined || value === '' || (typeof value !== 'string' && value.length === 0);

const patchFilters = (
  filters: FilterValues,
  patch: Readonly<Record<string, string | readonly string[] | undefined>>,
): FilterValues => {
  const next: Record<string, string | readonly string[]> = { ...filters };
  for (const [name, value] of Object.entries(patch)) {
    if (value === undefined || isEmpty(value)) delete next[name];
    else next[name] = value;
  }
  return next;
};

/**
 * A list screen's state in the URL (react-router-dom's search params), by the list's contract.
 * Each committed change (filters, sort, page, page size) is one history entry, so back and
 * forward step through views; typing in the search box replaces the entry instead.
 */
export function useListQuery<P extends object = Record<string, unknown>, L extends ListContract = ListContract>(
  contract: L,
  options?: ListQueryOptions,
): ListQuery<P, L> {
  const [searchParams, setSearchParams] = useSearchParams();
  const key = searchParams.toString();
  // Options by value, so a page may pass a fresh object literal on every render.
  const defaultPageSize = options?.defaultPageSize;
  const otherKey = (options?.otherParams ?? []).join('&');
  const codecOptions = useMemo<ListQueryOptions>(
    () => ({ defaultPageSize, otherParams: otherKey ? otherKey.split('&') : [] }),
    [defaultPageSize, otherKey],
  );

  // Parsed once per URL, so the state and params keep their identity between renders.
  const parsed = useMemo(() => parseListQuery(contract, new URLSearchParams(key), codecOptions), [contract, key, codecOptions]);
  const { state, ignored } = parsed;
  const params = useMemo(() => toListParams<P, L>(contract, state), [contract, state]);

  // The newest state, for a debounced search and for several changes in one event.
  const stateRef = useRef(state);
  const ownKey = useRef<string | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  const commit = useCallback(
    (next: ListState<L>, replace = false) => {
      const nextParams = serializeListQuery(contract, next, codecOptions);
      // Parameters the page owns survive list changes.
      for (const name of codecOptions.otherParams ?? []) for (const value of searchParams.getAll(name)) nextParams.append(name, value);
      stateRef.current = next;
      if (nextParams.toString() === key) return;
      ownKey.current = nextParams.toString();
      setSearchParams(nextParams, { replace });
    },
    [contract, codecOptions, key, searchParams, setSearchParams],
  );
  const commitRef = useRef(commit);

  useLayoutEffect(() => {
    stateRef.current = state;
    commitRef.current = commit;
  }, [state, commit]);

  // Back/forward or a link changed the URL while a search was pending: the typed text loses.
  useEffect(() => {
    if (key !== ownKey.current) clearTimeout(timer.current);
    ownKey.current = null;
  }, [key]);
  useEffect(() => () => clearTimeout(timer.current), []);

  // What the box shows, and the URL search it was last in step with. When the URL brings a
  // search we did not write (back/forward, a link), the box follows it.
  const [search, setSearch] = useState({ text: state.search, seen: state.search });
  let searchText = search.text;
  if (search.seen !== state.search) {
    setSearch({ text: state.search, seen: state.search });
    searchText = state.search;
  }

  const setSearchText = useCallback((text: string) => {
    setSearch((previous) => ({ ...previous, text }));
    clearTimeout(timer.current);
    timer.current = setTimeout(() => {
      const value = text.trim();
      if (value === stateRef.current.search) return;
      setSearch((previous) => ({ ...previous, seen: value }));
      commitRef.current({ ...stateRef.current, search: value, pageNumber: 1 }, true);
    }, SEARCH_DEBOUNCE_MS);
  }, []);

  const setFilters = useCallback<ListQuery<P, L>['setFilters']>(
    (patch) => commit({ ...stateRef.current, filters: patchFilters(stateRef.current.filters, patch), pageNumber: 1 }),
    [commit],
  );
  const setFilter = useCallback<ListQuery<P, L>['setFilter']>((name, value) => setFilters({ [name]: value }), [setFilters]);

  const clearFilters = useCallback(() => {
    clearTimeout(timer.current);
    setSearch({ text: '', seen: '' });
    commit({ ...stateRef.current, filters: {}, search: '', pageNumber: 1 });
  }, [commit]);

  const setSort = useCallback<ListQuery<P, L>['setSort']>(
    (sort) => commit({ ...stateRef.current, sort: [...sort], pageNumber: 1 }),
    [commit],
  );
  const setPage = useCallback(
    (pageNumber: number) => commit({ ...stateRef.current, pageNumber: Math.max(1, Math.trunc(pageNumber)) }),
    [commit],
  );
  const setPageSize = useCallback(
    (pageSize: number) => commit({ ...stateRef.current, pageSize, pageNumber: 1 }),
    [commit],
  );

  return {
    contract,
    state,
    params,
    ignored,
    searchText,
    setSearchText,
    setFilter,
    setFilters,
    clearFilters,
    setSort,
    setPage,
    setPageSize,
  };
}
