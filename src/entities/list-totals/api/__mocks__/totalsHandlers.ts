import { INVOICE_LIST, LIMITS, WAYBILL_LIST, WORKLOG_LIST, type ListContract, type Unit } from '@timberlog/contract';
import { http, HttpResponse, type HttpHandler } from 'msw';

import { listResponse, mockDb } from '@/shared/mock-db';

/**
 * Every row the list call would answer for the request's filters and search (each page of it), or
 * the list's own error answer: the totals take the same query, as the server's do.
 */
async function matching<T extends object>(request: Request, list: ListContract, items: readonly T[]): Promise<T[] | Response> {
  const url = new URL(request.url);
  // The paging given is checked as the list checks it; the totals read past it.
  const checked = new URL(url);
  const given = checked.searchParams.get('pageNumber');
  if (given !== null && /^\d+$/.test(given) && Number(given) >= 1 && Number(given) <= LIMITS.pageNumberMax)
    checked.searchParams.set('pageNumber', '1');
  const first = listResponse(new Request(checked, request), list, items);
  if (first.status !== 200) return first;
  const rows: T[] = [];
  for (let page = 1; ; page++) {
    const next = new URL(url);
    next.searchParams.set('pageSize', String(LIMITS.pageSizeMax));
    next.searchParams.set('pageNumber', String(page));
    const answer = (await listResponse(new Request(next, request), list, items).json()) as { results: T[]; next: string | null };
    rows.push(...answer.results);
    if (!answer.next) return rows;
  }
}

/** Decimal strings summed exactly (in thousandths or hundredths), written with `places` decimals. */
function sum(values: readonly (string | null | undefined)[], places: number): string {
  const scale = 10 ** places;
  let total = 0;
  for (const value of values) if (value) total += Math.round(Number(value) * scale);
  const sign = total < 0 ? '-' : '';
  const whole = Math.abs(total);
  return `${sign}${Math.floor(whole / scale)}.${String(whole % scale).padStart(places, '0')}`;
}

const unitOf = (assortment: string | null | undefined): Unit | undefined =>
  mockDb.assortments.find((item) => item.code === assortment)?.unit;

export const totalsHandlers: readonly HttpHandler[] = [
  http.get('*/api/waybills/totals/', async ({ request }) => {
    const rows = await matching(request, WAYBILL_LIST, mockDb.waybills);
    if (rows instanceof Response) return rows;
    return HttpResponse.json({
      count: rows.length,
      quantity: {
        m3: sum(
          rows.filter((row) => unitOf(row.assortment) === 'm3').map((row) => row.quantity),
          3,
        ),
        t: sum(
          rows.filter((row) => unitOf(row.assortment) === 't').map((row) => row.quantity),
          3,
        ),
      },
      mileage: rows.reduce((total, row) => total + row.mileage, 0),
    });
  }),
  http.get('*/api/worklogs/totals/', async ({ request }) => {
    const rows = await matching(request, WORKLOG_LIST, mockDb.worklogs);
    if (rows instanceof Response) return rows;
    return HttpResponse.json({
      count: rows.length,
      quantity: {
        m3: sum(
          rows.filter((row) => unitOf(row.assortment) === 'm3').map((row) => row.quantity),
          3,
        ),
        t: sum(
          rows.filter((row) => unitOf(row.assortment) === 't').map((row) => row.quantity),
          3,
        ),
      },
      durationMinutes: rows.reduce((total, row) => total + row.durationMinutes, 0),
    });
  }),
  http.get('*/api/invoices/totals/', async ({ request }) => {
    const rows = await matching(request, INVOICE_LIST, mockDb.invoices);
    if (rows instanceof Response) return rows;
    return HttpResponse.json({
      count: rows.length,
      netTotal: sum(
        rows.map((row) => row.netTotal),
        2,
      ),
      vatTotal: sum(
        rows.map((row) => row.vatTotal),
        2,
      ),
      grossTotal: sum(
        rows.map((row) => row.grossTotal),
        2,
      ),
    });
  }),
];
