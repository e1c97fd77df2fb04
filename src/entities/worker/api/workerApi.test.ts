import { resetMockDb } from '@/shared/mock-db';

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
    const result = await store.dispatch(workerApi.endpoints.listWorkers.initiate({ company: ['10000002'] }));
    expect(recorder.requests).toEqual(['GET /api/workers/?company=10000002']);
    expect(result.data?.results.map((worker) => worker.workerName)).toEqual(['Mart Org']);
  });

  it('gets a worker by name, escaped in the path', async () => {
    const store = makeApiStore();
    const result = await store.dispatch(workerApi.endpoints.getWorker.initiate('Jaan Tamm'));
    expect(recorder.requests).toEqual(['GET /api/workers/detail/Jaan%20Tamm/']);
    expect(result.data?.worklogCount).toBe(10);
  });
});
