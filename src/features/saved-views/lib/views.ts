import { defaultColumns, LIST_COLUMNS, SAVED_VIEW, type Density, type ListContract, type SavedViewList } from '@timberlog/contract';

import type { SavedView } from '@/entities/saved-view';
import { serializeListQuery, type ListState } from '@/shared/lib/list-query';

/** The URL parameter naming the open view (beside the list's own query, which it leaves alone). */
export const VIEW_PARAM = 'view';

/** The list's URL state as a view keeps it: the codec's query without the page number (as the server keeps it). */
export const viewQueryOf = <L extends ListContract>(contract: L, state: ListState<L>): string =>
  serializeListQuery(contract, { ...state, pageNumber: 1 }).toString();

/** The URL search (no `?`) that opens a view: its query and its id. */
export const viewSearch = (view: Pick<SavedView, 'id' | 'query'>): string => {
  const params = new URLSearchParams(view.query);
  params.set(VIEW_PARAM, String(view.id));
  return params.toString();
};

/** The open view's id in a URL's search, if it names one. */
export const viewIdOf = (search: URLSearchParams): number | undefined => {
  const id = Number(search.get(VIEW_PARAM));
  return Number.isInteger(id) && id > 0 ? id : undefined;
};

/** Whether a URL's search holds nothing of the list (no filters, sort, paging; the view's id aside). */
export const isBareListSearch = (search: URLSearchParams): boolean => [...search.keys()].every((name) => name === VIEW_PARAM);

/** The caller's default view of the list: one of their own, at most one is. */
export const defaultViewOf = (views: readonly SavedView[] | undefined): SavedView | undefined =>
  views?.find((view) => view.own && view.isDefault);

/** A list's columns as shown: the known ids given, in their order, each once; the list's defaults when none are left. */
export const layoutColumns = (list: SavedViewList, ids: readonly string[] | undefined): readonly string[] => {
  const known = new Set(LIST_COLUMNS[list].map((column) => column.id));
  const kept = [...new Set((ids ?? []).filter((id) => known.has(id)))];
  return kept.length > 0 ? kept : defaultColumns(list);
};

export const layoutDensity = (density: Density | undefined): Density => density ?? SAVED_VIEW.defaultDensity;

const sameIds = (a: readonly string[], b: readonly string[]): boolean => a.length === b.length && a.every((id, index) => id === b[index]);

/** What the page shows now: the list's query (as `viewQueryOf` writes it), columns and density. */
export interface ShownLayout {
  readonly query: string;
  readonly columns: readonly string[];
  readonly density: Density;
}

/** Which of a view's parts the page no longer shows as the view keeps them (none: the view is as saved). */
export function viewChanges(view: SavedView, shown: ShownLayout): ('query' | 'columns' | 'density')[] {
  const changes: ('query' | 'columns' | 'density')[] = [];
  if (new URLSearchParams(view.query).toString() !== new URLSearchParams(shown.query).toString()) changes.push('query');
  if (!sameIds(layoutColumns(view.list, view.columns), shown.columns)) changes.push('columns');
  if (view.density !== shown.density) changes.push('density');
  return changes;
}

/** The table's columns the ids choose, in the ids' order (ids the table has no column for are left out). */
export const pickColumns = <C extends { readonly id: string }>(columns: readonly C[], ids: readonly string[]): C[] =>
  ids.flatMap((id) => columns.find((column) => column.id === id) ?? []);

/** Own views first, then the ones others share, each by name in the locale's order. */
export const sortViews = (views: readonly SavedView[], locale: string): { own: SavedView[]; shared: SavedView[] } => {
  const byName = (a: SavedView, b: SavedView) => a.name.localeCompare(b.name, locale);
  return {
    own: views.filter((view) => view.own).sort(byName),
    shared: views.filter((view) => !view.own).sort(byName),
  };
};

/** A column's header as text for the column chooser (the column's id when the header is not plain text). */
export const columnLabelOf =
  (columns: readonly { readonly id: string; readonly header: unknown }[]) =>
  (id: string): string => {
    const header = columns.find((column) => column.id === id)?.header;
    return typeof header === 'string' ? header : id;
  };
