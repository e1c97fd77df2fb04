/** Cache tag types of the one base api; items use `{ type, id }`, lists `{ type, id: LIST_ID }`. */
export const TAGS = {
  user: 'User',
  waybill: 'Waybill',
  worklog: 'Worklog',
  invoice: 'Invoice',
  exportRequest: 'ExportRequest',
  company: 'Company',
  warehouse: 'Warehouse',
  assortment: 'Assortment',
  assortmentType: 'AssortmentType',
  worker: 'Worker',
  savedView: 'SavedView',
  batchJob: 'BatchJob',
  incomingWaybill: 'IncomingWaybill',
} as const;

export type TagType = (typeof TAGS)[keyof typeof TAGS];

export const LIST_ID = 'LIST';
/** Id of the signed-in user's own record, so token changes can invalidate it without knowing the email. */
export const ME_ID = 'ME';
