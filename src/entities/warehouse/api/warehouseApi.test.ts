import { mockDb, resetMockDb } from '@/shared/mock-db';

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
    const expected = mockDb.warehouses
      .filter((warehouse) => warehouse.originCode !== null)
      .map((warehouse) => warehouse.name)
      .sort()
      .slice(0, 25);
    expect(result.data?.results.map((warehouse) => warehouse.name)).toEqual(expected);
  });

  it('finds a warehouse by id, origin code and destination code', async () => {
    const store = makeApiStore();
    const origin = mockDb.warehouses.find((warehouse) => warehouse.originCode && !warehouse.destinationCode);
    const destination = mockDb.warehouses.find((warehouse) => warehouse.destinationCode && !warehouse.originCode);
    if (!origin?.originCode || !destination?.destinationCode) throw new Error('the demo data has origins and destinations');
    expect((await store.dispatch(warehouseApi.endpoints.getWarehouse.initiate(destination.id))).data?.name).toBe(destination.name);
    expect((await store.dispatch(warehouseApi.endpoints.getWarehouseByOrigin.initiate(origin.originCode))).data?.id).toBe(origin.id);
    expect((await store.dispatch(warehouseApi.endpoints.getWarehouseByDestination.initiate(destination.destinationCode))).data?.id).toBe(
      destination.id,
    );
    expect(recorder.requests).toEqual([
      `GET /api/warehouses/${destination.id}/`,
      `GET /api/warehouses/origins/${origin.originCode}/`,
      `GET /api/warehouses/destinations/${destination.destinationCode}/`,
    ]);
    const missing = await store.dispatch(warehouseApi.endpoints.getWarehouseByOrigin.initiate(destination.destinationCode));
    expect(missing.error).toMatchObject({ status: 404 });
  });
});
