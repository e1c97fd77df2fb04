/**
 * The list state of a list screen and its URL form: the contract's codec (parseListQuery,
 * serializeListQuery), the one the server checks a saved view's query with, plus the list call's
 * argument for a state.
 */
import {
  allFilters,
  serializeListQuery as serializeQuery,
  type FilterDef,
  type ListContract,
  type ListQueryOptions,
  type ListState,
} from '@timberlog/contract';

export { emptyListState, parseListQuery } from '@timberlog/contract';
export type {
  FilterValues,
  IgnoredParam,
  IgnoredReason,
  ListQueryOptions,
  ListState,
  ParsedListQuery,
} from '@timberlog/contract';

/** The contract's serializeListQuery, as the browser's URLSearchParams (the router takes those). */
export const serializeListQuery = <L extends ListContract>(contract: L, state: ListState<L>, options?: ListQueryOptions): URLSearchParams =>
  new URLSearchParams(serializeQuery(contract, state, options).toString());

const numeric = (def: FilterDef): boolean =>
  ((def.kind === 'exact' || def.kind === 'multi') && def.type === 'integer') || def.kind === 'min' || def.kind === 'max';

const booleanValued = (def: FilterDef): boolean =>
  def.kind === 'boolean' ||
  def.kind === 'present' ||
  def.kind === 'caller' ||
  ((def.kind === 'exact' || def.kind === 'multi') && def.type === 'boolean');

/**
 * The list call's argument for a state: typed values (numbers, booleans), sort as the list of
 * its values (sent repeated), and always the page number and size, so RTK Query caches one entry per view.
 * Give the endpoint's `ListParams` as `P`, e.g. `toListParams<WaybillListParams>(LISTS.waybills, state)`.
 */
export function toListParams<P extends object = Record<string, unknown>, L extends ListContract = ListContract>(
  contract: L,
  state: ListState<L>,
): P {
  const defs = allFilters(contract);
  const params: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(state.filters)) {
    const def = defs[name];
    if (!def) continue;
    const convert = (item: string): unknown => (numeric(def) ? Number(item) : booleanValued(def) ? item === 'true' : item);
    params[name] = typeof value === 'string' ? convert(value) : value.map(convert);
  }
  if (state.search) params.search = state.search;
  if (state.sort.length > 0) params.sort = [...state.sort];
  params.pageNumber = state.pageNumber;
  params.pageSize = state.pageSize;
  return params as P;
}

/** How many filters are on (search not counted): a range with both ends counts twice. */
export const activeFilterCount = (state: ListState): number => Object.keys(state.filters).length;
