import { sql } from 'kysely';
import { INVOICE_STATUSES, SUMMARY_CHARTS, chartPeriods, todayIn, type ChartPeriods, type Locale } from '@timberlog/contract';
import type { DB } from '../infra/db.js';
import { shared } from '../list/totals.js';
import type { Static } from '../http/schema.js';
import type { SummaryCharts } from './schemas.js';

/**
 * The home page's charts, summed by PostgreSQL in one statement and one snapshot:
 * - hauls per week and destinations of the month read the hauled waybills of their dates through
 *   the status index (status, transport date), grouped by assortment first so each assortment's
 *   type and unit are looked up once, not per row. They are kept in the process with the version
 *   of every table they read (waybills' counter, assortments, assortment types, warehouses), as
 *   filtered counts and totals are (docs/decisions/0002): while nothing was written the statement
 *   reads the version only; one summing statement per process at a time (shared).
 * - invoicing per month reads the invoices of twelve months through their issue date index on
 *   every call (invoices change status without a waybill changing; there is one per many waybills).
 */

type Charts = Static<typeof SummaryCharts>;
/** As summed and kept: each name in both languages (the Estonian one null where the reference data has none). */
type WaybillFigures = {
  hauls: (Charts['hauls'][number] & { assortmentTypeNameEt: string | null })[];
  topDestinations: (Charts['topDestinations'][number] & { destinationNameEt: string | null })[];
};

const HAULED = sql.join(SUMMARY_CHARTS.hauledStatuses.map((status) => sql.lit(status)));

/** Every table the waybill figures read: a write to any moves it. */
const VERSION = sql`SELECT (SELECT coalesce(sum(v), 0) FROM waybill_versions)::text
  || ':' || (SELECT coalesce(sum(version), 0) || '/' || count(*) || '/' || coalesce(max(last_modified_at)::text, '') FROM assortments)
  || ':' || (SELECT coalesce(sum(version), 0) || '/' || count(*) || '/' || coalesce(max(last_modified_at)::text, '') FROM assortment_types)
  || ':' || (SELECT coalesce(sum(version), 0) || '/' || count(*) || '/' || coalesce(max(last_modified_at)::text, '') FROM warehouses)`;

/** The hauls per week and type and unit, and the month's top destinations, as one JSON object. */
export const waybillFigures = (p: ChartPeriods) => sql`SELECT json_build_object(
  'hauls', (SELECT coalesce(json_agg(h ORDER BY h.week, h."assortmentType", h.unit), '[]'::json) FROM (
    SELECT g.week, t.id AS "assortmentType", t.name AS "assortmentTypeName", t.name_et AS "assortmentTypeNameEt", a.unit,
      sum(g.n)::int AS waybills, sum(g.q)::numeric(20, 3)::text AS quantity
    FROM (SELECT date_trunc('week', b.transport_date)::date AS week, b.assortment, count(*) AS n, sum(b.quantity) AS q
          FROM waybills b
          WHERE b.status IN (${HAULED}) AND b.transport_date >= ${p.weeks[0]}::date AND b.transport_date < ${p.weeksEnd}::date
          GROUP BY 1, 2) g
    JOIN assortments a ON a.code = g.assortment
    JOIN assortment_types t ON t.id = a.assortment_type
    GROUP BY g.week, t.id, t.name, t.name_et, a.unit) h),
  'topDestinations', (SELECT coalesce(json_agg(d ORDER BY d.waybills DESC, d.destination COLLATE "C"), '[]'::json) FROM (
    SELECT g.destination, w.name AS "destinationName", w.name_et AS "destinationNameEt", sum(g.n)::int AS waybills,
      coalesce(sum(g.q) FILTER (WHERE a.unit = 'm3'), 0)::numeric(20, 3)::text AS m3,
      coalesce(sum(g.q) FILTER (WHERE a.unit = 't'), 0)::numeric(20, 3)::text AS t
    FROM (SELECT b.destination, b.assortment, count(*) AS n, sum(b.quantity) AS q
          FROM waybills b
          WHERE b.status IN (${HAULED}) AND b.transport_date >= ${p.monthStart}::date AND b.transport_date < ${p.monthEnd}::date
          GROUP BY 1, 2) g
    JOIN assortments a ON a.code = g.assortment
    JOIN warehouses w ON w.destination_code = g.destination
    GROUP BY g.destination, w.name, w.name_et
    ORDER BY waybills DESC, g.destination COLLATE "C"
    LIMIT ${SUMMARY_CHARTS.topDestinations}) d)
)`;

/** The invoices issued in the charts' months, per month and status. */
export const invoiceFigures = (p: ChartPeriods) => sql`SELECT coalesce(json_agg(i ORDER BY i.month, i.rank), '[]'::json) FROM (
  SELECT date_trunc('month', v.issue_date)::date AS month, v.status,
    array_position(${sql.val([...INVOICE_STATUSES])}::text[], v.status) AS rank,
    count(*)::int AS invoices, sum(v.net_total)::numeric(20, 2)::text AS "netTotal", sum(v.gross_total)::numeric(20, 2)::text AS "grossTotal"
  FROM invoices v
  WHERE v.issue_date >= ${p.months[0]}::date AND v.issue_date < ${p.monthEnd}::date
  GROUP BY 1, 2) i`;

let kept: { key: string; version: string; figures: WaybillFigures } | undefined;

/** The charts as of today in `timeZone`, the reference names in `locale` where the reference data has them. */
export async function summaryCharts(db: DB, timeZone: string, locale: Locale, now: Date = new Date()): Promise<Charts> {
  const periods = chartPeriods(todayIn(timeZone, now));
  const key = `charts:${periods.today}`;
  const row = await shared(key, async () => {
    const held = kept?.key === key ? kept : undefined;
    // The waybill figures are summed only when the version read beside them is not the kept one.
    const res = await sql<{ version: string; waybills: WaybillFigures | null; invoicing: Charts['invoicing'] }>`
      SELECT v.version::text AS version,
        CASE WHEN v.version::text = ${held?.version ?? ''} THEN NULL ELSE (${waybillFigures(periods)}) END AS waybills,
        (${invoiceFigures(periods)}) AS invoicing
      FROM (${VERSION}) v(version)`.execute(db);
    const answer = res.rows[0]!;
    const figures = answer.waybills ?? held!.figures;
    if (answer.waybills) kept = { key, version: answer.version, figures: answer.waybills };
    return { ...figures, invoicing: answer.invoicing };
  });
  const { hauls, topDestinations, invoicing } = row as unknown as WaybillFigures & Pick<Charts, 'invoicing'>;
  return {
    today: periods.today,
    weeks: periods.weeks,
    hauls: hauls.map(({ assortmentTypeNameEt, ...haul }) => ({
      ...haul,
      assortmentTypeName: (locale === 'et' && assortmentTypeNameEt) || haul.assortmentTypeName,
    })),
    month: periods.monthStart,
    topDestinations: topDestinations.map(({ destinationNameEt, ...destination }) => ({
      ...destination,
      destinationName: (locale === 'et' && destinationNameEt) || destination.destinationName,
    })),
    months: periods.months,
    invoicing,
  };
}
