export {
  invoiceApi,
  useCreateInvoiceMutation,
  useGetInvoiceQuery,
  useListInvoicesQuery,
  usePreviewInvoiceQuery,
  useRetryInvoiceSyncMutation,
} from './api/invoiceApi';
export type {
  Invoice,
  InvoiceCreate,
  InvoiceListParams,
  InvoicePage,
  InvoicePreview,
  InvoicePreviewParams,
  InvoiceStatus,
} from './api/invoiceApi';
export { InvoiceStatusBadge } from './ui/InvoiceStatusBadge/InvoiceStatusBadge';
