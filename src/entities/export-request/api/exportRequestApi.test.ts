import { waitFor } from '@testing-library/react';

import { mockDb, mockExportRequest, resetMockDb } from '@/shared/mock-db';

import { makeApiStore, recordRequests } from '../../../../tests/jest/apiStore';

import { exportRequestApi } from './exportRequestApi';

describe('export request endpoints', () => {
  let recorder: ReturnType<typeof recordRequests>;
  beforeEach(() => {
    resetMockDb();
    recorder = recordRequests();
  });
  afterEach(() => recorder.stop());

  it('acknowledging an error takes the export out of the unseen list', async () => {
    mockDb.exportRequests.unshift(mockExportRequest({ id: 'e-failed', inProgress: false, failed: true, lastErrorMessage: 'Disk full' }));
    const store = makeApiStore();
    const params = { seen: false, own: true, pageNumber: 1, pageSize: 5 };
    const unseen = store.dispatch(exportRequestApi.endpoints.listExportRequests.initiate(params));
    expect((await unseen).data?.results.map((request) => request.id)).toEqual(['e-failed']);
    recorder.clear();

    const acknowledged = await store.dispatch(exportRequestApi.endpoints.acknowledgeExportError.initiate('e-failed'));
    expect(acknowledged.data).toMatchObject({ id: 'e-failed', seen: true });
    await waitFor(() => expect(exportRequestApi.endpoints.listExportRequests.select(params)(store.getState()).data?.count).toBe(0));
    expect(recorder.requests).toEqual([
      'POST /api/export-requests/e-failed/acknowledge_error/',
      'GET /api/export-requests/?seen=false&own=true&pageNumber=1&pageSize=5',
    ]);
    unseen.unsubscribe();
  });

  it('gets one export request', async () => {
    mockDb.exportRequests.push(
      mockExportRequest({ id: 'e-mine' }),
      mockExportRequest({ id: 'e-other', requestedBy: 'staff@timberlog.ee' }),
    );
    const store = makeApiStore();
    expect((await store.dispatch(exportRequestApi.endpoints.getExportRequest.initiate('e-mine'))).data).toMatchObject({
      id: 'e-mine',
      own: true,
    });
    // An ordinary user sees only their own exports.
    expect((await store.dispatch(exportRequestApi.endpoints.getExportRequest.initiate('e-other'))).error).toMatchObject({ status: 404 });
  });
});
