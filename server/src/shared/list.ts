import type { FastifyRequest } from 'fastify';
import { sql, type RawBuilder } from 'kysely';
import type { DB } from './db.js';
import { fieldError, invalidPage, notFound } from './errors.js';
import { LIMITS } from '@timberlog/contract';

export type Cond = RawBuilder<unknown>;

export interface ListSpec {
  /** FROM clause, joins included. */
  from: RawBuilder<unknown>;
  /**
   * FROM clause for counting, when every filter reads only the base table: PostgreSQL cannot drop
   * inner joins, so counting over `from` would join every matching row for nothing.
   */
  countFrom?: RawBuilder<unknown>;
  /** Select list with camelCase aliases. */
  select: RawBuilder<unknown>;
  /** API sort field → SQL expression. */
  sortable: Record<string, string>;
  defaultSort: string;
  /** Unique column appended to every ORDER BY so pages are stable. */
  tiebreak: string;
  /** lower(...) expression searched with LIKE, matching a trigram index. */
  searchExpr?: string;
  createdCol: string;
  modifiedCol: string;
}

export interface SharedQuery {
  createdAfter?: string;
  createdBefore?: string;
  lastModifiedAfter?: string;
  lastModifiedBefore?: string;
  search?: string;
  sort?: string;
  pageNumber?: number;
  pageSize?: number;
}

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

export function sharedConds(spec: ListSpec, q: SharedQuery): Cond[] {
  const conds: Cond[] = [];
  if (q.createdAfter) conds.push(afterCond(spec.createdCol, q.createdAfter));
  if (q.createdBefore) conds.push(beforeCond(spec.createdCol, q.createdBefore));
  if (q.lastModifiedAfter) conds.push(afterCond(spec.modifiedCol, q.lastModifiedAfter));
  if (q.lastModifiedBefore) conds.push(beforeCond(spec.modifiedCol, q.lastModifiedBefore));
  const search = q.search?.trim();
  if (search && spec.searchExpr) conds.push(sql`${sql.raw(spec.searchExpr)} LIKE ${'%' + escapeLike(search.toLowerCase()) + '%'}`);
  return conds;
}

export function orderBy(spec: ListSpec, sort: string | undefined): RawBuilder<unknown> {
  const parts = (sort && sort.trim() ? sort : spec.defaultSort)
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  const exprs: string[] = [];
  for (const part of parts) {
    const desc = part.startsWith('-');
    const name = desc ? part.slice(1) : part;
    const expr = spec.sortable[name];
    if (!expr) throw fieldError('sort', 'field.unknownSort', { value: name.slice(0, 50), choices: Object.keys(spec.sortable).join(', ') });
    exprs.push(`${expr} ${desc ? 'DESC' : 'ASC'}`);
  }
  exprs.push(`${spec.tiebreak} ASC`);
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

function pageUrl(request: FastifyRequest, pageNumber: number): string {
  // Fastify honours X-Forwarded-* only from proxies trusted by TRUST_PROXY.
  const url = new URL(request.url, `${request.protocol}://${request.host || 'localhost'}`);
  url.searchParams.set('pageNumber', String(pageNumber));
  return url.toString();
}

/** Runs a paged list query: count, then one page; a page past the end is a 404. */
// Rows come from raw SQL shaped by each module's select list; the route's response schema is their type.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type Row = any;

export async function runList<T = Row>(
  db: DB,
  request: FastifyRequest,
  spec: ListSpec,
  q: SharedQuery,
  conds: Cond[],
  map: (row: Record<string, unknown>) => T = (r) => r as T,
): Promise<Page<T>> {
  const all = [...sharedConds(spec, q), ...conds];
  const order = orderBy(spec, q.sort);
  const pageSize = q.pageSize ?? LIMITS.pageSizeDefault;
  const pageNumber = q.pageNumber ?? 1;
  const where = whereClause(all);
  const countRes = await sql<{ count: string }>`SELECT count(*) AS count FROM ${spec.countFrom ?? spec.from} ${where}`.execute(db);
  const count = Number(countRes.rows[0]?.count ?? 0);
  const pages = Math.max(1, Math.ceil(count / pageSize));
  if (pageNumber > pages) throw invalidPage();
  const rows = await sql<Record<string, unknown>>`SELECT ${spec.select} FROM ${spec.from} ${where} ORDER BY ${order} LIMIT ${pageSize} OFFSET ${(pageNumber - 1) * pageSize}`.execute(db);
  return {
    count,
    next: pageNumber < pages ? pageUrl(request, pageNumber + 1) : null,
    previous: pageNumber > 1 ? pageUrl(request, pageNumber - 1) : null,
    results: rows.rows.map(map),
  };
}

/** `col = ANY(values)` for a non-empty list, or nothing. */
export function inCond(col: string, values: readonly (string | number)[] | undefined): Cond | undefined {
  if (!values || values.length === 0) return undefined;
  return sql`${sql.raw(col)} = ANY(${values as unknown as string[]})`;
}
export function eqCond(col: string, value: string | number | boolean | undefined): Cond | undefined {
  if (value === undefined) return undefined;
  return sql`${sql.raw(col)} = ${value}`;
}
export const compact = (conds: (Cond | undefined)[]): Cond[] => conds.filter((c): c is Cond => c !== undefined);

/** One row of a list spec by a condition, or 404. */
export async function findOne(db: DB, spec: ListSpec, cond: Cond): Promise<Row> {
  const res = await sql<Record<string, unknown>>`SELECT ${spec.select} FROM ${spec.from} ${whereClause([cond])} LIMIT 1`.execute(db);
  if (!res.rows[0]) throw notFound();
  return res.rows[0];
}
