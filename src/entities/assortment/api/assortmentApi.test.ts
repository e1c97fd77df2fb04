import { resetMockDb } from '@/shared/mock-db';

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
      assortmentApi.endpoints.listAssortments.initiate({ species: ['birch', 'pine', 'other'], isActive: true, sort: '-unitPrice' }),
    );
    expect(recorder.requests).toEqual(['GET /api/assortments/?species=birch&species=pine&species=other&isActive=true&sort=-unitPrice']);
    expect(result.data?.results.map((assortment) => assortment.code)).toEqual(['PIN-SAW', 'BIR-PLP']);
  });

  it('gets one assortment by code', async () => {
    const store = makeApiStore();
    expect((await store.dispatch(assortmentApi.endpoints.getAssortment.initiate('SPR-SAW'))).data?.name).toBe('Spruce sawlog');
  });

  it('answers 400 in the server’s shape for an unknown sort field', async () => {
    const store = makeApiStore();
    const result = await store.dispatch(assortmentApi.endpoints.listAssortments.initiate({ sort: 'colour' }));
    expect(result.error).toMatchObject({ status: 400, fieldErrors: { sort: expect.stringContaining('colour') as string } });
  });
});
