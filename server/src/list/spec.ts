/** A list's SQL from its contract: what each module declares (`defineSpec`) and the query's types. */
import type { RawBuilder } from 'kysely';
import { allFilters, SHARED_FILTERS, type FilterName, type ListContract, type SortField, type SortValue } from '@timberlog/contract';
import type { AuthUser } from '../infra/context.js';

/**
 * `expr` folded as search folds case (foldCase): lower() under the built-in pg_c_utf8 collation,
 * which lowers every letter (the database's C collation lowers only A to Z). Search indexes are
 * written on exactly this expression.
 */
export const searchFold = (expr: string): string => `lower((${expr}) COLLATE pg_c_utf8)`;

export type Cond = RawBuilder<unknown>;

type Filters<L extends ListContract> = L['filters'] & typeof SHARED_FILTERS;

/** The record fields the named filters test (a caller filter tests the signed-in user, not a column). */
type FilterField<L extends ListContract, N extends PropertyKey> = {
  [K in keyof Filters<L> & N]: Filters<L>[K] extends { kind: 'caller' }
    ? never
    : Filters<L>[K] extends { field: infer F extends string }
      ? F
      : never;
}[keyof Filters<L> & N];

/** What a filter hands its condition: the signed-in user, for filters about the caller. */
export interface FilterContext {
  user?: AuthUser;
  /** The server's EVR measurement tolerance in percent (config.evrTolerancePercent). */
  evrTolerancePercent?: number;
}
/** A filter's SQL written by hand (computed columns, subqueries, the caller). */
export type CustomFilter = (value: unknown, ctx: FilterContext) => Cond | undefined;

/** A list's SQL: what `defineSpec` takes. `C` names the filters whose SQL is written by hand. */
export interface ListSpecInput<L extends ListContract, C extends FilterName<L>> {
  list: L;
  /** FROM clause, joins included. */
  from: RawBuilder<unknown>;
  /**
   * FROM clause for counting, when every filter reads only the base table: PostgreSQL cannot drop
   * inner joins, so counting over `from` would join every matching row for nothing.
   */
  countFrom?: RawBuilder<unknown>;
  /** Select list with camelCase aliases. */
  select: RawBuilder<unknown>;
  /** A list page's rows, when they carry fewer fields than a record's own answer (`select`). */
  listSelect?: RawBuilder<unknown>;
  /**
   * FROM clause and select list for reading many rows at once (exports), when joins serve them
   * better than the page's: the same columns under the same aliases.
   */
  bulk?: { from: RawBuilder<unknown>; select: RawBuilder<unknown> };
  /**
   * The SQL expression of every record field the contract sorts or filters on: a field without a
   * column here fails the type check. Sort columns lead an index (`test/indexes.test.ts`).
   */
  columns: Readonly<Record<SortField<L> | FilterField<L, Exclude<keyof Filters<L>, C>>, string>>;
  /** Columns of the fields `search` matches that are neither sorted nor filtered on (nullable ones coalesced). */
  searchColumns?: Readonly<Record<string, string>>;
  /** Filters whose SQL is not a plain comparison on a column. */
  custom?: Readonly<Record<C, CustomFilter>>;
  /** Unique column appended to every ORDER BY so pages are stable. */
  tiebreak: string;
  /**
   * The sort fields (and the list's key) whose column is never null and whose value a page's row
   * gives back exactly, each with its SQL type: a page in an order of these alone, one way, starts
   * from a kept position before it instead of walking its offset (list/positions.ts). Needs
   * `version`; `test/list-positions.test.ts` checks every one is a NOT NULL column.
   */
  seekable?: Readonly<Partial<Record<SortField<L>, string>>>;
  /**
   * Find the page's keys (`tiebreak`) first, then read their rows: for a select list of subqueries,
   * which PostgreSQL would otherwise evaluate for every row an OFFSET skips.
   */
  keysFirst?: boolean;
  /**
   * Exact counts the database keeps in a table (by triggers, in the writing transaction): the
   * count query for the filters it answers exactly, or undefined to count the matching rows.
   * Given only the query's filters and search, so it is never asked when a route adds conditions.
   */
  counter?: (q: Readonly<Record<string, unknown>>) => RawBuilder<unknown> | undefined;
  /**
   * The version of the tables the list's filters read, kept by the database (moved by every
   * statement writing them, in its transaction): counts the counter does not answer (searches
   * aside) are then kept per filter and reused while the version read with the page is the one
   * they were counted at.
   */
  version?: RawBuilder<unknown>;
  /**
   * A version of only the rows the query's filters can select, kept by the database as `version`
   * is (moved by every statement writing any of those rows, before or after, in its transaction,
   * and never back), for the filters it covers; undefined for the others. The positions of a list
   * (list/positions.ts) are kept with it instead of `version`, so a write to rows no filter of the
   * query could select leaves them usable (docs/decisions/0030). Needs `version`.
   */
  filterVersion?: (q: Readonly<Record<string, unknown>>) => RawBuilder<unknown> | undefined;
  /**
   * The version of everything an answer of the list shows, read as one value (text): the tables
   * its filters and rows read, their joined names included, each kept by the database as `version`
   * is. A whole answer (count and page) is then kept with the version read in the statement that
   * made it and answered again, after reading only this, while it is unchanged (docs/decisions/0016).
   */
  pageVersion?: RawBuilder<unknown>;
  /**
   * Whether the counter answers the query's filters and their page should be found the way the
   * exact count picks (runList): walking the sort order's index when the matches are many against
   * the table, else sorting the matches. The page is then planned once for every value
   * (ctx.plannedOnce), both ways in its plan. Needs `table` and `counter`.
   */
  countChoosesWay?: (q: Readonly<Record<string, unknown>>) => boolean;
  /**
   * Whether an index answers the filters countChoosesWay takes and the query's order together, so
   * that walking it reads only the matches, in order: the page is then read by that walk at any
   * depth, instead of sorting every match when they are few against the table (runList).
   */
  walksOnlyMatches?: (q: Readonly<Record<string, unknown>>) => boolean;
  /**
   * Whether the page's best plan is the same for every value of the query's filters, so that one
   * plan is kept for all (ctx.plannedOnce); filters whose values choose the way (a rare value's own
   * index against walking the sort order) are planned for their values on every call.
   */
  planOnce?: (q: Readonly<Record<string, unknown>>) => boolean;
  /**
   * A search's matches found once for the count and the page, when the list has a way for this
   * query: `with`, named statements (WITH … MATERIALIZED) put before the page's statement; `count`,
   * the exact count from them; `matches`, when they answer the query's order, a statement giving
   * each matching row's `tiebreak` and the columns of the order, named as in the table (runList
   * reads it under the table's alias, for a list that reads its keys first); `walk`, the test of a
   * row met walking the sort order's index, from the named statements (instead of matching the
   * term in the row's text). Undefined: the count is the counter's and the matches are read from
   * the table.
   */
  searchFound?: (q: Readonly<Record<string, unknown>>) => SearchFound | undefined;
  /**
   * The list's one table and its alias in `from`, when a search should find its page by how many
   * rows it matches (see runList): its row estimate (pg_class.reltuples) tells how far a walk in
   * sort order goes.
   */
  table?: { name: string; as: string };
}

/** A search's matches found once per statement (ListSpec.searchFound). */
export interface SearchFound {
  readonly with: RawBuilder<unknown>;
  readonly count: RawBuilder<unknown>;
  readonly matches: RawBuilder<unknown> | undefined;
  readonly walk: RawBuilder<unknown>;
}

export interface ListSpec<L extends ListContract = ListContract> {
  list: L;
  from: RawBuilder<unknown>;
  countFrom?: RawBuilder<unknown>;
  select: RawBuilder<unknown>;
  listSelect: RawBuilder<unknown>;
  bulk?: { from: RawBuilder<unknown>; select: RawBuilder<unknown> };
  columns: Readonly<Record<string, string>>;
  custom: Readonly<Record<string, CustomFilter>>;
  tiebreak: string;
  seekable?: Readonly<Record<string, string>>;
  keysFirst?: boolean;
  counter?: (q: Readonly<Record<string, unknown>>) => RawBuilder<unknown> | undefined;
  version?: RawBuilder<unknown>;
  filterVersion?: (q: Readonly<Record<string, unknown>>) => RawBuilder<unknown> | undefined;
  pageVersion?: RawBuilder<unknown>;
  countChoosesWay?: (q: Readonly<Record<string, unknown>>) => boolean;
  walksOnlyMatches?: (q: Readonly<Record<string, unknown>>) => boolean;
  planOnce?: (q: Readonly<Record<string, unknown>>) => boolean;
  searchFound?: (q: Readonly<Record<string, unknown>>) => SearchFound | undefined;
  table?: { name: string; as: string };
  /** The search columns folded (searchFold), as the trigram index on them is written. */
  searchExpr?: string;
}

/**
 * A list's SQL from its contract. Throws (at module load, so every test and start catches it) when a
 * search field has no column or a caller filter no condition; the type check catches the rest.
 */
export function defineSpec<L extends ListContract, C extends FilterName<L> = never>(input: ListSpecInput<L, C>): ListSpec<L> {
  const columns: Record<string, string> = { ...input.columns };
  const custom: Record<string, CustomFilter> = { ...(input.custom ?? {}) } as Record<string, CustomFilter>;
  const searchCols = input.list.search.map((field) => {
    const col = input.searchColumns?.[field] ?? columns[field];
    if (!col) throw new Error(`${input.list.path}: search field "${field}" has no column`);
    return col;
  });
  for (const [name, def] of Object.entries(allFilters(input.list))) {
    if (!custom[name] && (def.kind === 'caller' || !columns[def.field]))
      throw new Error(`${input.list.path}: filter "${name}" has no column or condition`);
  }
  return {
    list: input.list,
    from: input.from,
    countFrom: input.countFrom,
    select: input.select,
    listSelect: input.listSelect ?? input.select,
    bulk: input.bulk,
    columns,
    custom,
    tiebreak: input.tiebreak,
    seekable: input.seekable as Readonly<Record<string, string>> | undefined,
    keysFirst: input.keysFirst,
    counter: input.counter,
    version: input.version,
    filterVersion: input.filterVersion,
    pageVersion: input.pageVersion,
    countChoosesWay: input.countChoosesWay,
    walksOnlyMatches: input.walksOnlyMatches,
    planOnce: input.planOnce,
    searchFound: input.searchFound,
    table: input.table,
    searchExpr: searchCols.length ? searchFold(searchCols.join(" || ' ' || ")) : undefined,
  };
}

/** Query values as the list's querystring schema (`listQuery`) gives them. */
type ItemValue<D> = D extends { values: readonly (infer V)[] }
  ? V
  : D extends { type: 'integer' }
    ? number
    : D extends { type: 'boolean' }
      ? boolean
      : string;
type FilterValue<D> = D extends { kind: 'multi' }
  ? ItemValue<D>[]
  : D extends { kind: 'exact' }
    ? ItemValue<D>
    : D extends { kind: 'boolean' | 'present' | 'caller' }
      ? boolean
      : D extends { kind: 'min' | 'max' }
        ? number
        : string;
export type ListQuery<L extends ListContract> = { [K in keyof Filters<L>]?: FilterValue<Filters<L>[K]> } & {
  search?: string;
  sort?: SortValue<L>[];
  pageNumber?: number;
  pageSize?: number;
};
