import { baseApi, LIST_ID, TAGS, type ListParams, type OperationQuery, type RequestBody, type Schema } from '@/shared/api';
import { exportRequested } from '@/shared/model';

export type BulkRequest = RequestBody<'/api/waybills/bulk/', 'post'>;
export type BulkAction = BulkRequest['action'];
export type BulkResult = Schema<'BulkResult'>;
export type BulkRow = Schema<'BulkRow'>;
export type BatchJob = Schema<'BatchJob'>;
export type ImportResult = Schema<'ImportResult'>;
export type ImportError = Schema<'ImportError'>;
export type ImportQuery = OperationQuery<'/api/waybills/import/', 'post'>;
export type ImportTemplateFormat = ListParams<'/api/waybills/import/template/'>['format'];

/**
 * Work on many waybills at once: bulk actions (a dry run first, then the real one) and imports
 * from a CSV or XLSX file. More rows than the server answers at once (BULK.inlineMaxRows,
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
    /** The file goes as the body, as it is (a File from an input keeps its type: text/csv or the XLSX type). */
    importWaybills: build.mutation<ImportResult | BatchJob, { readonly file: Blob; readonly dryRun: boolean; readonly filename?: string }>({
      query: ({ file, dryRun, filename }) => ({
        url: '/api/waybills/import/',
        method: 'POST',
        params: { dryRun, filename },
        body: file,
        headers: { 'Content-Type': file.type || 'application/octet-stream' },
      }),
      invalidatesTags: (_result, _error, { dryRun }) => (dryRun ? [] : [{ type: TAGS.waybill, id: LIST_ID }]),
    }),
    getBatchJob: build.query<BatchJob, string>({
      query: (id) => `/api/batch-jobs/${encodeURIComponent(id)}/`,
      providesTags: (_job, _error, id) => [{ type: TAGS.batchJob, id }],
    }),
  }),
});

/** Whether a bulk or import answer is a background job to poll rather than the result. */
export const isBatchJob = (answer: BulkResult | ImportResult | BatchJob): answer is BatchJob => 'state' in answer && 'kind' in answer;

/** The template's path, to download with the app's authorised download helper. */
export const importTemplatePath = (format: ImportTemplateFormat): string => `/api/waybills/import/template/?format=${format}`;

export const { useBulkWaybillsMutation, useImportWaybillsMutation, useGetBatchJobQuery } = waybillVolumeApi;
