export { incomingWaybillApi, useGetIncomingWaybillQuery, useListIncomingWaybillsQuery } from './api/incomingWaybillApi';
export type { IncomingWaybill, IncomingWaybillListParams, IncomingWaybillPage } from './api/incomingWaybillApi';
export { incomingItemAmount, incomingLoad, incomingPath } from './lib/incoming';
