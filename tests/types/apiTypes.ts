/**
 * Type tests of the generated API types, checked by `tsc` (npm run typecheck), never run: the
 * list contracts reach the types, so `sort` is an array of the list's sort fields (each also with
 * `-`) and statuses and actions are enums. Each `@ts-expect-error` is an assertion: when the types
 * stop rejecting the value below it, the directive is unused and the type check fails.
 */
import type { ListParams, OperationQuery } from '@/shared/api';

export const waybillSortAndStatuses: ListParams<'/api/waybills/'> = {
  sort: ['-transportDate', 'number'],
  statusIn: ['draft', 'delivered'],
  status: 'confirmed',
};

export const rejectedByWaybills = [
  // @ts-expect-error `colour` is not a sort field of the waybill list
  { sort: ['colour'] } satisfies ListParams<'/api/waybills/'>,
  // @ts-expect-error `lost` is not a waybill status
  { statusIn: ['lost'] } satisfies ListParams<'/api/waybills/'>,
  // @ts-expect-error `lost` is not a waybill status
  { status: 'lost' } satisfies ListParams<'/api/waybills/'>,
  // @ts-expect-error sort is a list of fields, not a comma string
  { sort: 'number' } satisfies ListParams<'/api/waybills/'>,
];

export const rejectedByWorklogsAndReports = [
  // @ts-expect-error `sawing` is not a worklog action
  { actionIn: ['sawing'] } satisfies ListParams<'/api/worklogs/'>,
  // @ts-expect-error `mileage` sorts waybills, not worklogs
  { sort: ['mileage'] } satisfies ListParams<'/api/worklogs/'>,
  // @ts-expect-error a report takes the list's filters, with the same enums
  { statusIn: ['lost'] } satisfies OperationQuery<'/api/waybills/waybill_report/', 'post'>,
];
