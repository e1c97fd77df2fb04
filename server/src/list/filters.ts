/** The WHERE of a list: each contract filter's condition, the search term and its match. */
import { sql, type RawBuilder } from 'kysely';
import { allFilters, foldCase, type FilterDef, type ListContract } from '@timberlog/contract';
import type { FastifyRequest } from 'fastify';
import type { Cond, FilterContext, ListSpec } from './spec.js';

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
      // An empty list filters nothing, as an absent parameter. One value is an equality: PostgreSQL
      // reads an index on the column in the order after it for `=`, never for `= ANY` of an array,
      // even of one value (docs/decisions/0030).
      if (!Array.isArray(value) || value.length === 0) return undefined;
      return value.length === 1 ? sql`${c} = ${value[0]}` : sql`${c} = ANY(${value})`;
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
  const given = Object.keys(allFilters(list)).filter(
    (name) => q[name] !== undefined && q[name] !== null && !(Array.isArray(q[name]) && q[name].length === 0),
  );
  if (searchTerm(q)) given.push('search');
  return given;
}

/** The search term as the search columns are matched (trimmed, case folded), or '' when none is given. */
export function searchTerm(q: Readonly<Record<string, unknown>>): string {
  return typeof q.search === 'string' ? foldCase(q.search.trim()) : '';
}

/** `expr` contains `term` (lower case): LIKE, which the trigram index answers. */
export function searchLike(expr: string, term: string): Cond {
  return sql`${sql.raw(expr)} LIKE ${'%' + escapeLike(term) + '%'}`;
}

/**
 * Every condition the query's filters and search make, by the list's contract. The search is a
 * LIKE the trigram index answers, or with `searchBy: 'scan'` the same test as strpos(), which no
 * index answers: the planner then walks the sort order's index and tests the rows it meets.
 */
export function listConds(
  spec: ListSpec,
  q: Readonly<Record<string, unknown>>,
  ctx: FilterContext = {},
  searchBy: 'index' | 'scan' = 'index',
): Cond[] {
  const conds: Cond[] = [];
  for (const [name, def] of Object.entries(allFilters(spec.list))) {
    const custom = spec.custom[name];
    const cond = custom ? (q[name] === undefined ? undefined : custom(q[name], ctx)) : filterCond(def, spec.columns[def.field]!, q[name]);
    if (cond) conds.push(cond);
  }
  const term = searchTerm(q);
  if (term && spec.searchExpr)
    conds.push(searchBy === 'index' ? searchLike(spec.searchExpr, term) : sql`strpos(${sql.raw(spec.searchExpr)}, ${term}) > 0`);
  return conds;
}

export function whereClause(conds: Cond[]): RawBuilder<unknown> {
  return conds.length ? sql`WHERE ${sql.join(conds, sql` AND `)}` : sql``;
}

/** What a request's filters are handed: the signed-in user and the server's settings they read. */
export const filterContext = (request: FastifyRequest): FilterContext => ({
  user: request.user ?? undefined,
  evrTolerancePercent: request.server.ctx.config.evrTolerancePercent,
});
