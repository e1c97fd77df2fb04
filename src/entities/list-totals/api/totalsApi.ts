import { baseApi, LIST_ID, TAGS, type ListParams, type Schema } from '@/shared/api';

export type WaybillTotals = Schema<'WaybillTotals'>;
export type WorklogTotals = Schema<'WorklogTotals'>;
export type InvoiceTotals = Schema<'InvoiceTotals'>;

/**
 * Totals of a filtered list, for its footer: the same parameters as the list call (sort and paging
 * are read past, so a list's own arguments can be passed as they are). Decimal strings, exact.
 */
export const totalsApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    waybillTotals: build.query<WaybillTotals, ListParams<'/api/waybills/totals/'>>({
      query: (params) => ({ url: '/api/waybills/totals/', params }),
      providesTags: [{ type: TAGS.waybill, id: LIST_ID }],
    }),
    worklogTotals: build.query<WorklogTotals, ListParams<'/api/worklogs/totals/'>>({
      query: (params) => ({ url: '/api/worklogs/totals/', params }),
      providesTags: [{ type: TAGS.worklog, id: LIST_ID }],
    }),
    invoiceTotals: build.query<InvoiceTotals, ListParams<'/api/invoices/totals/'>>({
      query: (params) => ({ url: '/api/invoices/totals/', params }),
      providesTags: [{ type: TAGS.invoice, id: LIST_ID }],
    }),
  }),
});

export const { useWaybillTotalsQuery, useWorklogTotalsQuery, useInvoiceTotalsQuery } = totalsApi;
