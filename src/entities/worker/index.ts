export { useGetWorkerQuery, useListWorkersQuery, workerApi } from './api/workerApi';
export type { Worker, WorkerListParams, WorkerPage } from './api/workerApi';
export { WorkerPicker } from './ui/WorkerPicker/WorkerPicker';
export type { WorkerPickerProps } from './ui/WorkerPicker/WorkerPicker';
