export { InvoicesPage } from './ui/InvoicesPage/InvoicesPage';
