export { useGetWorkerQuery, useListWorkersQuery, workerApi } from './api/workerApi';
export type { Worker, WorkerListParams, WorkerPage } from './api/workerApi';
