import { baseApi, pageTags, TAGS, type ListParams, type Schema } from '@/shared/api';

export type Worker = Schema<'Worker'>;
export type WorkerPage = Schema<'WorkerPage'>;
export type WorkerListParams = ListParams<'/api/workers/'>;

export const workerApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    listWorkers: build.query<WorkerPage, WorkerListParams>({
      query: (params) => ({ url: '/api/workers/', params }),
      providesTags: (page) => pageTags(TAGS.worker, page, (worker) => worker.workerName),
    }),
    getWorker: build.query<Worker, string>({
      query: (workerName) => `/api/workers/detail/${encodeURIComponent(workerName)}/`,
      providesTags: (_worker, _error, workerName) => [{ type: TAGS.worker, id: workerName }],
    }),
  }),
});

export const { useListWorkersQuery, useGetWorkerQuery } = workerApi;
