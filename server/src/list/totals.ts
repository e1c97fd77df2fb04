/**
 * Totals of a filtered list (the whole filtered set, not a page): the same filters and search as
 * the list (listConds), summed by the database in one statement. Kept per filter with the
 * version of the tables they read, as counts are (docs/decisions/0002): the version and the sums
 * are read in one statement and one snapshot, so kept totals are reused only while no write has
 * touched those tables, and are exact under concurrent writes. Requests for the same filter share
 * one summing statement when it started after they came (see shared). A list whose sums are kept
 * by triggers (`direct`) sums those instead of the rows for the filters they answer.
 */
import type { FastifyRequest } from 'fastify';
import { sql, type RawBuilder } from 'kysely';
import type { DB } from '../infra/db.js';
import { filterContext, listConds, whereClause } from './filters.js';
import type { ListSpec } from './spec.js';

export interface TotalsSpec<T> {
  spec: ListSpec;
  /** The FROM clause the filters run on (the list's count FROM when it has one). */
  from: RawBuilder<unknown>;
  /** One row of sums over `from` under the filters' WHERE. */
  aggregate: (from: RawBuilder<unknown>, where: RawBuilder<unknown>) => RawBuilder<unknown>;
  /**
   * One row of sums from what triggers keep, when they answer the query exactly (a few thousand
   * bucket rows: summed again at once after a write); undefined: the rows are summed.
   */
  direct?: (q: Readonly<Record<string, unknown>>) => RawBuilder<unknown> | undefined;
  /** The version of every table the sums read; none: summed on every call. */
  version?: RawBuilder<unknown>;
  /** The answer from the aggregate's row. */
  shape: (row: Record<string, unknown>) => T;
}

const KEPT_MAX = 500;
const kept = new Map<string, { version: string; row: Record<string, unknown> }>();

function keep(key: string, version: string, row: Record<string, unknown>): void {
  kept.delete(key);
  if (kept.size >= KEPT_MAX) kept.delete(kept.keys().next().value!);
  kept.set(key, { version, row });
}

/** The totals of the rows `q` selects. */
export async function runTotals<T>(db: DB, request: FastifyRequest, t: TotalsSpec<T>, q: Readonly<Record<string, unknown>>): Promise<T> {
  const aggregate = t.direct?.(q) ?? t.aggregate(t.from, whereClause(listConds(t.spec, q, filterContext(request))));
  if (!t.version) {
    const res = await sql<Record<string, unknown>>`${aggregate}`.execute(db);
    return t.shape(res.rows[0] ?? {});
  }
  const compiled = aggregate.compile(db);
  const key = `${compiled.sql}\u0000${JSON.stringify(compiled.parameters)}`;
  const version = t.version;
  const row = await shared(key, async () => {
    const held = kept.get(key);
    // The sums run only when the version read beside them is not the one they were kept at.
    const res = await sql<{ version: string; totals: Record<string, unknown> | null }>`
      SELECT v.version::text AS version,
        CASE WHEN v.version::text = ${held?.version ?? ''} THEN NULL ELSE (SELECT row_to_json(s) FROM (${aggregate}) s) END AS totals
      FROM (${version}) v(version)`.execute(db);
    const answer = res.rows[0]!;
    if (answer.totals === null && held) return held.row;
    const totals = answer.totals ?? {};
    keep(key, answer.version, totals);
    return totals;
  });
  return t.shape(row);
}

/** Ticks of one clock: when a request came, and when a summing statement started. */
let clock = 0;
const flights = new Map<string, { started: number; result: Promise<Record<string, unknown>> }>();

/**
 * One summing statement per filter at a time in this process. A request shares a statement that
 * started after it came (its snapshot holds every write committed before the request), else
 * waits for the one under way and shares the next: never an answer older than the request.
 */
export async function shared(key: string, run: () => Promise<Record<string, unknown>>): Promise<Record<string, unknown>> {
  const came = ++clock;
  for (;;) {
    const flight = flights.get(key);
    if (flight && flight.started > came) return flight.result;
    if (flight) {
      await flight.result.catch(() => undefined);
      continue;
    }
    const result = run().finally(() => {
      if (flights.get(key)?.result === result) flights.delete(key);
    });
    flights.set(key, { started: ++clock, result });
    return result;
  }
}
