import { resetMockDb } from '@/shared/mock-db';

import { makeApiStore, recordRequests } from '../../../../tests/jest/apiStore';

import { warehouseApi } from './warehouseApi';

describe('warehouse endpoints', () => {
  let recorder: ReturnType<typeof recordRequests>;
  beforeEach(() => {
    resetMockDb();
    recorder = recordRequests();
  });
  afterEach(() => recorder.stop());

  it('lists the warehouses that are origins, by name', async () => {
    const store = makeApiStore();
    const result = await store.dispatch(warehouseApi.endpoints.listWarehouses.initiate({ hasOrigin: true, sort: ['name'] }));
    expect(recorder.requests).toEqual(['GET /api/warehouses/?hasOrigin=true&sort=name']);
    expect(result.data?.results.map((warehouse) => warehouse.name)).toEqual(['Tartu yard', 'Võru forest depot']);
  });

  it('finds a warehouse by id, origin code and destination code', async () => {
    const store = makeApiStore();
    expect((await store.dispatch(warehouseApi.endpoints.getWarehouse.initiate(2))).data?.name).toBe('Pärnu port');
    expect((await store.dispatch(warehouseApi.endpoints.getWarehouseByOrigin.initiate('VRU-O'))).data?.id).toBe(3);
    expect((await store.dispatch(warehouseApi.endpoints.getWarehouseByDestination.initiate('PRN-D'))).data?.id).toBe(2);
    expect(recorder.requests).toEqual([
      'GET /api/warehouses/2/',
      'GET /api/warehouses/origins/VRU-O/',
      'GET /api/warehouses/destinations/PRN-D/',
    ]);
    const missing = await store.dispatch(warehouseApi.endpoints.getWarehouseByOrigin.initiate('PRN-D'));
    expect(missing.error).toMatchObject({ status: 404 });
  });
});
