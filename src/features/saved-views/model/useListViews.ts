import type { Density, ListContract, SavedViewList } from '@timberlog/contract';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useSearchParams } from 'react-router-dom';

import { listLayoutChosen, selectListLayout } from '@/entities/preferences';
import { useListSavedViewsQuery, type SavedView } from '@/entities/saved-view';
import type { ListQuery } from '@/shared/lib/list-query';
import { useAppDispatch, useAppSelector } from '@/shared/model';

import {
  defaultViewOf,
  isBareListSearch,
  layoutColumns,
  layoutDensity,
  VIEW_PARAM,
  viewChanges,
  viewIdOf,
  viewQueryOf,
  viewSearch,
} from '../lib/views';

/** A list page's saved views and layout: what the views bar shows and what the table takes. */
export interface ListViews {
  readonly list: SavedViewList;
  /** The caller's own and every shared view of the list; undefined while they load. */
  readonly views: readonly SavedView[] | undefined;
  readonly isLoading: boolean;
  readonly error: unknown;
  readonly refetch: () => void;
  /** The view the URL names, once the views are loaded. */
  readonly openView: SavedView | undefined;
  /** The list's URL query as a view would keep it. */
  readonly query: string;
  /** Column ids shown, in order. */
  readonly columns: readonly string[];
  readonly density: Density;
  /** What of the open view the page no longer shows as saved (empty: as saved, or no view open). */
  readonly changes: readonly ('query' | 'columns' | 'density')[];
  readonly setColumns: (ids: readonly string[]) => void;
  readonly setDensity: (density: Density) => void;
  /** Opens a view: its query in the URL (one history entry), its columns and density. */
  readonly open: (view: SavedView) => void;
  /** Back to the list as the view keeps it (its query, columns and density). */
  readonly revert: () => void;
  /** Leaves the open view; the filters stay. */
  readonly close: () => void;
}

type Draft = { readonly viewId: number; readonly columns?: readonly string[]; readonly density?: Density };

/**
 * Saved views of a list page. The open view is named in the URL (`view=<id>` beside the list's own
 * query), so a view's link opens it. With no view open, columns and density are the user's
 * preferences; with one open they are the view's, and changing them is a change of the view not
 * yet saved. Opened with no query at all, the page opens the user's default view.
 * Give the page's `useListQuery` the option `otherParams: [VIEW_PARAM]`.
 */
export function useListViews(list: SavedViewList, query: ListQuery<object, ListContract>): ListViews {
  const [searchParams, setSearchParams] = useSearchParams();
  const { data: views, isLoading, error, refetch } = useListSavedViewsQuery({ list });
  const dispatch = useAppDispatch();
  const stored = useAppSelector((state) => selectListLayout(state, list));
  const viewId = viewIdOf(searchParams);
  const openView = viewId === undefined ? undefined : views?.find((view) => view.id === viewId);
  const [draft, setDraft] = useState<Draft | undefined>(undefined);
  const viewDraft = openView && draft?.viewId === openView.id ? draft : undefined;

  const columns = useMemo(
    () => layoutColumns(list, openView ? (viewDraft?.columns ?? openView.columns) : stored.columns),
    [list, openView, viewDraft, stored.columns],
  );
  const density = layoutDensity(openView ? (viewDraft?.density ?? openView.density) : stored.density);
  const currentQuery = viewQueryOf(query.contract, query.state);
  const changes = useMemo(
    () => (openView ? viewChanges(openView, { query: currentQuery, columns, density }) : []),
    [openView, currentQuery, columns, density],
  );

  const setColumns = useCallback(
    (ids: readonly string[]) => {
      if (openView) setDraft((was) => ({ ...(was?.viewId === openView.id ? was : {}), viewId: openView.id, columns: [...ids] }));
      else dispatch(listLayoutChosen({ list, columns: [...ids] }));
    },
    [openView, dispatch, list],
  );
  const setDensity = useCallback(
    (next: Density) => {
      if (openView) setDraft((was) => ({ ...(was?.viewId === openView.id ? was : {}), viewId: openView.id, density: next }));
      else dispatch(listLayoutChosen({ list, density: next }));
    },
    [openView, dispatch, list],
  );

  const open = useCallback(
    (view: SavedView) => {
      setDraft(undefined);
      setSearchParams(new URLSearchParams(viewSearch(view)));
    },
    [setSearchParams],
  );
  const revert = useCallback(() => {
    if (openView) open(openView);
  }, [openView, open]);
  const close = useCallback(() => {
    setDraft(undefined);
    setSearchParams((current) => {
      const next = new URLSearchParams(current);
      next.delete(VIEW_PARAM);
      return next;
    });
  }, [setSearchParams]);

  // Opened with no query: the user's default view, in place of the bare address (once per visit of the page).
  const openedBare = useRef(searchParams.toString() === '');
  useEffect(() => {
    if (!openedBare.current || !views) return;
    openedBare.current = false;
    const byDefault = defaultViewOf(views);
    if (byDefault && searchParams.toString() === '') setSearchParams(new URLSearchParams(viewSearch(byDefault)), { replace: true });
  }, [views, searchParams, setSearchParams]);

  // A link naming only the view (`?view=3`): its query, in place.
  const filled = useRef<number | undefined>(undefined);
  useEffect(() => {
    if (!openView || filled.current === openView.id) return;
    filled.current = openView.id;
    if (openView.query !== '' && isBareListSearch(searchParams))
      setSearchParams(new URLSearchParams(viewSearch(openView)), { replace: true });
  }, [openView, searchParams, setSearchParams]);

  return {
    list,
    views,
    isLoading,
    error,
    refetch: () => void refetch(),
    openView,
    query: currentQuery,
    columns,
    density,
    changes,
    setColumns,
    setDensity,
    open,
    revert,
    close,
  };
}
