import { mockDb, resetMockDb } from '@/shared/mock-db';

import { makeApiStore, recordRequests } from '../../../../tests/jest/apiStore';

import { assortmentApi } from './assortmentApi';

describe('assortment endpoints', () => {
  let recorder: ReturnType<typeof recordRequests>;
  beforeEach(() => {
    resetMockDb();
    recorder = recordRequests();
  });
  afterEach(() => recorder.stop());

  it('filters by repeated species and active flag, sorted by price', async () => {
    const store = makeApiStore();
    const result = await store.dispatch(
      assortmentApi.endpoints.listAssortments.initiate({ species: ['birch', 'pine', 'other'], isActive: true }),
    );
    expect(recorder.requests).toEqual(['GET /api/assortments/?species=birch&species=pine&species=other&isActive=true']);
    // The default order is by code.
    const expected = mockDb.assortments
      .filter((a) => ['birch', 'pine', 'other'].includes(a.species) && a.isActive)
      .map((a) => a.code)
      .sort();
    expect(expected.length).toBeGreaterThan(1);
    expect(result.data?.results.map((assortment) => assortment.code)).toEqual(expected);
  });

  it('gets one assortment by code', async () => {
    const store = makeApiStore();
    expect((await store.dispatch(assortmentApi.endpoints.getAssortment.initiate('KU-PALK-18'))).data?.name).toBe('Spruce saw log 18+ cm');
  });
});
