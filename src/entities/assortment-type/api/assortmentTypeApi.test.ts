import { mockDb, resetMockDb } from '@/shared/mock-db';

import { makeApiStore, recordRequests } from '../../../../tests/jest/apiStore';

import { assortmentTypeApi } from './assortmentTypeApi';

describe('assortment type endpoints', () => {
  let recorder: ReturnType<typeof recordRequests>;
  beforeEach(() => {
    resetMockDb();
    recorder = recordRequests();
  });
  afterEach(() => recorder.stop());

  it('searches and pages the list', async () => {
    const store = makeApiStore();
    const result = await store.dispatch(
      assortmentTypeApi.endpoints.listAssortmentTypes.initiate({ search: 'LOGS', pageSize: 1, pageNumber: 2 }),
    );
    expect(recorder.requests).toEqual(['GET /api/assortment-types/?search=LOGS&pageSize=1&pageNumber=2']);
    // "Saw logs" and "Small saw logs" match (case-insensitive); sorted by name, page 2 of size 1 is the second.
    expect(result.data).toMatchObject({ count: 2, next: null, results: [{ name: 'Small saw logs' }] });
    expect(result.data?.previous).toContain('pageNumber=1');
  });

  it('gets one type by id', async () => {
    const store = makeApiStore();
    expect((await store.dispatch(assortmentTypeApi.endpoints.getAssortmentType.initiate(1))).data?.name).toBe(
      mockDb.assortmentTypes[0]?.name,
    );
  });
});
