export { InvoiceDetailPage } from './ui/InvoiceDetailPage/InvoiceDetailPage';
