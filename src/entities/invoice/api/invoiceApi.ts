import {
  baseApi,
  ifMatch,
  keepCurrentOnConflict,
  LIST_ID,
  pageTags,
  TAGS,
  type ListParams,
  type RequestBody,
  type Schema,
} from '@/shared/api';

import { noteInvoicing } from '../model/invoicing';

export type Invoice = Schema<'Invoice'>;
export type InvoiceStatus = Invoice['status'];
export type InvoicePage = Schema<'InvoicePage'>;
export type InvoicePreview = Schema<'InvoicePreview'>;
export type InvoiceListParams = ListParams<'/api/invoices/'>;
export type InvoicePreviewParams = ListParams<'/api/invoices/preview/'>;
export type InvoiceCreate = RequestBody<'/api/invoices/', 'post'>;

/** Any query endpoint, fetched again by its cached arguments. */
interface RefetchableEndpoint {
  readonly initiate: (args: unknown, options: { subscribe: false; forceRefetch: true }) => unknown;
}

const path = (number: string) => `/api/invoices/${encodeURIComponent(number)}/`;

export const invoiceApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    listInvoices: build.query<InvoicePage, InvoiceListParams>({
      query: (params) => ({ url: '/api/invoices/', params }),
      providesTags: (page) => pageTags(TAGS.invoice, page, (invoice) => invoice.number),
    }),
    getInvoice: build.query<Invoice, string>({
      query: path,
      providesTags: (_invoice, _error, number) => [{ type: TAGS.invoice, id: number }],
    }),
    /**
     * What an invoice of these waybills would hold; refreshes when any of them changes. Dropped as
     * soon as no draft shows it: once its waybills are invoiced it can only be refused, so no later
     * change to them may fetch it again.
     */
    previewInvoice: build.query<InvoicePreview, InvoicePreviewParams>({
      query: (params) => ({ url: '/api/invoices/preview/', params }),
      providesTags: (_preview, _error, { waybills }) => (waybills ?? []).map((number) => ({ type: TAGS.waybill, id: number })),
      keepUnusedDataFor: 0,
    }),
    // Invoicing marks each included waybill invoiced, so the lists and what is cached of those
    // waybills (their pages, their histories) refresh too; the previews that hold them do not: they
    // would only be refused now, and the draft that shows one is about to give way to the invoice.
    createInvoice: build.mutation<Invoice, InvoiceCreate>({
      query: (body) => ({ url: '/api/invoices/', method: 'POST', body }),
      invalidatesTags: [
        { type: TAGS.invoice, id: LIST_ID },
        { type: TAGS.waybill, id: LIST_ID },
      ],
      async onQueryStarted({ waybills }, api) {
        const { dispatch, queryFulfilled } = api;
        noteInvoicing(waybills, true);
        const created = await queryFulfilled.then(
          () => true,
          () => false,
        );
        if (!created) {
          noteInvoicing(waybills, false);
          return;
        }
        const tags = waybills.map((number) => ({ type: TAGS.waybill, id: number }));
        const endpoints = baseApi.endpoints as unknown as Record<string, RefetchableEndpoint>;
        for (const { endpointName, originalArgs } of baseApi.util.selectInvalidatedBy(api.getState() as never, tags)) {
          if (endpointName === 'previewInvoice' || endpointName.startsWith('list')) continue;
          void dispatch(endpoints[endpointName]?.initiate(originalArgs, { subscribe: false, forceRefetch: true }) as never);
        }
      },
    }),
    retryInvoiceSync: build.mutation<Invoice, { readonly number: string; readonly version: number }>({
      query: ({ number, version }) => ({ url: `${path(number)}retry_sync/`, method: 'POST', headers: ifMatch(version) }),
      onQueryStarted: keepCurrentOnConflict<Invoice>((invoice, dispatch) => {
        void dispatch(invoiceApi.util.upsertQueryData('getInvoice', invoice.number, invoice));
      }),
      invalidatesTags: (_invoice, _error, { number }) => [{ type: TAGS.invoice, id: number }],
    }),
  }),
});

export const { useListInvoicesQuery, useGetInvoiceQuery, usePreviewInvoiceQuery, useCreateInvoiceMutation, useRetryInvoiceSyncMutation } =
  invoiceApi;
