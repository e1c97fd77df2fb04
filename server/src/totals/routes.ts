import { sql } from 'kysely';
import type { App } from '../infra/context.js';
import { errors, ref, Type } from '../http/schema.js';
import { runTotals, type TotalsSpec } from '../list/totals.js';
import { bucketConds, searchSums, waybillSpec } from '../waybills/queries.js';
import { whereClause } from '../list/filters.js';
import { worklogSpec } from '../worklogs/queries.js';
import { invoiceSpec } from '../invoices/queries.js';
import { WaybillListQuery } from '../waybills/schemas.js';
import { WorklogListQuery } from '../worklogs/schemas.js';
import { InvoiceListQuery } from '../invoices/schemas.js';

/**
 * Totals of the filtered lists: `GET /api/waybills/totals/` and the like take exactly the list's
 * query (filters and search; sort and paging are read past) and answer the sums of every row it
 * selects, as decimal strings, exact and computed by the database (list/totals.ts).
 */

const Decimal = (description: string) => Type.String({ description, examples: ['1234.500'] });
const PerUnit = (what: string) =>
  Type.Object(
    { m3: Decimal(`${what} in cubic metres (assortments measured in m³).`), t: Decimal(`${what} in tonnes (assortments measured in t).`) },
    { description: `${what} per unit: quantities of different units are never added together.` },
  );

export const WaybillTotals = Type.Object(
  {
    count: Type.Integer({ description: "How many waybills the query selects (the list's `count`)." }),
    quantity: PerUnit('The quantity'),
    mileage: Type.Integer({ description: 'The mileage of every selected waybill, in km.' }),
  },
  { $id: 'WaybillTotals', title: 'WaybillTotals' },
);
export const WorklogTotals = Type.Object(
  {
    count: Type.Integer(),
    quantity: PerUnit('The quantity of the worklogs that have one'),
    durationMinutes: Type.Integer({ description: 'The duration of every selected worklog, in minutes.' }),
  },
  { $id: 'WorklogTotals', title: 'WorklogTotals' },
);
export const InvoiceTotals = Type.Object(
  {
    count: Type.Integer(),
    netTotal: Decimal('Sum of the net totals, EUR.'),
    vatTotal: Decimal('Sum of the VAT, EUR.'),
    grossTotal: Decimal('Sum of the gross totals, EUR.'),
  },
  { $id: 'InvoiceTotals', title: 'InvoiceTotals' },
);
export const totalsSchemas = [WaybillTotals, WorklogTotals, InvoiceTotals];

type PerUnitSums = { m3: string; t: string };
const q3 = (v: unknown) => (typeof v === 'string' ? v : '0.000');
const q2 = (v: unknown) => (typeof v === 'string' ? v : '0.00');

/**
 * The assortments' units decide which sum a quantity goes to: their version is part of the kept
 * totals' version (a changed unit moves an assortment's version; one a waybill starts to use
 * moves the waybills' version).
 */
const ASSORTMENT_VERSION = sql`SELECT coalesce(sum(version), 0)::text || '/' || count(*)::text FROM assortments`;

const waybillTotals: TotalsSpec<{ count: number; quantity: PerUnitSums; mileage: number }> = {
  spec: waybillSpec,
  from: sql`waybills b`,
  // From the sums triggers keep: status, whole months and assortment per bucket (028_waybill_sums.sql),
  // a search alone per text (029_waybill_text_sums.sql).
  direct: (q) => {
    const conds = bucketConds(q, 'waybill_sums');
    const groups = conds
      ? sql`SELECT assortment, sum(n) AS n, sum(quantity) AS q, sum(mileage) AS mileage FROM waybill_sums ${whereClause(conds)} GROUP BY assortment`
      : searchSums(q);
    return (
      groups &&
      sql`SELECT coalesce(sum(g.n), 0)::bigint AS count,
        coalesce(sum(g.q) FILTER (WHERE a.unit = 'm3'), 0)::numeric(20, 3)::text AS m3,
        coalesce(sum(g.q) FILTER (WHERE a.unit = 't'), 0)::numeric(20, 3)::text AS t,
        coalesce(sum(g.mileage), 0)::bigint AS mileage
      FROM (${groups}) g
      LEFT JOIN assortments a ON a.code = g.assortment`
    );
  },
  // Grouped by assortment first: one lookup of the unit per assortment, not per row.
  aggregate: (from, where) => sql`SELECT coalesce(sum(g.n), 0)::bigint AS count,
      coalesce(sum(g.q) FILTER (WHERE a.unit = 'm3'), 0)::numeric(20, 3)::text AS m3,
      coalesce(sum(g.q) FILTER (WHERE a.unit = 't'), 0)::numeric(20, 3)::text AS t,
      coalesce(sum(g.mileage), 0)::bigint AS mileage
    FROM (SELECT b.assortment, count(*) AS n, sum(b.quantity) AS q, sum(b.mileage) AS mileage FROM ${from} ${where} GROUP BY b.assortment) g
    LEFT JOIN assortments a ON a.code = g.assortment`,
  version: sql`SELECT (SELECT coalesce(sum(v), 0) FROM waybill_versions)::text || ':' || (${ASSORTMENT_VERSION})`,
  shape: (r) => ({ count: Number(r.count ?? 0), quantity: { m3: q3(r.m3), t: q3(r.t) }, mileage: Number(r.mileage ?? 0) }),
};

const worklogTotals: TotalsSpec<{ count: number; quantity: PerUnitSums; durationMinutes: number }> = {
  spec: worklogSpec,
  from: sql`worklogs l`,
  aggregate: (from, where) => sql`SELECT coalesce(sum(g.n), 0)::bigint AS count,
      coalesce(sum(g.q) FILTER (WHERE a.unit = 'm3'), 0)::numeric(20, 3)::text AS m3,
      coalesce(sum(g.q) FILTER (WHERE a.unit = 't'), 0)::numeric(20, 3)::text AS t,
      coalesce(sum(g.minutes), 0)::bigint AS minutes
    FROM (SELECT l.assortment, count(*) AS n, sum(l.quantity) AS q, sum(l.duration_minutes) AS minutes FROM ${from} ${where} GROUP BY l.assortment) g
    LEFT JOIN assortments a ON a.code = g.assortment`,
  version: sql`SELECT (SELECT coalesce(sum(v), 0) FROM worklog_versions)::text || ':' || (${ASSORTMENT_VERSION})`,
  shape: (r) => ({ count: Number(r.count ?? 0), quantity: { m3: q3(r.m3), t: q3(r.t) }, durationMinutes: Number(r.minutes ?? 0) }),
};

const invoiceTotals: TotalsSpec<{ count: number; netTotal: string; vatTotal: string; grossTotal: string }> = {
  spec: invoiceSpec,
  from: invoiceSpec.from,
  aggregate: (from, where) => sql`SELECT count(*)::bigint AS count,
      coalesce(sum(i.net_total), 0)::numeric(20, 2)::text AS net, coalesce(sum(i.vat_total), 0)::numeric(20, 2)::text AS vat,
      coalesce(sum(i.gross_total), 0)::numeric(20, 2)::text AS gross
    FROM ${from} ${where}`,
  shape: (r) => ({ count: Number(r.count ?? 0), netTotal: q2(r.net), vatTotal: q2(r.vat), grossTotal: q2(r.gross) }),
};

export async function totalsRoutes(app: App) {
  const { db } = app.ctx;
  const described = (what: string) =>
    `Any signed-in user. Takes the same query as the ${what} list (its filters and search; sort and paging are read past) and answers the totals of every ${what.replace(/s$/, '')} it selects, summed by the database in one snapshot: exact under concurrent writes.`;

  app.get(
    '/waybills/totals/',
    {
      schema: {
        operationId: 'waybillTotals',
        summary: 'Totals of the filtered waybills',
        description: described('waybills'),
        tags: ['waybills'],
        querystring: WaybillListQuery,
        response: { 200: ref(WaybillTotals), ...errors(400, 401) },
      },
    },
    async (request) => runTotals(db, request, waybillTotals, request.query),
  );
  app.get(
    '/worklogs/totals/',
    {
      schema: {
        operationId: 'worklogTotals',
        summary: 'Totals of the filtered worklogs',
        description: described('worklogs'),
        tags: ['worklogs'],
        querystring: WorklogListQuery,
        response: { 200: ref(WorklogTotals), ...errors(400, 401) },
      },
    },
    async (request) => runTotals(db, request, worklogTotals, request.query),
  );
  app.get(
    '/invoices/totals/',
    {
      schema: {
        operationId: 'invoiceTotals',
        summary: 'Totals of the filtered invoices',
        description: described('invoices'),
        tags: ['invoices'],
        querystring: InvoiceListQuery,
        response: { 200: ref(InvoiceTotals), ...errors(400, 401) },
      },
    },
    async (request) => runTotals(db, request, invoiceTotals, request.query),
  );
}
