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
  /**
   * Sets (or with `undefined` / `''` / `[]` removes) one filter; back to page 1; one history entry. A function
   * gets the filter's value in the URL at the moment of writing (not as last rendered), so a change that
   * adds or removes one value of several is not lost to another made just before it.
   */
  readonly setFilter: (name: string, value: FilterValue | ((current: FilterValue) => FilterValue)) => void;
  /**
   * Sets several filters at once (e.g. both ends of a range); back to page 1; one history entry. Filters
   * the patch does not name keep their value in the URL at the moment of writing.
   */
  readonly setFilters: (patch: FilterPatch | ((filters: FilterValues) => FilterPatch)) => void;
  /** Removes every filter and the search; one history entry. */
  readonly clearFilters: () => void;
  /** `[]` is the server's default order; back to page 1. (A method, so any list's query fits a `ListQuery`.) */
  setSort(sort: readonly SortValue<L>[]): void;
  /**
   * Goes to a page: one history entry, or with `replace` in place of the current one (a page past the
   * end moving to the last page, so Back does not return to the page that is gone).
   */
  readonly setPage: (pageNumber: number, options?: { readonly replace?: boolean }) => void;
  /** Changes the page size and goes back to page 1. */
  readonly setPageSize: (pageSize: number) => void;
}

/** One filter's value; `undefined` when it is not set. */
export type FilterValue = string | readonly string[] | undefined;
export type FilterPatch = Readonly<Record<string, FilterValue>>;

const isEmpty = (value: FilterValue): boolean => value === undefined || value === '' || (typeof value !== 'string' && value.length === 0);

const patchFilters = (filters: FilterValues, patch: FilterPatch): FilterValues => {
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

  // The URL as this hook last wrote it, ahead of the render that shows it: the router renders a
  // location change in a transition, and react-router's functional `setSearchParams` builds on the
  // rendered parameters (its updates are not queued). Every setter merges into this at the moment it
  // writes, so two changes before a render (the two ends of a range, two ticks in a list) both land.
  const written = useRef<{ pending: string[]; current: string }>({ pending: [], current: key });
  const ownKey = useRef<string | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const setParamsRef = useRef(setSearchParams);

  useLayoutEffect(() => {
    setParamsRef.current = setSearchParams;
  }, [setSearchParams]);
  useLayoutEffect(() => {
    // The URL caught up with a write of ours (the later ones still lead), or changed by other means
    // (back/forward, a link), which then is the current state.
    const { pending } = written.current;
    const at = pending.indexOf(key);
    const rest = at >= 0 ? pending.slice(at + 1) : [];
    written.current = { pending: rest, current: rest.at(-1) ?? key };
  }, [key]);

  const update = useCallback(
    (change: (current: ListState<L>) => ListState<L>, replace = false) => {
      const base = new URLSearchParams(written.current.current);
      const next = change(parseListQuery(contract, base, codecOptions).state);
      const nextParams = serializeListQuery(contract, next, codecOptions);
      // Parameters the page owns survive list changes.
      for (const name of codecOptions.otherParams ?? []) for (const value of base.getAll(name)) nextParams.append(name, value);
      const nextKey = nextParams.toString();
      if (nextKey === written.current.current) return;
      written.current.pending.push(nextKey);
      written.current.current = nextKey;
      ownKey.current = nextKey;
      setParamsRef.current(nextParams, { replace });
    },
    [contract, codecOptions],
  );

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

  const setSearchText = useCallback(
    (text: string) => {
      setSearch((previous) => ({ ...previous, text }));
      clearTimeout(timer.current);
      timer.current = setTimeout(() => {
        const value = text.trim();
        setSearch((previous) => ({ ...previous, seen: value }));
        update((current) => (value === current.search ? current : { ...current, search: value, pageNumber: 1 }), true);
      }, SEARCH_DEBOUNCE_MS);
    },
    [update],
  );

  const setFilters = useCallback<ListQuery<P, L>['setFilters']>(
    (patch) =>
      update((current) => ({
        ...current,
        filters: patchFilters(current.filters, typeof patch === 'function' ? patch(current.filters) : patch),
        pageNumber: 1,
      })),
    [update],
  );
  const setFilter = useCallback<ListQuery<P, L>['setFilter']>(
    (name, value) => setFilters((filters) => ({ [name]: typeof value === 'function' ? value(filters[name]) : value })),
    [setFilters],
  );

  const clearFilters = useCallback(() => {
    clearTimeout(timer.current);
    setSearch({ text: '', seen: '' });
    update((current) => ({ ...current, filters: {}, search: '', pageNumber: 1 }));
  }, [update]);

  const setSort = useCallback<ListQuery<P, L>['setSort']>(
    (sort) => update((current) => ({ ...current, sort: [...sort], pageNumber: 1 })),
    [update],
  );
  const setPage = useCallback<ListQuery<P, L>['setPage']>(
    (pageNumber, options) =>
      update((current) => ({ ...current, pageNumber: Math.max(1, Math.trunc(pageNumber)) }), options?.replace ?? false),
    [update],
  );
  const setPageSize = useCallback((pageSize: number) => update((current) => ({ ...current, pageSize, pageNumber: 1 })), [update]);

  // One object while nothing in it changes: a filter bar given it re-renders only when the query does.
  return useMemo(
    () => ({
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
    }),
    [contract, state, params, ignored, searchText, setSearchText, setFilter, setFilters, clearFilters, setSort, setPage, setPageSize],
  );
}
