/**
 * The list state of a list screen and its URL form (the web app's URL codec, and what a saved
 * view's `query` is checked with on the server and in the mocks). The URL uses the API's own parameter names
 * (arrays repeated), so a link reproduces the view and the same state is the list call's argument.
 * Parsing never throws: what the contract does not accept is dropped or clamped and reported.
 * Filter values are checked with the contract's patterns and bounds (isValidFilterValue), the same
 * ones the server validates with, so a pasted link never keeps a filter the server would refuse.
 */
import { LIMITS, PAGE_SIZES } from './limits.ts';
import { allFilters, parseSort, sortValues, type ListContract, type SortValue } from './lists.ts';
import { isValidFilterValue, splitsOnComma } from './values.ts';

/**
 * A URL query as the WHATWG URLSearchParams holds it, in browsers and Node alike: the part the codec
 * uses (the contract's lib names neither a browser's nor Node's globals).
 */
export interface QueryParams {
  keys(): Iterable<string>;
  getAll(name: string): string[];
  append(name: string, value: string): void;
  set(name: string, value: string): void;
  toString(): string;
}
declare const URLSearchParams: new (init?: string) => QueryParams;

/** A URL query's parameters from its text (without `?`). */
export const queryParams = (text: string): QueryParams => new URLSearchParams(text);

/** Filter values as the URL carries them: one string, or a list for `multi` filters. */
export type FilterValues = Readonly<Record<string, string | readonly string[]>>;

export interface ListState<L extends ListContract = ListContract> {
  /** Only valid, non-empty filters, under the API's parameter names. */
  readonly filters: FilterValues;
  /** Empty when there is no search. */
  readonly search: string;
  /** Empty means the server's default order (`contract.defaultSort`). */
  readonly sort: readonly SortValue<L>[];
  /** 1-based. */
  readonly pageNumber: number;
  readonly pageSize: number;
}

export type IgnoredReason = 'unknown' | 'invalid' | 'clamped';

/** A URL parameter (or one of its values) the parse dropped or clamped. */
export interface IgnoredParam {
  readonly name: string;
  readonly value: string;
  readonly reason: IgnoredReason;
}

export interface ParsedListQuery<L extends ListContract = ListContract> {
  readonly state: ListState<L>;
  readonly ignored: readonly IgnoredParam[];
}

export interface ListQueryOptions {
  /** Page size when the URL names none (LIMITS.pageSizeDefault otherwise). */
  readonly defaultPageSize?: number;
  /** Parameters the page itself uses, which are neither list state nor reported as unknown. */
  readonly otherParams?: readonly string[];
}

const defaultPageSizeOf = (options: ListQueryOptions | undefined): number => options?.defaultPageSize ?? LIMITS.pageSizeDefault;

/** The state of a list with nothing chosen. */
export const emptyListState = <L extends ListContract>(options?: ListQueryOptions): ListState<L> => ({
  filters: {},
  search: '',
  sort: [],
  pageNumber: 1,
  pageSize: defaultPageSizeOf(options),
});

/** The page size the URL asks for, clamped to one the screens offer. */
const clampToPageSizes = (size: number): number => PAGE_SIZES.find((offered) => offered >= size) ?? LIMITS.pageSizeMax;

/**
 * Reads a list's state from URL parameters. Unknown parameters, invalid filter values, unknown
 * sort fields and out-of-range paging are dropped or clamped, each listed in `ignored`.
 */
export function parseListQuery<L extends ListContract>(contract: L, params: QueryParams, options?: ListQueryOptions): ParsedListQuery<L> {
  const defs = allFilters(contract);
  const ignored: IgnoredParam[] = [];
  const filters: Record<string, string | string[]> = {};
  const other = new Set(options?.otherParams ?? []);
  let search = '';
  const sort: string[] = [];
  let pageNumber = 1;
  let pageSize = defaultPageSizeOf(options);
  const validSort = new Set<string>(sortValues(contract));

  for (const name of new Set(params.keys())) {
    const values = params.getAll(name);
    const def = Object.prototype.hasOwnProperty.call(defs, name) ? defs[name] : undefined;
    if (def) {
      if (def.kind === 'multi') {
        const items = splitsOnComma(def) ? values.flatMap((value) => value.split(',')) : values;
        const kept: string[] = [];
        for (const raw of items) {
          const value = raw.trim();
          if (value === '') continue;
          if (!isValidFilterValue(contract, def, value) || kept.length >= LIMITS.arrayParamMaxItems) {
            ignored.push({ name, value: raw, reason: 'invalid' });
          } else if (!kept.includes(value)) kept.push(value);
        }
        if (kept.length > 0) filters[name] = kept;
      } else {
        // A single-valued filter given twice keeps its first valid value.
        for (const raw of values) {
          const value = raw.trim();
          if (value === '') continue;
          if (filters[name] === undefined && isValidFilterValue(contract, def, value)) filters[name] = value;
          else ignored.push({ name, value: raw, reason: 'invalid' });
        }
      }
    } else if (name === 'search') {
      const value = values.join(' ').trim();
      search = value.slice(0, LIMITS.searchMaxLength);
      if (value.length > LIMITS.searchMaxLength) ignored.push({ name, value, reason: 'clamped' });
    } else if (name === 'sort') {
      const fields = new Set<string>();
      for (const part of values.flatMap(parseSort)) {
        const field = part.replace(/^-/, '');
        if (!validSort.has(part) || fields.has(field) || sort.length >= LIMITS.sortMaxFields) {
          ignored.push({ name, value: part, reason: 'invalid' });
        } else {
          fields.add(field);
          sort.push(part);
        }
      }
    } else if (name === 'pageNumber') {
      const value = values[0] ?? '';
      const number = /^\d+$/.test(value) ? Number(value) : NaN;
      if (number >= 1 && number <= LIMITS.pageNumberMax) pageNumber = number;
      else if (number > LIMITS.pageNumberMax) {
        pageNumber = LIMITS.pageNumberMax;
        ignored.push({ name, value, reason: 'clamped' });
      } else ignored.push({ name, value, reason: 'invalid' });
    } else if (name === 'pageSize') {
      const value = values[0] ?? '';
      const number = /^\d+$/.test(value) ? Number(value) : NaN;
      if (PAGE_SIZES.some((size) => size === number)) pageSize = number;
      else if (number >= 1) {
        pageSize = clampToPageSizes(number);
        ignored.push({ name, value, reason: 'clamped' });
      } else ignored.push({ name, value, reason: 'invalid' });
    } else if (!other.has(name)) {
      for (const value of values) ignored.push({ name, value, reason: 'unknown' });
    }
  }

  return { state: { filters, search, sort, pageNumber, pageSize }, ignored };
}

/**
 * Writes a list's state as URL parameters: filters in the contract's order (arrays repeated),
 * then search, sort and paging; defaults (page 1, the default page size, no sort) are left out
 * so the plain list has a plain URL.
 */
export function serializeListQuery<L extends ListContract>(contract: L, state: ListState<L>, options?: ListQueryOptions): QueryParams {
  const params = new URLSearchParams();
  for (const name of Object.keys(allFilters(contract))) {
    const value = state.filters[name];
    if (value === undefined) continue;
    for (const item of typeof value === 'string' ? [value] : value) if (item !== '') params.append(name, item);
  }
  const search = state.search.trim();
  if (search) params.set('search', search);
  if (state.sort.length > 0) params.set('sort', state.sort.join(','));
  if (state.pageNumber > 1) params.set('pageNumber', String(state.pageNumber));
  if (state.pageSize !== defaultPageSizeOf(options)) params.set('pageSize', String(state.pageSize));
  return params;
}
