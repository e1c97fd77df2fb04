import { sql } from 'kysely';
import { INVOICE_STATUSES, SUMMARY_CHARTS, WAYBILL_STATUSES, type InvoiceStatus, type WaybillStatus } from '@timberlog/contract';
import type { App } from '../infra/context.js';
import type { DB } from '../infra/db.js';
import { errors, ref } from '../http/schema.js';
import { currentUser } from '../auth/guards.js';
import { Summary, SummaryCharts } from './schemas.js';
import { summaryCharts } from './charts.js';

export const summarySchemas = [Summary, SummaryCharts];

/**
 * The counts per status: waybills from their exact counter table (kept by triggers in every
 * writing transaction, migrations/007), invoices by one grouped count on their status index.
 */
export const statusCounts = (db: DB) => ({
  waybills: sql<{ status: string; n: number }>`SELECT status, sum(n)::int AS n FROM waybill_counts GROUP BY status`,
  invoices: db
    .selectFrom('invoices')
    .select(['status', sql<number>`count(*)::int`.as('n')])
    .groupBy('status'),
});

/** Every status of `statuses` with its count from `rows` (0 when no row has it). */
function byStatus<S extends string>(statuses: readonly S[], rows: readonly { status: string; n: number }[]): Record<S, number> {
  const counts = Object.fromEntries(statuses.map((status) => [status, 0])) as Record<S, number>;
  for (const row of rows) if (row.status in counts) counts[row.status as S] = row.n;
  return counts;
}

export async function summaryRoutes(app: App) {
  const { db, config } = app.ctx;

  // New paths go without a trailing slash (server/.redocly.lint-ignore.yaml); the router answers
  // `/api/summary/` the same.
  app.get(
    '/summary',
    {
      schema: {
        operationId: 'getSummary',
        summary: 'Count waybills and invoices by status',
        description:
          'Any signed-in user. The counts of the home page in one call: waybills and invoices per status (each as the list filtered by that status counts it), ' +
          'and for staff the accounts awaiting activation (`null` for other users). Waybills are summed from their exact per-status counter table, invoices counted on their status index.',
        tags: ['summary'],
        response: { 200: ref(Summary), ...errors(401) },
      },
    },
    async (request) => {
      const me = currentUser(request);
      const counts = statusCounts(db);
      const [waybills, invoices, users] = await Promise.all([
        counts.waybills.execute(db).then((result) => result.rows),
        counts.invoices.execute(),
        me.isStaff
          ? db.selectFrom('users').select(sql<number>`count(*)::int`.as('n')).where('isActive', '=', false).executeTakeFirstOrThrow()
          : undefined,
      ]);
      return {
        waybillsByStatus: byStatus<WaybillStatus>(WAYBILL_STATUSES, waybills),
        invoicesByStatus: byStatus<InvoiceStatus>(INVOICE_STATUSES, invoices),
        usersAwaitingActivation: users ? users.n : null,
      };
    },
  );

  app.get(
    '/summary/charts',
    {
      schema: {
        operationId: 'getSummaryCharts',
        summary: "The home page's charts",
        description:
          `Any signed-in user. Timber hauled per week over the last ${SUMMARY_CHARTS.weeks} weeks by assortment type (m³ and t apart), ` +
          `the ${SUMMARY_CHARTS.topDestinations} destinations that received the most loads this month, and the invoices issued per month over the last ${SUMMARY_CHARTS.months} months by sync status, ` +
          "all as of today in the office's time zone (`EXPORT_TIME_ZONE`, Europe/Tallinn by default). Summed by the database in one snapshot; " +
          'the waybill figures are kept per process until a waybill, assortment, assortment type or warehouse changes.',
        tags: ['summary'],
        response: { 200: ref(SummaryCharts), ...errors(401) },
      },
    },
    async (request) => summaryCharts(db, config.exportTimeZone, request.locale),
  );
}
