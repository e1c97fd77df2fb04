export { totalsApi, useInvoiceTotalsQuery, useWaybillTotalsQuery, useWorklogTotalsQuery } from './api/totalsApi';
export type { InvoiceTotals, WaybillTotals, WorklogTotals } from './api/totalsApi';
