export {
  InvoiceTotalsFooter,
  invoiceTotalsItems,
  totalsParams,
  WaybillTotalsFooter,
  waybillTotalsItems,
  WorklogTotalsFooter,
  worklogTotalsItems,
} from './ui/ListTotals/ListTotals';
export type { ListTotalsProps } from './ui/ListTotals/ListTotals';
export { TotalsFooter } from './ui/ListTotals/TotalsFooter';
export type { TotalsFooterProps, TotalsItem } from './ui/ListTotals/TotalsFooter';
