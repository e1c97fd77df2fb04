import { mockDb, resetMockDb } from '@/shared/mock-db';

import { makeApiStore, recordRequests } from '../../../../tests/jest/apiStore';

import { workerApi } from './workerApi';

describe('worker endpoints', () => {
  let recorder: ReturnType<typeof recordRequests>;
  beforeEach(() => {
    resetMockDb();
    recorder = recordRequests();
  });
  afterEach(() => recorder.stop());

  it('filters by repeated company', async () => {
    const store = makeApiStore();
    const company = mockDb.workers[0]?.company ?? '';
    const result = await store.dispatch(workerApi.endpoints.listWorkers.initiate({ company: [company] }));
    expect(recorder.requests).toEqual([`GET /api/workers/?company=${company}`]);
    const expected = mockDb.workers.filter((worker) => worker.company === company).map((worker) => worker.workerName);
    expect(result.data?.results.map((worker) => worker.workerName)).toEqual(expected.sort());
  });

  it('gets a worker by name, escaped in the path', async () => {
    const store = makeApiStore();
    const worker = mockDb.workers[0];
    const result = await store.dispatch(workerApi.endpoints.getWorker.initiate(worker?.workerName ?? ''));
    expect(recorder.requests).toEqual([`GET /api/workers/detail/${encodeURIComponent(worker?.workerName ?? '')}/`]);
    expect(worker?.workerName).toContain(' ');
    expect(result.data?.worklogCount).toBe(mockDb.worklogs.filter((worklog) => worklog.workerName === worker?.workerName).length);
  });
});
