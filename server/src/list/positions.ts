/**
 * Kept positions: a deep page found by a seek from a row already read, not by walking its offset
 * (docs/decisions/0027). A page of a list is the rows from its offset in the list's order; finding
 * it walks every row before it, in the order's index at best (page 300 of one status in a quarter
 * by mileage: 7,500 index entries). But the last row of a page read at some version of the table
 * is, at that version, the row at that position: a later page at the same version is the rows
 * after that row's sort key, less the rows between. So each list (its conditions with their values
 * and its order) keeps, with the table's version (ListSpec.version) a page was read at, the keys of
 * the last rows of its pages; a page at that version then starts from the nearest kept key before
 * it, found by the index in one descent. The page's statement takes that way only when the version
 * it reads is the kept one (the same rows), so the page is exact at any version; a write moves the
 * version and the keys kept before it are not used again.
 */
import { sql, type RawBuilder } from 'kysely';
import { orderParts } from '@timberlog/contract';
import { sortParts } from './order.js';
import type { Cond, ListSpec } from './spec.js';

/** How many lists keep positions in a process (the least recently used go first). */
const KEPT_LISTS_MAX = 256;
/** How many scopes' newest versions read a process keeps (a scope per list spec and database, and per filter with its own version). */
const NEWEST_READ_MAX = 1024;
/** How many positions a list keeps at its version (the farthest from the last one kept go first). */
const KEPT_POSITIONS_MAX = 64;

interface Kept {
  /** The table's version the positions were read at (a sum that only grows: a later version is larger). */
  readonly version: bigint;
  /** Position (0-based, in the list's order) → the sort key of the row there, the order's values. */
  readonly keys: Map<number, readonly unknown[]>;
}
const kept = new Map<string, Kept>();
/**
 * The newest version of each list's table a page statement read, by the list's scope (its spec on
 * one database): a list's positions kept at an older one cannot hold now, so a page does not offer
 * its statement the seek (under a writer most are, and each statement would carry a way it does not
 * take).
 */
const newestRead = new Map<string, bigint>();
/** Statements offered a seek, and pages found by one (the tests read them). */
export const positionStats = { offered: 0, seeks: 0 };

/** The order's columns with their direction and parameter type, when a seek can follow it. */
export interface SeekOrder {
  /** The record fields, in order, each once (a row gives its values by these names). */
  readonly fields: readonly string[];
  readonly columns: readonly string[];
  readonly types: readonly string[];
  readonly desc: boolean;
}

/**
 * The order of `sort` as a seek follows it: every part in one direction (so one row comparison
 * answers "after this key") and every field one whose column is never null and whose value a row
 * gives back exactly (ListSpec.seekable). Undefined otherwise: such pages walk their offset.
 */
export function seekOrder(spec: ListSpec, sort: unknown): SeekOrder | undefined {
  const seekable = spec.seekable;
  if (!seekable) return undefined;
  const parts = orderParts(spec.list, sortParts(sort));
  const desc = parts[0]!.startsWith('-');
  const fields: string[] = [];
  for (const part of parts) {
    if (part.startsWith('-') !== desc) return undefined;
    const field = desc ? part.slice(1) : part;
    if (!seekable[field]) return undefined;
    if (!fields.includes(field)) fields.push(field);
  }
  const columns = fields.map((f) => (f === spec.list.key ? spec.tiebreak : spec.columns[f]!));
  return { fields, columns, types: fields.map((f) => seekable[f]!), desc };
}

/**
 * The nearest kept position before `offset` of the list `key` in `scope` (its spec on one
 * database), with the version it holds at; none when a newer version has been read since.
 */
export function nearestKept(
  scope: string,
  key: string,
  offset: number,
): { version: bigint; position: number; values: readonly unknown[] } | undefined {
  const list = kept.get(key);
  if (!list) return undefined;
  if (list.version < (newestRead.get(scope) ?? 0n)) {
    kept.delete(key);
    return undefined;
  }
  let best = -1;
  for (const position of list.keys.keys()) if (position < offset && position > best) best = position;
  if (best < 0) return undefined;
  kept.delete(key);
  kept.set(key, list);
  positionStats.offered += 1;
  return { version: list.version, position: best, values: list.keys.get(best)! };
}

/**
 * A page statement of a list in `scope` read its table (or its filter's rows) at `version`. The
 * newest versions of at most NEWEST_READ_MAX scopes are kept (the least recently moved go first):
 * a scope forgotten only offers its statements seeks they may not take.
 */
export function readAt(scope: string, version: bigint): void {
  const newest = newestRead.get(scope);
  if (newest !== undefined && version <= newest) return;
  newestRead.delete(scope);
  if (newestRead.size >= NEWEST_READ_MAX) newestRead.delete(newestRead.keys().next().value!);
  newestRead.set(scope, version);
}

/**
 * Keeps the sort key of the row at `position` of the list `key` in `scope`, read at `version`:
 * positions kept at an earlier version are dropped, and one read at an earlier version than those
 * kept is not kept.
 */
export function keepPosition(scope: string, key: string, version: bigint, position: number, values: readonly unknown[]): void {
  readAt(scope, version);
  let list = kept.get(key);
  if (list && list.version > version) return;
  if (!list || list.version < version) list = { version, keys: new Map() };
  kept.delete(key);
  if (kept.size >= KEPT_LISTS_MAX) kept.delete(kept.keys().next().value!);
  kept.set(key, list);
  if (!list.keys.has(position) && list.keys.size >= KEPT_POSITIONS_MAX) {
    let farthest = -1;
    for (const p of list.keys.keys()) if (farthest < 0 || Math.abs(p - position) > Math.abs(farthest - position)) farthest = p;
    list.keys.delete(farthest);
  }
  list.keys.set(position, values);
}

/** The rows after `values` in the order (before them, descending): one row comparison, answered by the order's index. */
export function afterKey(order: SeekOrder, values: readonly unknown[]): Cond {
  const row = (items: RawBuilder<unknown>[]) => sql`(${sql.join(items)})`;
  const columns = row(order.columns.map((c) => sql.raw(c)));
  const given = row(values.map((v, i) => sql`${v}::${sql.raw(order.types[i]!)}`));
  return order.desc ? sql`${columns} < ${given}` : sql`${columns} > ${given}`;
}
