import type { FastifyRequest } from 'fastify';
import { sql, type RawBuilder } from 'kysely';
import { allFilters, foldCase, lastPageOf, LIMITS, orderParts, parseSort, SHARED_FILTERS, type FilterDef, type FilterName, type ListContract, type SortField, type SortValue } from '@timberlog/contract';
import type { AuthUser } from './context.js';
import { reusedQuery, type DB } from './db.js';
import { fieldError, invalidPage, notFound } from './errors.js';
import { apiLink } from './urls.js';

export type Cond = RawBuilder<unknown>;

type Filters<L extends ListContract> = L['filters'] & typeof SHARED_FILTERS;

/** The record fields the named filters test (a caller filter tests the signed-in user, not a column). */
type FilterField<L extends ListContract, N extends PropertyKey> = {
  [K in keyof Filters<L> & N]: Filters<L>[K] extends { kind: 'caller' } ? never : Filters<L>[K] extends { field: infer F extends string } ? F : never;
}[keyof Filters<L> & N];

/** What a filter hands its condition: the signed-in user, for filters about the caller. */
export interface FilterContext {
  user?: AuthUser;
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
   * The list's one table and its alias in `from`, when a search should find its page by how many
   * rows it matches (see runList): its row estimate (pg_class.reltuples) tells how far a walk in
   * sort order goes.
   */
  table?: { name: string; as: string };
}

export interface ListSpec<L extends ListContract = ListContract> {
  list: L;
  from: RawBuilder<unknown>;
  countFrom?: RawBuilder<unknown>;
  select: RawBuilder<unknown>;
  bulk?: { from: RawBuilder<unknown>; select: RawBuilder<unknown> };
  columns: Readonly<Record<string, string>>;
  custom: Readonly<Record<string, CustomFilter>>;
  tiebreak: string;
  keysFirst?: boolean;
  counter?: (q: Readonly<Record<string, unknown>>) => RawBuilder<unknown> | undefined;
  version?: RawBuilder<unknown>;
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
    if (!custom[name] && (def.kind === 'caller' || !columns[def.field])) throw new Error(`${input.list.path}: filter "${name}" has no column or condition`);
  }
  return {
    list: input.list,
    from: input.from,
    countFrom: input.countFrom,
    select: input.select,
    bulk: input.bulk,
    columns,
    custom,
    tiebreak: input.tiebreak,
    keysFirst: input.keysFirst,
    counter: input.counter,
    version: input.version,
    table: input.table,
    searchExpr: searchCols.length ? searchFold(searchCols.join(" || ' ' || ")) : undefined,
  };
}

/** Query values as the list's querystring schema (`listQuery`) gives them. */
type ItemValue<D> = D extends { values: readonly (infer V)[] } ? V : D extends { type: 'integer' } ? number : D extends { type: 'boolean' } ? boolean : string;
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

const isDateOnly = (v: string) => /^\d{4}-\d{2}-\d{2}$/.test(v);

/** Lower bound: a timestamp as is, a date from its start. */
export function afterCond(col: string, v: string): Cond {
  return isDateOnly(v) ? sql`${sql.raw(col)} >= ${v}::date` : sql`${sql.raw(col)} >= ${v}::timestamptz`;
}
/** Upper bound (inclusive): a timestamp as is, a date up to its end. */
export function beforeCond(col: string, v: string): Cond {
  return isDateOnly(v) ? sql`${sql.raw(col)} < (${v}::date + 1)` : sql`${sql.raw(col)} <= ${v}::timestamptz`;
}

export function escapeLike(s: string): string {
  return s.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/** The condition of one filter of the contract on its column; undefined when the filter is not given. */
function filterCond(def: FilterDef, col: string, value: unknown): Cond | undefined {
  if (value === undefined || value === null) return undefined;
  const c = sql.raw(col);
  switch (def.kind) {
    case 'exact':
    case 'boolean':
      return sql`${c} = ${value}`;
    case 'multi':
      // An empty list filters nothing, as an absent parameter.
      return Array.isArray(value) && value.length > 0 ? sql`${c} = ANY(${value})` : undefined;
    case 'after':
      return def.type === 'date' ? sql`${c} >= ${value}::date` : afterCond(col, String(value));
    case 'before':
      return def.type === 'date' ? sql`${c} <= ${value}::date` : beforeCond(col, String(value));
    case 'day':
      return sql`${c} >= ${value}::date AND ${c} < (${value}::date + 1)`;
    case 'min':
      return sql`${c} >= ${value}`;
    case 'max':
      return sql`${c} <= ${value}`;
    case 'present':
      return value ? sql`${c} IS NOT NULL` : sql`${c} IS NULL`;
    case 'caller':
      // defineSpec requires a custom condition for these.
      return undefined;
  }
}

/** The names of the filters that narrow the list in `q` (an empty multi filters nothing), and `search` when not blank. */
export function givenFilters(list: ListContract, q: Readonly<Record<string, unknown>>): string[] {
  const given = Object.keys(allFilters(list)).filter((name) => q[name] !== undefined && q[name] !== null && !(Array.isArray(q[name]) && q[name].length === 0));
  if (searchTerm(q)) given.push('search');
  return given;
}

/** The search term as the search columns are matched (trimmed, case folded), or '' when none is given. */
export function searchTerm(q: Readonly<Record<string, unknown>>): string {
  return typeof q.search === 'string' ? foldCase(q.search.trim()) : '';
}

/**
 * `expr` folded as search folds case (foldCase): lower() under the built-in pg_c_utf8 collation,
 * which lowers every letter (the database's C collation lowers only A to Z). Search indexes are
 * written on exactly this expression.
 */
export const searchFold = (expr: string): string => `lower((${expr}) COLLATE pg_c_utf8)`;

/** `expr` contains `term` (lower case): LIKE, which the trigram index answers. */
export function searchLike(expr: string, term: string): Cond {
  return sql`${sql.raw(expr)} LIKE ${'%' + escapeLike(term) + '%'}`;
}

/**
 * Every condition the query's filters and search make, by the list's contract. The search is a
 * LIKE the trigram index answers, or with `searchBy: 'scan'` the same test as strpos(), which no
 * index answers: the planner then walks the sort order's index and tests the rows it meets.
 */
export function listConds(spec: ListSpec, q: Readonly<Record<string, unknown>>, ctx: FilterContext = {}, searchBy: 'index' | 'scan' = 'index'): Cond[] {
  const conds: Cond[] = [];
  for (const [name, def] of Object.entries(allFilters(spec.list))) {
    const custom = spec.custom[name];
    const cond = custom ? (q[name] === undefined ? undefined : custom(q[name], ctx)) : filterCond(def, spec.columns[def.field]!, q[name]);
    if (cond) conds.push(cond);
  }
  const term = searchTerm(q);
  if (term && spec.searchExpr) conds.push(searchBy === 'index' ? searchLike(spec.searchExpr, term) : sql`strpos(${sql.raw(spec.searchExpr)}, ${term}) > 0`);
  return conds;
}

/** The `sort` values as given: an array (the querystring schema's) or, in export requests stored before, a comma string. */
const sortParts = (sort: unknown): string[] => (Array.isArray(sort) ? sort.map(String) : typeof sort === 'string' ? parseSort(sort) : []);

/** ORDER BY from `sort` (or the list's default), ending with the unique tiebreak column in the first part's direction (orderParts). */
export function orderBy(spec: ListSpec, sort: unknown): RawBuilder<unknown> {
  const parts = orderParts(spec.list, sortParts(sort));
  const exprs: string[] = [];
  for (const [i, part] of parts.entries()) {
    const desc = part.startsWith('-');
    const name = desc ? part.slice(1) : part;
    // The last part is the list's key (see orderParts): its unique column.
    const expr = i === parts.length - 1 ? spec.tiebreak : (spec.list.sort as readonly string[]).includes(name) ? spec.columns[name] : undefined;
    if (!expr) throw fieldError('sort', 'field.unknownSort', { value: name.slice(0, 50), choices: spec.list.sort.join(', ') });
    exprs.push(`${expr} ${desc ? 'DESC' : 'ASC'}`);
  }
  return sql.raw(exprs.join(', '));
}

export function whereClause(conds: Cond[]): RawBuilder<unknown> {
  return conds.length ? sql`WHERE ${sql.join(conds, sql` AND `)}` : sql``;
}

export interface Page<T> {
  count: number;
  next: string | null;
  previous: string | null;
  results: T[];
}

export function pageUrl(request: FastifyRequest, pageNumber: number): string {
  // Only the path and query come from the request; the origin is PUBLIC_URL or none (relative).
  const url = new URL(request.url, 'http://unused.invalid');
  url.searchParams.set('pageNumber', String(pageNumber));
  return apiLink(request.server.ctx.config, `${url.pathname}${url.search}`);
}

// Rows come from raw SQL shaped by each module's select list; the route's response schema is their type.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type Row = any;

/**
 * The exact number of rows matching `q` (and `extra`): from the list's counter table when it
 * answers these filters, otherwise by counting the rows.
 */
export async function countList(db: DB, spec: ListSpec, q: Readonly<Record<string, unknown>>, where: RawBuilder<unknown>, extra: Cond[] = []): Promise<number> {
  const query = (extra.length === 0 ? spec.counter?.(q) : undefined) ?? sql`SELECT count(*) AS count FROM ${spec.countFrom ?? spec.from} ${where}`;
  const res = await sql<{ count: string | number }>`${query}`.execute(db);
  return Number(res.rows[0]?.count ?? 0);
}

/** How many filtered counts a process keeps (the least recently counted go first). */
const KEPT_COUNTS_MAX = 1000;
const keptCounts = new Map<string, { version: string; count: number }>();
const hasSearch = (q: Readonly<Record<string, unknown>>) => searchTerm(q) !== '';
/** The list and its conditions with their values: what a kept count answers. */
function countKey(db: DB, spec: ListSpec, where: RawBuilder<unknown>): string {
  const compiled = sql`${spec.countFrom ?? spec.from} ${where}`.compile(db);
  return `${compiled.sql}\u0000${JSON.stringify(compiled.parameters)}`;
}
function keepCount(key: string, version: string, count: number): void {
  keptCounts.delete(key);
  if (keptCounts.size >= KEPT_COUNTS_MAX) keptCounts.delete(keptCounts.keys().next().value!);
  keptCounts.set(key, { version, count });
}

/**
 * One page of a list: the contract's filters, search and sort from the query, plus `extra`
 * conditions the route adds (who may see which rows). Counts, then reads the page; a page past
 * the end is a 404.
 */
export async function runList<T = Row>(
  db: DB,
  request: FastifyRequest,
  spec: ListSpec,
  q: Readonly<Record<string, unknown>>,
  extra: Cond[] = [],
  map: (row: Record<string, unknown>) => T = (r) => r as T,
): Promise<Page<T>> {
  const all = [...listConds(spec, q, { user: request.user ?? undefined }), ...extra];
  const order = orderBy(spec, q.sort);
  const pageSize = typeof q.pageSize === 'number' ? q.pageSize : LIMITS.pageSizeDefault;
  const pageNumber = typeof q.pageNumber === 'number' ? q.pageNumber : 1;
  const where = whereClause(all);
  const offset = (pageNumber - 1) * pageSize;
  const tiebreak = sql.raw(spec.tiebreak);
  // The page size (a validated integer, one of a few) and a first page's offset are written into
  // the statement: a first page with no other values then has a plan PostgreSQL keeps (a LIMIT
  // given as a parameter made it plan the page again on every call). Later pages share one
  // statement per filter combination, their offset a parameter.
  const offsetSql = offset === 0 ? sql.lit(0) : sql`${offset}`;
  // One statement, one round trip, one snapshot: the count (the counter table's or the rows'), and
  // beside it the page, numbered in its order. It answers one row with a null page when the page
  // is empty. (Every round trip costs the database and this process a write and a read each.)
  const counter = extra.length === 0 ? spec.counter?.(q) : undefined;
  let countQuery = counter ?? sql`SELECT count(*) AS count FROM ${spec.countFrom ?? spec.from} ${where}`;
  // A count the rows must be counted for is kept with the table's version (see ListSpec.version)
  // and reused while the version is unchanged: the CASE runs the count only when it is not.
  // Searches are always counted (each term is a count of its own).
  const cacheKey = !counter && spec.version && extra.length === 0 && !hasSearch(q) ? countKey(db, spec, where) : undefined;
  if (cacheKey !== undefined && spec.version) {
    const kept = keptCounts.get(cacheKey);
    countQuery = sql`SELECT version AS "listVersion", CASE WHEN version = ${kept?.version ?? '-1'}::numeric THEN ${kept?.count ?? 0}::bigint
      ELSE (SELECT count(*) FROM ${spec.countFrom ?? spec.from} ${where}) END AS count FROM (${spec.version}) v(version)`;
  }
  // The page's rows (their keys first, with keysFirst) under `conds`, in order.
  const limited = (conds: Cond[], what: RawBuilder<unknown>) =>
    sql`SELECT ${what} FROM ${spec.from} ${whereClause(conds)} ORDER BY ${order} LIMIT ${sql.lit(pageSize)} OFFSET ${offsetSql}`;
  const what = spec.keysFirst ? tiebreak : spec.select;
  let rowsQuery = limited(all, what);
  if (spec.table && spec.searchExpr && hasSearch(q)) {
    // A search matching many rows finds its page soonest by walking the sort order's index and
    // testing each row it meets (about (offset + size) × rows / count of them); one matching few
    // rows, from the trigram index and a sort of its matches. The planner cannot tell which (it
    // guesses a LIKE's matches from trigram statistics, often a hundredth of them), but the count
    // beside the page can: both are planned, and a one-time filter on the count runs one. The
    // matches are read whole (OFFSET 0 keeps the sort and limit out), so even a plan made without
    // the term never walks an index for them.
    const walk = sql`counted.count::float8 * counted.count >= ${offset + pageSize}::float8 * greatest((SELECT reltuples FROM pg_class WHERE oid = ${sql.lit(spec.table.name)}::regclass), 0)`;
    const scanned = [...listConds(spec, q, { user: request.user ?? undefined }, 'scan'), ...extra];
    const matches = sql`(SELECT * FROM ${spec.from} ${whereClause([...all, sql`NOT (${walk})`])} OFFSET 0) ${sql.raw(spec.table.as)}`;
    rowsQuery = sql`(${limited([...scanned, walk], what)})
      UNION ALL (SELECT ${what} FROM ${matches} ORDER BY ${order} LIMIT ${sql.lit(pageSize)} OFFSET ${offsetSql})`;
  }
  const pageQuery = spec.keysFirst
    ? sql`SELECT ${spec.select}, row_number() OVER (ORDER BY ${order}) AS "pageRow" FROM ${spec.from} WHERE ${tiebreak} = ANY(ARRAY(${rowsQuery}))`
    : sql`SELECT page.*, row_number() OVER () AS "pageRow" FROM (${rowsQuery}) page`;
  // Named and prepared (see reusedQuery); the select lists name every column in camelCase.
  const compiled = sql`SELECT counted.*, counted.count AS "listCount", page.* FROM (${countQuery}) counted
    LEFT JOIN LATERAL (${pageQuery}) page ON true ORDER BY page."pageRow"`.compile(db);
  const res = { rows: await reusedQuery<Record<string, unknown>>(request.server.ctx.pool, compiled.sql, compiled.parameters) };
  const count = Number(res.rows[0]?.listCount ?? 0);
  if (cacheKey !== undefined) keepCount(cacheKey, String(res.rows[0]?.listVersion), count);
  const pages = lastPageOf(count, pageSize);
  if (pageNumber > pages) throw invalidPage();
  // The extra columns are left on the rows: the response schema writes only its own fields.
  const rows = res.rows[0]?.pageRow == null ? [] : res.rows;
  return {
    count,
    next: pageNumber < pages ? pageUrl(request, pageNumber + 1) : null,
    previous: pageNumber > 1 ? pageUrl(request, pageNumber - 1) : null,
    results: rows.map(map),
  };
}

/** One row of a list spec by a condition, or 404. */
export async function findOne(db: DB, spec: ListSpec, cond: Cond): Promise<Row> {
  const res = await sql<Record<string, unknown>>`SELECT ${spec.select} FROM ${spec.from} ${whereClause([cond])} LIMIT 1`.execute(db);
  if (!res.rows[0]) throw notFound();
  return res.rows[0];
}
