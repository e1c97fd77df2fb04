import { mockDb, resetMockDb } from '@/shared/mock-db';

import { makeApiStore, recordRequests } from '../../../../tests/jest/apiStore';

import { incomingWaybillApi } from './incomingWaybillApi';

describe('incoming waybill endpoints', () => {
  let recorder: ReturnType<typeof recordRequests>;
  beforeEach(() => {
    resetMockDb();
    recorder = recordRequests();
  });
  afterEach(() => recorder.stop());

  it('lists the loads by EVR status, each status its own parameter, newest departure first', async () => {
    const store = makeApiStore();
    const result = await store.dispatch(
      incomingWaybillApi.endpoints.listIncomingWaybills.initiate({ evrStatusIn: ['unloaded', 'cancelled'] }),
    );
    expect(recorder.requests).toEqual(['GET /api/evr/incoming?evrStatusIn=unloaded&evrStatusIn=cancelled']);
    const expected = mockDb.incomingWaybills
      .filter((waybill) => waybill.evrStatus === 'unloaded' || waybill.evrStatus === 'cancelled')
      .sort((a, b) => (b.departureTime ?? '').localeCompare(a.departureTime ?? '') || b.evrNumber.localeCompare(a.evrNumber))
      .map((waybill) => waybill.evrNumber);
    expect(expected.length).toBeGreaterThan(1);
    expect(result.data?.results.map((waybill) => waybill.evrNumber)).toEqual(expected);
    expect(result.data?.count).toBe(expected.length);
  });

  it("searches by the owner's name", async () => {
    const store = makeApiStore();
    const owner = mockDb.incomingWaybills[0]!.owner.name;
    const result = await store.dispatch(incomingWaybillApi.endpoints.listIncomingWaybills.initiate({ search: owner.slice(0, 6) }));
    expect(result.data?.results.length).toBeGreaterThan(0);
    for (const waybill of result.data?.results ?? []) expect(waybill.owner.name.toLowerCase()).toContain(owner.slice(0, 6).toLowerCase());
  });

  it('reads one by its EVR number, and says 404 for a number EVR never sent us', async () => {
    const store = makeApiStore();
    const known = mockDb.incomingWaybills[0]!;
    const found = await store.dispatch(incomingWaybillApi.endpoints.getIncomingWaybill.initiate(known.evrNumber));
    expect(found.data).toEqual(known);
    // Read-only copies of EVR's: version 1, last changed when EVR created them.
    expect(found.data).toMatchObject({ version: 1, createdAt: known.createdInEvr, lastModifiedAt: known.createdInEvr });
    const missing = await store.dispatch(incomingWaybillApi.endpoints.getIncomingWaybill.initiate('NOPE000001'));
    expect(missing.error).toMatchObject({ status: 404 });
    expect(recorder.requests).toEqual([`GET /api/evr/incoming/${known.evrNumber}`, 'GET /api/evr/incoming/NOPE000001']);
  });
});
