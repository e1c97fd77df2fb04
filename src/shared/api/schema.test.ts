import type { ListParams, RequestBody, Schema } from './schema';

// Compile-time checks (tsc runs over tests too): the helpers resolve to the generated shapes.
type Equals<A, B> = (<T>() => T extends A ? 1 : 2) extends <T>() => T extends B ? 1 : 2 ? true : false;
const assertType = <T extends true>(_proof: T): void => undefined;

describe('schema helpers', () => {
  it('resolve the generated types', () => {
    assertType<Equals<Schema<'Waybill'>['number'], string>>(true);
    assertType<Equals<ListParams<'/api/waybills/'>['statusIn'], readonly Schema<'Waybill'>['status'][] | undefined>>(true);
    assertType<Equals<RequestBody<'/api/invoices/', 'post'>['waybills'], readonly string[]>>(true);
    const params: ListParams<'/api/export-requests/'> = { seen: false, own: true, pageNumber: 1, pageSize: 5 };
    expect(params.pageSize).toBe(5);
  });
});
