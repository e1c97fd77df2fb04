/**
 * Running a list: counts (kept per filter with the table's version, recounted once per filter at a
 * time, docs/decisions/0002), the page (with the two search plans of docs/decisions/0003) and its
 * links.
 */
import { performance } from 'node:perf_hooks';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { sql, type RawBuilder } from 'kysely';
import { lastPageOf, LIMITS } from '@timberlog/contract';
import { reusedQuery, type DB } from '../infra/db.js';
import { invalidPage, notFound } from '../http/errors.js';
import { apiLink } from '../http/urls.js';
import { filterContext, listConds, searchTerm, whereClause } from './filters.js';
import { orderBy } from './order.js';
import { afterKey, keepPosition, nearestKept, positionStats, readAt, seekOrder } from './positions.js';
import type { Cond, ListSpec } from './spec.js';

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
export async function countList(
  db: DB,
  spec: ListSpec,
  q: Readonly<Record<string, unknown>>,
  where: RawBuilder<unknown>,
  extra: Cond[] = [],
): Promise<number> {
  const query =
    (extra.length === 0 ? spec.counter?.(q) : undefined) ?? sql`SELECT count(*) AS count FROM ${spec.countFrom ?? spec.from} ${where}`;
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
/**
 * Each list spec's number and each database's (its query builder's), so that the keys of two lists
 * over one table, or of one list on two databases (the tests run several servers in a process),
 * never meet.
 */
const scopeIds = new WeakMap<object, number>();
let scopeCount = 0;
function idOf(thing: object): number {
  let id = scopeIds.get(thing);
  if (id === undefined) scopeIds.set(thing, (id = ++scopeCount));
  return id;
}
function keepCount(key: string, version: string, count: number): void {
  keptCounts.delete(key);
  if (keptCounts.size >= KEPT_COUNTS_MAX) keptCounts.delete(keptCounts.keys().next().value!);
  keptCounts.set(key, { version, count });
}

/** How many whole answers (count and page) a process keeps (the least recently made go first). */
const KEPT_PAGES_MAX = 256;
interface KeptPage {
  readonly version: string;
  readonly count: number;
  readonly rows: readonly (Record<string, unknown> | string)[];
}
const keptPages = new Map<string, KeptPage>();
/** Answers given again from what was kept, and answers read by their statement (the tests read them). */
export const keptPageStats = { hits: 0, made: 0 };
function keepPage(key: string, page: KeptPage): void {
  keptPages.delete(key);
  if (keptPages.size >= KEPT_PAGES_MAX) keptPages.delete(keptPages.keys().next().value!);
  keptPages.set(key, page);
}

/** A count and the table's version it was counted at, read in one statement. */
export interface Counted {
  readonly version: string;
  readonly count: number;
}

interface RecountSlot {
  readonly running: Promise<Counted>;
  /** When it was started (performance.now()): its statement, and so its snapshot, begins after. */
  readonly startedAt: number;
}
/** The recount under way, per count key. */
const recounts = new Map<string, RecountSlot>();
/** How many recounts this process has run (the tests read it). */
export const recountStats = { runs: 0 };

/**
 * The count of `key` for a request that asked at `askedAt` (performance.now()) and read its page
 * at `version`: one recount statement at a time per key in this process, shared. A caller takes
 * the count of a recount started after it asked (its snapshot holds every write committed before
 * the request came), or of any recount counted at the caller's own version (the same rows as its
 * page). So it shares the recount under way when that started after it asked; otherwise it waits
 * for it, takes its count when the versions agree, and else shares the next one, which the first
 * of those waiting starts when it ends. None under way: the caller starts one. Under a writer that
 * moves the version ten times a second, concurrent requests for one filter then cost one count at
 * a time instead of one each.
 */
export function sharedRecount(key: string, askedAt: number, version: string, recount: () => Promise<Counted>): Promise<Counted> {
  const slot = recounts.get(key);
  if (!slot) return startRecount(key, recount);
  if (slot.startedAt >= askedAt) return slot.running;
  // By the time these run, the one under way has left the map (its own handler was added first).
  const again = () => sharedRecount(key, askedAt, version, recount);
  return slot.running.then((counted) => (counted.version === version ? counted : again()), again);
}

function startRecount(key: string, recount: () => Promise<Counted>): Promise<Counted> {
  recountStats.runs += 1;
  const slot: RecountSlot = { running: Promise.resolve().then(recount), startedAt: performance.now() };
  recounts.set(key, slot);
  const done = () => {
    if (recounts.get(key) === slot) recounts.delete(key);
  };
  slot.running.then(done, done);
  return slot.running;
}

/**
 * A search walks the sort order for a page when count² ≥ this × the table's rows, `rows` being the
 * page's end (offset + size): with its matches read from indexes (keyed, in date order) a walked
 * row costs about two thirds of a match read and sorted, otherwise as much (docs/decisions/0026).
 */
export const searchWalkReach = (rows: number, keyed: boolean): number => (keyed ? (rows * 2) / 3 : rows);

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
  const read = await readPage(db, request, spec, q, extra, false);
  return { ...read.links, results: (read.rows as Record<string, unknown>[]).map(map) };
}

/**
 * One page of a list as the API's JSON text: each row written by PostgreSQL (`row_to_json` of the
 * select list, whose columns are named and typed as the response schema's fields), joined here,
 * so no row is parsed into fields or serialized again in this process (docs/decisions/0029).
 */
export async function runListJson(db: DB, request: FastifyRequest, spec: ListSpec, q: Readonly<Record<string, unknown>>): Promise<string> {
  const { links, rows } = await readPage(db, request, spec, q, [], true);
  return `{"count":${links.count},"next":${JSON.stringify(links.next)},"previous":${JSON.stringify(links.previous)},"results":[${(rows as string[]).join(',')}]}`;
}

/**
 * Sends runListJson's text as the answer. A string with a JSON content type is sent as it is
 * (Fastify serializes only what is not one), so the route's response schema documents it and
 * does not write it again; test/waybill-list-json.test.ts holds the two to the same JSON.
 */
export const sendJsonText = (reply: FastifyReply, text: string): FastifyReply => reply.type('application/json; charset=utf-8').send(text);

interface ReadPage {
  links: Omit<Page<never>, 'results'>;
  /** The page's rows: their fields, or with `json` each row's JSON text. */
  rows: readonly (Record<string, unknown> | string)[];
}

async function readPage(
  db: DB,
  request: FastifyRequest,
  spec: ListSpec,
  q: Readonly<Record<string, unknown>>,
  extra: Cond[],
  json: boolean,
): Promise<ReadPage> {
  // Before anything is read: a recount this request shares must have started after this.
  const askedAt = performance.now();
  const all = [...listConds(spec, q, filterContext(request)), ...extra];
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
  // A search's matches found once, for the count and the page (ListSpec.searchFound).
  const found = extra.length === 0 && spec.keysFirst && spec.table && hasSearch(q) ? spec.searchFound?.(q) : undefined;
  const counter = found?.count ?? (extra.length === 0 ? spec.counter?.(q) : undefined);
  const plainCount = counter ?? sql`SELECT count(*) AS count FROM ${spec.countFrom ?? spec.from} ${where}`;
  let countQuery = plainCount;
  // A count the rows must be counted for is kept with the table's version (see ListSpec.version)
  // and reused while the version is unchanged: the page's statement answers it only when the
  // version it reads is the one the count was counted at (the same rows); otherwise null, and the
  // count comes from the recount of this filter under way (sharedRecount, after the page). Searches
  // are always counted (each term is a count of its own).
  const whereKey = countKey(db, spec, where);
  const cacheKey = !counter && spec.version && extra.length === 0 && !hasSearch(q) ? whereKey : undefined;
  // The list, its conditions with their values and its order: what a kept position of it holds for.
  const scope = `${idOf(db)}.${idOf(spec)}`;
  const orderKey = `${scope}\u0000${whereKey}\u0000${order.compile(db).sql}`;
  const version = spec.version;
  if (cacheKey !== undefined && version) {
    const kept = keptCounts.get(cacheKey);
    countQuery = sql`SELECT version AS "listVersion", CASE WHEN version = ${kept?.version ?? '-1'}::numeric THEN ${kept?.count ?? 0}::bigint END AS count
      FROM (${version}) v(version)`;
  }
  const byCount = Boolean(counter && spec.table && !hasSearch(q) && spec.countChoosesWay?.(q));
  const what = spec.keysFirst ? tiebreak : spec.listSelect;
  /**
   * The statement of the page's rows (their keys first, with keysFirst), skipping `skip` rows
   * (`skipped` of them, for the choices below) after the conditions `after` adds to every way.
   */
  const rowsOf = (skip: RawBuilder<unknown>, skipped: number, after: Cond[]): RawBuilder<unknown> => {
    const conds = [...all, ...after];
    // The page's rows under `where`, in order.
    const limited = (where: Cond[]) =>
      sql`SELECT ${what} FROM ${spec.from} ${whereClause(where)} ORDER BY ${order} LIMIT ${sql.lit(pageSize)} OFFSET ${skip}`;
    if (spec.table && spec.searchExpr && hasSearch(q)) {
      // A search matching many rows finds its page soonest by walking the sort order's index and
      // testing each row it meets (about (offset + size) × rows / count of them); one matching few
      // rows, from the trigram index and a sort of its matches. The planner cannot tell which (it
      // guesses a LIKE's matches from trigram statistics, often a hundredth of them), but the count
      // beside the page can: both are planned, and a one-time filter on the count runs one. The
      // matches are read whole (OFFSET 0 keeps the sort and limit out), so even a plan made without
      // the term never walks an index for them.
      // The matches from indexes alone when the list has a way for this query (ListSpec.searchFound),
      // in date order: a walk then tests each row it meets from the date index too (found.walk), for
      // about two thirds of what reading and sorting a match costs, so it walks while it tests up to
      // one and a half times as many rows as there are matches (measured on 1,000,000 waybills:
      // docs/decisions/0026).
      const keyed = found?.matches;
      const reach = searchWalkReach(skipped + pageSize, Boolean(keyed));
      const walk = sql`counted.count::float8 * counted.count >= ${reach}::float8 * greatest((SELECT reltuples FROM pg_class WHERE oid = ${sql.lit(spec.table.name)}::regclass), 0)`;
      const scanned = found ? [found.walk, ...after] : [...listConds(spec, q, filterContext(request), 'scan'), ...extra, ...after];
      const sortedMatches = keyed
        ? // The test on the count above the page, so the matches do not pass through it one by one.
          sql`SELECT page.* FROM (SELECT ${what} FROM (${keyed}) ${sql.raw(spec.table.as)} ${whereClause(after)} ORDER BY ${order} LIMIT ${sql.lit(pageSize)} OFFSET ${skip}) page WHERE NOT (${walk})`
        : sql`SELECT ${what} FROM (SELECT * FROM ${spec.from} ${whereClause([...conds, sql`NOT (${walk})`])} OFFSET 0) ${sql.raw(spec.table.as)} ORDER BY ${order} LIMIT ${sql.lit(pageSize)} OFFSET ${skip}`;
      return sql`(${limited([...scanned, walk])})
      UNION ALL (${sortedMatches})`;
    }
    if (byCount && !spec.walksOnlyMatches?.(q) && spec.table) {
      // Filters the counter answers (ListSpec.countChoosesWay): one plan kept for every value, both
      // ways planned as for a search, the exact count beside the page choosing: walk the sort
      // order's index when count² ≥ (offset + size) × table rows, else read the matches (fenced) and
      // sort them.
      const walk = sql`counted.count::float8 * counted.count >= ${skipped + pageSize}::float8 * greatest((SELECT reltuples FROM pg_class WHERE oid = ${sql.lit(spec.table.name)}::regclass), 0)`;
      const matches = sql`(SELECT * FROM ${spec.from} ${whereClause([...conds, sql`NOT (${walk})`])} OFFSET 0) ${sql.raw(spec.table.as)}`;
      return sql`(${limited([...conds, walk])})
      UNION ALL (SELECT ${what} FROM ${matches} ORDER BY ${order} LIMIT ${sql.lit(pageSize)} OFFSET ${skip})`;
    }
    // Otherwise one walk, or, where an index answers these filters and the order together
    // (ListSpec.walksOnlyMatches), its walk reads only the matches, so it finds a deep page sooner
    // than sorting them all.
    return limited(conds);
  };
  const walked = rowsOf(offsetSql, offset, []);
  // A page after a kept position of this list (list/positions.ts): when the version the statement
  // reads is the one it was kept at, the rows after its key, less those between; else the walk.
  const seekBy = spec.version ? seekOrder(spec, q.sort) : undefined;
  const listKey = seekBy && orderKey;
  // The version its positions are kept with: of the rows its filters can select, where the list
  // has one for them (ListSpec.filterVersion), else the table's. Versions of different filters
  // are not compared: each has its own scope.
  const filterVersion = seekBy && extra.length === 0 ? spec.filterVersion?.(q) : undefined;
  const seekVersionSql = seekBy && (filterVersion ?? spec.version);
  const versionScope = filterVersion ? `${scope}\u0000${JSON.stringify(filterVersion.compile(db))}` : scope;
  const near = listKey !== undefined && offset > 0 ? nearestKept(versionScope, listKey, offset) : undefined;
  let rowsQuery = walked;
  if (near && seekBy && seekVersionSql) {
    const same = sql`(${seekVersionSql}) = ${String(near.version)}::numeric`;
    const residual = offset - near.position - 1;
    rowsQuery = sql`(SELECT * FROM (${rowsOf(sql`${residual}`, residual, [afterKey(seekBy, near.values)])}) sought WHERE ${same})
      UNION ALL (SELECT * FROM (${walked}) walked WHERE NOT (${same}))`;
  }
  // With `json`, the row's text and beside it the sort key a kept position takes from the last row.
  // (Raw names: sql.id would pass through the query builder's snake_case plugin.)
  const seekColumns = (seekBy?.fields ?? []).map((f, i) => sql.raw(`, ${seekBy!.columns[i]} AS "${f}"`));
  const selected = json
    ? sql`(SELECT row_to_json(r)::text FROM (SELECT ${spec.listSelect}) r) AS "pageJson"${sql.join(seekColumns, sql``)}`
    : spec.listSelect;
  const pageQuery = spec.keysFirst
    ? sql`SELECT ${selected}, row_number() OVER (ORDER BY ${order}) AS "pageRow" FROM ${spec.from} WHERE ${tiebreak} = ANY(ARRAY(${rowsQuery}))`
    : sql`SELECT page.*, row_number() OVER () AS "pageRow" FROM (${rowsQuery}) page`;
  const pool = request.server.ctx.pool;
  const answer = (count: number, rows: readonly (Record<string, unknown> | string)[]): ReadPage => {
    const pages = lastPageOf(count, pageSize);
    if (pageNumber > pages) throw invalidPage(count);
    return {
      links: {
        count,
        next: pageNumber < pages ? pageUrl(request, pageNumber + 1) : null,
        previous: pageNumber > 1 ? pageUrl(request, pageNumber - 1) : null,
      },
      rows,
    };
  };
  // A whole answer kept with the version of everything it shows (ListSpec.pageVersion), by what
  // it reads: the list, its conditions with their values, its order, the page's size and offset
  // (however the statement finds the rows and the count, they are these). While the version read
  // now is the one it was made at, no write it could show has happened since, and it is the answer
  // this statement would give (docs/decisions/0016).
  const pageVersion = spec.pageVersion;
  let pageKey: string | undefined;
  if (pageVersion) {
    pageKey = `${orderKey}\u0000${pageSize}\u0000${offset}${json ? '\u0000json' : ''}`;
    const kept = keptPages.get(pageKey);
    if (kept) {
      const probe = sql`SELECT (${pageVersion}) AS "pageVersion"`.compile(db);
      const [now] = await reusedQuery<{ pageVersion: string }>(pool, probe.sql, probe.parameters);
      if (now?.pageVersion === kept.version) {
        keptPageStats.hits += 1;
        keepPage(pageKey, kept);
        return answer(kept.count, kept.rows);
      }
    }
  }
  // Named and prepared (see reusedQuery); the select lists name every column in camelCase.
  const versionColumn = pageVersion ? sql`(${pageVersion}) AS "pageVersion",` : sql``;
  const seekVersionColumn = seekVersionSql ? sql`(${seekVersionSql})::text AS "seekVersion",` : sql``;
  const compiled =
    sql`${found ? sql`WITH ${found.with} ` : sql``}SELECT counted.*, counted.count AS "listCount", ${versionColumn} ${seekVersionColumn} page.* FROM (${countQuery}) counted
    LEFT JOIN LATERAL (${pageQuery}) page ON true ORDER BY page."pageRow"`.compile(db);
  // One plan for every value where the list says the values do not choose the way, or the count does.
  const planned = byCount || spec.planOnce?.(q) ? request.server.ctx.plannedOnce : pool;
  const res = { rows: await reusedQuery<Record<string, unknown>>(planned, compiled.sql, compiled.parameters) };
  let count = Number(res.rows[0]?.listCount ?? 0);
  // Whether `count` is exact for the rows this statement read (a recount may have counted later ones).
  let countOfTheseRows = true;
  if (cacheKey !== undefined && version) {
    if (res.rows[0]?.listCount != null) keepCount(cacheKey, String(res.rows[0]?.listVersion), count);
    else if (keptCounts.get(cacheKey)?.version === String(res.rows[0]?.listVersion)) {
      // Counted at this page's version meanwhile (by a recount that ended since): the same rows.
      count = keptCounts.get(cacheKey)!.count;
    } else {
      // The version and the count in one statement: the count is exact for the version kept with it.
      const recount = sql`SELECT version AS "listVersion", (SELECT count(*) FROM ${spec.countFrom ?? spec.from} ${where}) AS count
        FROM (${version}) v(version)`.compile(db);
      const counted = await sharedRecount(cacheKey, askedAt, String(res.rows[0]?.listVersion), async () => {
        const row = (await reusedQuery<{ listVersion: unknown; count: unknown }>(pool, recount.sql, recount.parameters))[0];
        const counted = { version: String(row?.listVersion), count: Number(row?.count ?? 0) };
        keepCount(cacheKey, counted.version, counted.count);
        return counted;
      });
      count = counted.count;
      countOfTheseRows = counted.version === String(res.rows[0]?.listVersion);
    }
  }
  // The extra columns are left on the rows: the response schema writes only its own fields.
  const read = res.rows[0]?.pageRow == null ? [] : res.rows;
  const rows = json ? read.map((r) => r.pageJson as string) : read;
  if (near && res.rows[0]?.seekVersion === String(near.version)) positionStats.seeks += 1;
  const last = read.at(-1);
  const seekVersion = res.rows[0]?.seekVersion == null ? undefined : BigInt(String(res.rows[0].seekVersion));
  if (seekVersion !== undefined) readAt(versionScope, seekVersion);
  if (listKey !== undefined && seekBy && last && seekVersion !== undefined)
    keepPosition(
      versionScope,
      listKey,
      seekVersion,
      offset + rows.length - 1,
      seekBy.fields.map((f) => last[f]),
    );
  if (pageKey !== undefined && countOfTheseRows && res.rows[0]?.pageVersion != null) {
    keptPageStats.made += 1;
    keepPage(pageKey, { version: String(res.rows[0].pageVersion), count, rows });
  }
  return answer(count, rows);
}

/** One row of a list spec by a condition, or 404. */
export async function findOne(db: DB, spec: ListSpec, cond: Cond): Promise<Row> {
  const res = await sql<Record<string, unknown>>`SELECT ${spec.select} FROM ${spec.from} ${whereClause([cond])} LIMIT 1`.execute(db);
  if (!res.rows[0]) throw notFound();
  return res.rows[0];
}
