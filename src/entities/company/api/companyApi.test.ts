import { resetMockDb } from '@/shared/mock-db';

import { makeApiStore, recordRequests } from '../../../../tests/jest/apiStore';

import { companyApi } from './companyApi';

describe('company endpoints', () => {
  let recorder: ReturnType<typeof recordRequests>;
  beforeEach(() => {
    resetMockDb();
    recorder = recordRequests();
  });
  afterEach(() => recorder.stop());

  it('filters invoice customers with repeated registry codes', async () => {
    const store = makeApiStore();
    const result = await store.dispatch(
      companyApi.endpoints.listCompanies.initiate({ isInvoiceCustomer: true, registryCode: ['10000001', '10000003'] }),
    );
    expect(recorder.requests).toEqual(['GET /api/companies/?isInvoiceCustomer=true&registryCode=10000001&registryCode=10000003']);
    expect(result.data?.results.map((company) => company.registryCode)).toEqual(['10000001']);
  });

  it('gets one company, and 404 for an unknown one', async () => {
    const store = makeApiStore();
    expect((await store.dispatch(companyApi.endpoints.getCompany.initiate('10000002'))).data?.name).toBe('Pärnu Sadam OÜ');
    expect((await store.dispatch(companyApi.endpoints.getCompany.initiate('99999999'))).error).toMatchObject({ status: 404 });
  });
});
