import { mockDb, resetMockDb } from '@/shared/mock-db';

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
    const customer = mockDb.companies.find((company) => company.isInvoiceCustomer);
    const supplier = mockDb.companies.find((company) => !company.isInvoiceCustomer);
    if (!customer || !supplier) throw new Error('the demo data has customers and suppliers');
    const codes = [customer.registryCode, supplier.registryCode];
    const result = await store.dispatch(companyApi.endpoints.listCompanies.initiate({ isInvoiceCustomer: true, registryCode: codes }));
    expect(recorder.requests).toEqual([`GET /api/companies/?isInvoiceCustomer=true&registryCode=${codes[0]}&registryCode=${codes[1]}`]);
    expect(result.data?.results.map((company) => company.registryCode)).toEqual([customer.registryCode]);
  });

  it('gets one company, and 404 for an unknown one', async () => {
    const store = makeApiStore();
    const company = mockDb.companies[1];
    expect((await store.dispatch(companyApi.endpoints.getCompany.initiate(company?.registryCode ?? ''))).data?.name).toBe(company?.name);
    expect((await store.dispatch(companyApi.endpoints.getCompany.initiate('99999999'))).error).toMatchObject({ status: 404 });
  });
});
