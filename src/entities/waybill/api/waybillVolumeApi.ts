import { baseApi, LIST_ID, TAGS, type RequestBody, type Schema } from '@/shared/api';
import { exportRequested } from '@/shared/model';

export type BulkRequest = RequestBody<'/api/waybills/bulk/', 'post'>;
export type BulkAction = BulkRequest['action'];
export type BulkResult = Schema<'BulkResult'>;
export type BulkRow = Schema<'BulkRow'>;
export type BatchJob = Schema<'BatchJob'>;
export type ImportResult = Schema<'ImportResult'>;
export type ImportError = Schema<'ImportError'>;

/**
 * Work on many waybills at once: bulk actions (a dry run first, then the real one); the batch jobs
 * of bulk actions and of imports (features/import-records). More rows than the server answers at once (BULK.inlineMaxRows,
 * IMPORT.inlineMaxRows) come back as a BatchJob (status 202) to poll with getBatchJob until its
 * `state` is done (its `result` is the answer) or failed.
 */
export const waybillVolumeApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    /** A dry run changes nothing; a real run changes the waybills, so the lists and records are read again. */
    bulkWaybills: build.mutation<BulkResult | BatchJob, BulkRequest>({
      query: (body) => ({ url: '/api/waybills/bulk/', method: 'POST', body }),
      invalidatesTags: (_result, _error, { dryRun }) => (dryRun ? [] : [{ type: TAGS.waybill }, { type: TAGS.exportRequest, id: LIST_ID }]),
      // The export action's file is tracked as any export (features/export/track-progress).
      onQueryStarted: async (_arg, { dispatch, queryFulfilled }) => {
        const result = await queryFulfilled.catch(() => null);
        const started = result && 'exportRequest' in result.data ? result.data.exportRequest : null;
        if (started) dispatch(exportRequested({ id: started.id }));
      },
    }),
    /**
     * A bulk action's dry run, as a query: it names each waybill it answers for, so a live change
     * to one of them (features/live-updates) asks it again, as an open waybill page is. A background
     * job's answer names none (it is polled instead, and not asked again). Dropped once unused: the
     * real run's own changes must not ask it again.
     */
    previewBulkWaybills: build.query<BulkResult | BatchJob, BulkRequest>({
      query: (body) => ({ url: '/api/waybills/bulk/', method: 'POST', body: { ...body, dryRun: true } }),
      providesTags: (answer) => (answer && !isBatchJob(answer) ? answer.rows.map((row) => ({ type: TAGS.waybill, id: row.number })) : []),
      keepUnusedDataFor: 0,
    }),
    getBatchJob: build.query<BatchJob, string>({
      query: (id) => `/api/batch-jobs/${encodeURIComponent(id)}/`,
      providesTags: (_job, _error, id) => [{ type: TAGS.batchJob, id }],
    }),
  }),
});

/** Whether a bulk or import answer is a background job to poll rather than the result. */
export const isBatchJob = (answer: BulkResult | ImportResult | BatchJob): answer is BatchJob => 'state' in answer && 'kind' in answer;

export const { useBulkWaybillsMutation, useGetBatchJobQuery, usePreviewBulkWaybillsQuery } = waybillVolumeApi;
