export { SYNC_REFRESH_MS, useInvoiceSync } from './model/useInvoiceSync';
export { RetrySyncButton } from './ui/RetrySyncButton/RetrySyncButton';
export type { RetrySyncButtonProps } from './ui/RetrySyncButton/RetrySyncButton';
