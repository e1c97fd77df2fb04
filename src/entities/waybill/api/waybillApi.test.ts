import { waitFor } from '@testing-library/react';
import { isEvrReady } from '@timberlog/contract';

import { isApiError } from '@/shared/api';
import { mockDb, resetMockDb } from '@/shared/mock-db';

import { makeApiStore, recordRequests } from '../../../../tests/jest/apiStore';

import { waybillApi } from './waybillApi';

const { listWaybills, getWaybill, patchWaybill, deleteWaybill, createWaybill } = waybillApi.endpoints;

describe('waybill endpoints', () => {
  let recorder: ReturnType<typeof recordRequests>;
  beforeEach(() => {
    resetMockDb();
    recorder = recordRequests();
  });
  afterEach(() => recorder.stop());

  it('sends the filters with arrays repeated and gets the matching page', async () => {
    const store = makeApiStore();
    const [first = '', second = ''] = mockDb.warehouses.flatMap((warehouse) => (warehouse.originCode ? [warehouse.originCode] : []));
    const result = await store.dispatch(
      listWaybills.initiate({ statusIn: ['draft', 'delivered'], origin: [first, second], sort: ['-mileage'], pageNumber: 1, pageSize: 5 }),
    );

    expect(recorder.requests).toEqual([
      `GET /api/waybills/?statusIn=draft&statusIn=delivered&origin=${first}&origin=${second}&sort=-mileage&pageNumber=1&pageSize=5`,
    ]);
    const expected = mockDb.waybills.filter((w) => ['draft', 'delivered'].includes(w.status) && [first, second].includes(w.origin));
    expect(result.data?.count).toBe(expected.length);
    expect(result.data?.results).toHaveLength(5);
    const mileages = result.data?.results.map((w) => w.mileage) ?? [];
    expect(mileages).toEqual([...mileages].sort((a, b) => b - a));
    expect(result.data?.next).toContain('pageNumber=2');
    expect(result.data?.previous).toBeNull();
  });

  it('answers 404 for a page past the end', async () => {
    const store = makeApiStore();
    const result = await store.dispatch(listWaybills.initiate({ pageNumber: 99 }));
    expect(result.error).toMatchObject({ status: 404 });
  });

  it('changing a waybill refetches it and the lists, and nothing else', async () => {
    const store = makeApiStore();
    // A draft EVR would take: confirming it changes it.
    const draft = mockDb.waybills.find((w) => w.status === 'draft' && isEvrReady(w));
    const other = mockDb.waybills.find((w) => w.status === 'delivered');
    if (!draft || !other) throw new Error('seed has a draft and a delivered waybill');
    const subscriptions = [
      store.dispatch(listWaybills.initiate({ statusIn: ['draft'] })),
      store.dispatch(getWaybill.initiate(draft.number)),
      store.dispatch(getWaybill.initiate(other.number)),
    ];
    await Promise.all(subscriptions);
    recorder.clear();

    const patched = await store.dispatch(
      patchWaybill.initiate({ number: draft.number, version: draft.version, body: { status: 'confirmed' } }),
    );
    expect(patched.data?.status).toBe('confirmed');

    await waitFor(() => expect(recorder.count('GET /api/waybills/?statusIn=draft')).toBe(1));
    await waitFor(() => expect(recorder.count(`GET /api/waybills/${draft.number}/`)).toBe(1));
    expect(recorder.count(`GET /api/waybills/${other.number}/`)).toBe(0);
    const refreshed = listWaybills.select({ statusIn: ['draft'] })(store.getState());
    expect(refreshed.data?.results.some((w) => w.number === draft.number)).toBe(false);
    subscriptions.forEach((subscription) => subscription.unsubscribe());
  });

  it('applies the status rules in the server’s error shape', async () => {
    const store = makeApiStore();
    const delivered = mockDb.waybills.find((w) => w.status === 'delivered');
    const result = await store.dispatch(
      patchWaybill.initiate({ number: delivered?.number ?? '', version: delivered?.version ?? 0, body: { status: 'draft' } }),
    );
    expect(result.error).toMatchObject({ status: 400 });
    // The refusal names both states, on the status field (not swallowed as a general message).
    expect(isApiError(result.error) ? result.error.fieldErrors.status : undefined).toMatch(/delivered.*draft/);
    expect(mockDb.waybills.find((w) => w.number === delivered?.number)?.status).toBe('delivered');
    const deleted = await store.dispatch(deleteWaybill.initiate({ number: delivered?.number ?? '', version: delivered?.version ?? 0 }));
    expect(deleted.error).toMatchObject({
      status: 400,
      message: 'Only draft waybills can be deleted; this one is "delivered".',
      hasMessage: true,
    });
    const unknown = await store.dispatch(patchWaybill.initiate({ number: 'W-1999-999999', version: 1, body: { notes: 'x' } }));
    expect(unknown.error).toMatchObject({ status: 404 });
  });

  it('sends the version it read; a stale one is refused (412) and the waybill is shown as it is now', async () => {
    const store = makeApiStore();
    const draft = mockDb.waybills.find((w) => w.status === 'draft');
    if (!draft) throw new Error('seed has a draft');
    const subscription = store.dispatch(getWaybill.initiate(draft.number));
    const seen = (await subscription).data?.version ?? 0;
    // A colleague saves first.
    const theirs = await store.dispatch(patchWaybill.initiate({ number: draft.number, version: seen, body: { notes: 'Their note' } }));
    expect(theirs.data?.version).toBe(seen + 1);
    const mine = await store.dispatch(patchWaybill.initiate({ number: draft.number, version: seen, body: { driverName: 'Mine' } }));
    expect(mine.error).toMatchObject({ status: 412, hasMessage: true, current: { notes: 'Their note', version: seen + 1 } });
    expect(mockDb.waybills.find((w) => w.number === draft.number)?.driverName).toBe(draft.driverName);
    expect(getWaybill.select(draft.number)(store.getState()).data).toMatchObject({ notes: 'Their note', version: seen + 1 });
    subscription.unsubscribe();
  });

  it('creating a waybill refetches the lists', async () => {
    const store = makeApiStore();
    const list = store.dispatch(listWaybills.initiate({}));
    const before = (await list).data?.count ?? 0;
    recorder.clear();
    const origin = mockDb.warehouses.find((warehouse) => warehouse.originCode);
    const destination = mockDb.warehouses.find((warehouse) => warehouse.destinationCode);
    const created = await store.dispatch(
      createWaybill.initiate({
        transportDate: '2026-03-01',
        origin: origin?.originCode ?? '',
        destination: destination?.destinationCode ?? '',
        driverName: 'Peeter Kask',
        vehicleNumber: '999XYZ',
        mileage: 120,
        assortment: 'MA-PALK-18',
        quantity: '10.000',
      }),
    );
    expect(created.data).toMatchObject({
      status: 'draft',
      originName: origin?.name,
      destinationCompany: destination?.company,
      assortmentName: 'Pine saw log 18+ cm',
    });
    // The next number after the demo data's, as the server assigns it.
    expect(created.data?.number).toBe(`W-${new Date().getUTCFullYear()}-${String(mockDb.waybills.length).padStart(6, '0')}`);
    await waitFor(() => expect(listWaybills.select({})(store.getState()).data?.count).toBe(before + 1));
    list.unsubscribe();
  });
});
