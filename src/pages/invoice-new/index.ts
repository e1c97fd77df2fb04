export { InvoiceNewPage } from './ui/InvoiceNewPage/InvoiceNewPage';
