import { baseApi, LIST_ID, ME_ID, TAGS, type Schema } from '@/shared/api';

export type Summary = Schema<'Summary'>;
export type SummaryCharts = Schema<'SummaryCharts'>;

export const summaryApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    /**
     * The home page's counts in one call: waybills and invoices per status, and for staff the
     * sign-ups awaiting activation. Refetched whenever any waybill, invoice or account list would
     * be (every change of those invalidates its list tag), and when the signed-in user changes.
     */
    getSummary: build.query<Summary, void>({
      query: () => '/api/summary',
      providesTags: [
        { type: TAGS.waybill, id: LIST_ID },
        { type: TAGS.invoice, id: LIST_ID },
        { type: TAGS.user, id: LIST_ID },
        { type: TAGS.user, id: ME_ID },
      ],
    }),
    /**
     * The home page's charts: hauls per week, the month's top destinations, invoicing per month.
     * Refetched whenever a waybill or invoice list would be (their changes invalidate the list tags),
     * and when what names its bars changes: an assortment type, an assortment (its type and unit) or
     * a warehouse (a destination's name).
     */
    getSummaryCharts: build.query<SummaryCharts, void>({
      query: () => '/api/summary/charts',
      providesTags: [
        { type: TAGS.waybill, id: LIST_ID },
        { type: TAGS.invoice, id: LIST_ID },
        { type: TAGS.assortmentType, id: LIST_ID },
        { type: TAGS.assortment, id: LIST_ID },
        { type: TAGS.warehouse, id: LIST_ID },
      ],
    }),
  }),
});

export const { useGetSummaryQuery, useGetSummaryChartsQuery } = summaryApi;
