export {
  activeFilterCount,
  emptyListState,
  parseListQuery,
  serializeListQuery,
  toListParams,
} from './codec';
export type { FilterValues, IgnoredParam, IgnoredReason, ListQueryOptions, ListState, ParsedListQuery } from './codec';
export { isPageGone, useLastPageWhenGone } from './useLastPageWhenGone';
export { SEARCH_DEBOUNCE_MS, useListQuery } from './useListQuery';
export type { FilterPatch, FilterValue, ListQuery } from './useListQuery';
