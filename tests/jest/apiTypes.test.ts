/**
 * The generated API types carry the list contracts: `sort` is an array of the list's sort fields
 * (each also with `-`), and statuses and actions are enums. The `@ts-expect-error` lines are the
 * test: when the generated types stop rejecting a wrong value, `tsc` (the type check step) fails
 * on an unused directive. The runtime assertions only keep Jest's runner satisfied.
 */
import type { ListParams, OperationQuery } from '@/shared/api';

describe('generated API types', () => {
  it('accept the contract sort fields and statuses of the waybill list', () => {
    const params: ListParams<'/api/waybills/'> = { sort: ['-transportDate', 'number'], statusIn: ['draft', 'delivered'], status: 'confirmed' };
    expect(params.sort).toHaveLength(2);
  });

  it('reject an unknown sort field or status of the waybill list', () => {
    // @ts-expect-error `colour` is not a sort field of the waybill list
    const badSort: ListParams<'/api/waybills/'> = { sort: ['colour'] };
    // @ts-expect-error `lost` is not a waybill status
    const badStatusIn: ListParams<'/api/waybills/'> = { statusIn: ['lost'] };
    // @ts-expect-error `lost` is not a waybill status
    const badStatus: ListParams<'/api/waybills/'> = { status: 'lost' };
    // @ts-expect-error sort is a list of fields, not a comma string
    const sortString: ListParams<'/api/waybills/'> = { sort: 'number' };
    expect([badSort, badStatusIn, badStatus, sortString]).toHaveLength(4);
  });

  it('reject an unknown worklog action and a sort field of another list', () => {
    // @ts-expect-error `sawing` is not a worklog action
    const badAction: ListParams<'/api/worklogs/'> = { actionIn: ['sawing'] };
    // @ts-expect-error `mileage` sorts waybills, not worklogs
    const otherListSort: ListParams<'/api/worklogs/'> = { sort: ['mileage'] };
    // @ts-expect-error a report takes the list's filters, with the same enums
    const badReport: OperationQuery<'/api/waybills/waybill_report/', 'post'> = { statusIn: ['lost'] };
    expect([badAction, otherListSort, badReport]).toHaveLength(3);
  });
});
