import { http, HttpResponse, type HttpHandler } from 'msw';
import { INVOICE_STATUSES, SUMMARY_CHARTS, WAYBILL_STATUSES, chartPeriods, todayIn, type Locale } from '@timberlog/contract';

import { mockCaller, mockDb, requestLocale } from '@/shared/mock-db';

import type { Summary, SummaryCharts } from '../summaryApi';

/** Every status with the number of `items` in it, 0 included (as the server answers). */
const byStatus = <S extends string>(statuses: readonly S[], items: readonly { readonly status: S }[]): Record<S, number> =>
  Object.fromEntries(statuses.map((status) => [status, items.filter((item) => item.status === status).length])) as Record<S, number>;

/** The mock data set's summary as the caller sees it (server/src/summary/routes.ts). */
export const mockSummary = (caller: { readonly isStaff: boolean }): Summary => ({
  waybillsByStatus: byStatus(WAYBILL_STATUSES, mockDb.waybills),
  invoicesByStatus: byStatus(INVOICE_STATUSES, mockDb.invoices),
  usersAwaitingActivation: caller.isStaff ? mockDb.users.filter((user) => !user.isActive).length : null,
});

/** Decimal strings summed exactly in units of 10^-places, written with `places` decimals (as PostgreSQL's numeric). */
function sumDecimals(values: readonly string[], places: number): string {
  const scale = 10 ** places;
  let total = 0;
  for (const value of values) total += Math.round(Number(value) * scale);
  return `${Math.floor(total / scale)}.${String(total % scale).padStart(places, '0')}`;
}
const byCode = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
/** The entry of `key`, made first when there is none. */
function entryOf<T>(map: Map<string, T>, key: string, make: () => T): T {
  let entry = map.get(key);
  if (!entry) map.set(key, (entry = make()));
  return entry;
}

/**
 * The mock data set's charts as of `today` (server/src/summary/charts.ts): hauled waybills per
 * week, assortment type and unit; the month's top destinations; invoices per month and status.
 * The reference names are in `locale` where the reference data has them.
 */
export function mockSummaryCharts(today: string = todayIn(SUMMARY_CHARTS.timeZone), locale: Locale = 'en'): SummaryCharts {
  const named = (item: { readonly name: string; readonly nameEt: string | null }) => (locale === 'et' && item.nameEt) || item.name;
  const periods = chartPeriods(today);
  const hauled = mockDb.waybills.filter((waybill) => (SUMMARY_CHARTS.hauledStatuses as readonly string[]).includes(waybill.status));
  const assortment = new Map(mockDb.assortments.map((item) => [item.code, item]));
  const typeName = new Map(mockDb.assortmentTypes.map((item) => [item.id, named(item)]));
  const weekOf = (date: string) => periods.weeks.findLast((week) => week <= date);

  const hauls = new Map<string, { row: Omit<SummaryCharts['hauls'][number], 'waybills' | 'quantity'>; quantities: string[] }>();
  for (const waybill of hauled) {
    if (waybill.transportDate < periods.weeks[0]! || waybill.transportDate >= periods.weeksEnd) continue;
    const item = assortment.get(waybill.assortment);
    const name = item && typeName.get(item.assortmentType);
    const week = weekOf(waybill.transportDate);
    if (!item || name === undefined || !week) continue;
    const key = `${week}|${String(item.assortmentType).padStart(12, '0')}|${item.unit}`;
    entryOf(hauls, key, () => ({
      row: { week, assortmentType: item.assortmentType, assortmentTypeName: name, unit: item.unit },
      quantities: [],
    })).quantities.push(waybill.quantity);
  }

  const destinationName = new Map(mockDb.warehouses.filter((w) => w.destinationCode).map((w) => [w.destinationCode!, named(w)]));
  const destinations = new Map<string, { waybills: number; m3: string[]; t: string[] }>();
  for (const waybill of hauled) {
    if (waybill.transportDate < periods.monthStart || waybill.transportDate >= periods.monthEnd) continue;
    const unit = assortment.get(waybill.assortment)?.unit;
    if (!unit || !destinationName.has(waybill.destination)) continue;
    const entry = entryOf(destinations, waybill.destination, () => ({ waybills: 0, m3: [], t: [] }));
    entry.waybills += 1;
    entry[unit].push(waybill.quantity);
  }

  const invoicing = new Map<
    string,
    { row: Pick<SummaryCharts['invoicing'][number], 'month' | 'status'>; net: string[]; gross: string[] }
  >();
  for (const invoice of mockDb.invoices) {
    if (invoice.issueDate < periods.months[0]! || invoice.issueDate >= periods.monthEnd) continue;
    const month = `${invoice.issueDate.slice(0, 7)}-01`;
    const key = `${month}|${INVOICE_STATUSES.indexOf(invoice.status)}`;
    const entry = entryOf(invoicing, key, () => ({ row: { month, status: invoice.status }, net: [], gross: [] }));
    entry.net.push(invoice.netTotal);
    entry.gross.push(invoice.grossTotal);
  }

  return {
    today: periods.today,
    weeks: periods.weeks,
    hauls: [...hauls.entries()]
      .sort(([a], [b]) => byCode(a, b))
      .map(([, { row, quantities }]) => ({ ...row, waybills: quantities.length, quantity: sumDecimals(quantities, 3) })),
    month: periods.monthStart,
    topDestinations: [...destinations.entries()]
      .sort(([a, x], [b, y]) => y.waybills - x.waybills || byCode(a, b))
      .slice(0, SUMMARY_CHARTS.topDestinations)
      .map(([destination, entry]) => ({
        destination,
        destinationName: destinationName.get(destination)!,
        waybills: entry.waybills,
        m3: sumDecimals(entry.m3, 3),
        t: sumDecimals(entry.t, 3),
      })),
    months: periods.months,
    invoicing: [...invoicing.entries()]
      .sort(([a], [b]) => byCode(a, b))
      .map(([, { row, net, gross }]) => ({
        ...row,
        invoices: net.length,
        netTotal: sumDecimals(net, 2),
        grossTotal: sumDecimals(gross, 2),
      })),
  };
}

export const summaryHandlers: readonly HttpHandler[] = [
  http.get('*/api/summary', ({ request }) => HttpResponse.json(mockSummary(mockCaller(request)))),
  http.get('*/api/summary/charts', ({ request }) => HttpResponse.json(mockSummaryCharts(undefined, requestLocale(request)))),
];
