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

export type Invoice = Schema<'Invoice'>;
export type InvoiceStatus = Invoice['status'];
export type InvoicePage = Schema<'InvoicePage'>;
export type InvoicePreview = Schema<'InvoicePreview'>;
export type InvoiceListParams = ListParams<'/api/invoices/'>;
export type InvoicePreviewParams = ListParams<'/api/invoices/preview/'>;
export type InvoiceCreate = RequestBody<'/api/invoices/', 'post'>;

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
    /** What an invoice of these waybills would hold; refreshes when any of them changes. */
    previewInvoice: build.query<InvoicePreview, InvoicePreviewParams>({
      query: (params) => ({ url: '/api/invoices/preview/', params }),
      providesTags: (_preview, _error, { waybills }) => (waybills ?? []).map((number) => ({ type: TAGS.waybill, id: number })),
    }),
    // Invoicing marks each included waybill invoiced, so those waybills and the waybill lists refresh too.
    createInvoice: build.mutation<Invoice, InvoiceCreate>({
      query: (body) => ({ url: '/api/invoices/', method: 'POST', body }),
      invalidatesTags: (_invoice, _error, { waybills }) => [
        { type: TAGS.invoice, id: LIST_ID },
        { type: TAGS.waybill, id: LIST_ID },
        ...waybills.map((number) => ({ type: TAGS.waybill, id: number })),
      ],
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
