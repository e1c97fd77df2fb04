import { waitFor } from '@testing-library/react';

import { mockDb, resetMockDb } from '@/shared/mock-db';

import { makeApiStore, recordRequests } from '../../../../tests/jest/apiStore';

import { worklogApi } from './worklogApi';

describe('worklog endpoints', () => {
  let recorder: ReturnType<typeof recordRequests>;
  beforeEach(() => {
    resetMockDb();
    recorder = recordRequests();
  });
  afterEach(() => recorder.stop());

  it('sends repeated actions and warehouses and a timestamp range', async () => {
    const store = makeApiStore();
    const result = await store.dispatch(
      worklogApi.endpoints.listWorklogs.initiate({
        actionIn: ['arrival', 'departure'],
        warehouse: [1, 2],
        timestampAfter: '2026-06-10',
        timestampBefore: '2026-06-20',
      }),
    );
    expect(recorder.requests).toEqual([
      'GET /api/worklogs/?actionIn=arrival&actionIn=departure&warehouse=1&warehouse=2&timestampAfter=2026-06-10&timestampBefore=2026-06-20',
    ]);
    const expected = mockDb.worklogs.filter(
      (w) =>
        ['arrival', 'departure'].includes(w.action) &&
        [1, 2].includes(w.warehouse) &&
        w.timestamp >= '2026-06-10' &&
        w.timestamp.slice(0, 10) <= '2026-06-20',
    );
    expect(result.data?.results.map((w) => w.number).sort()).toEqual(expected.map((w) => w.number).sort());
    expect(expected.length).toBeGreaterThan(0);
  });

  it('filters by a timestamp day, as the server does', async () => {
    const store = makeApiStore();
    const day = mockDb.worklogs[0]?.timestamp.slice(0, 10) ?? '';
    const result = await store.dispatch(worklogApi.endpoints.listWorklogs.initiate({ timestamp: day, pageSize: 100 }));
    const expected = mockDb.worklogs.filter((w) => w.timestamp.startsWith(day));
    expect(expected.length).toBeGreaterThan(0);
    expect(result.data?.results.map((w) => w.number).sort()).toEqual(expected.map((w) => w.number).sort());
  });

  it('patching a worklog refetches it', async () => {
    const store = makeApiStore();
    const number = mockDb.worklogs[0]?.number ?? '';
    const subscription = store.dispatch(worklogApi.endpoints.getWorklog.initiate(number));
    await subscription;
    recorder.clear();
    await store.dispatch(
      worklogApi.endpoints.patchWorklog.initiate({ number, version: mockDb.worklogs[0]?.version ?? 0, body: { notes: 'Checked' } }),
    );
    await waitFor(() => expect(worklogApi.endpoints.getWorklog.select(number)(store.getState()).data?.notes).toBe('Checked'));
    expect(recorder.requests).toEqual([`PATCH /api/worklogs/${number}/`, `GET /api/worklogs/${number}/`]);
    subscription.unsubscribe();
  });
});
