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
export { isBeingInvoiced } from './model/invoicing';
export { formatMoney, formatPercent } from './lib/money';
export { InvoiceStatusBadge } from './ui/InvoiceStatusBadge/InvoiceStatusBadge';
export { InvoiceLines } from './ui/InvoiceLines/InvoiceLines';
export type { InvoiceAmounts, InvoiceLinesProps } from './ui/InvoiceLines/InvoiceLines';
export { InvoiceSyncInfo } from './ui/InvoiceSyncInfo/InvoiceSyncInfo';
export type { InvoiceSyncInfoProps } from './ui/InvoiceSyncInfo/InvoiceSyncInfo';
