export {
  useCreateWorklogMutation,
  useCreateWorklogReportMutation,
  useGetWorklogQuery,
  useListWorklogsQuery,
  usePatchWorklogMutation,
  useUpdateWorklogMutation,
  worklogApi,
} from './api/worklogApi';
export type {
  Worklog,
  WorklogAction,
  WorklogCreate,
  WorklogListParams,
  WorklogPage,
  WorklogPatch,
  WorklogUpdate,
} from './api/worklogApi';
export { WorklogActionLabel } from './ui/WorklogActionLabel/WorklogActionLabel';
export { WorklogDetails } from './ui/WorklogDetails/WorklogDetails';
export type { WorklogDetailsProps } from './ui/WorklogDetails/WorklogDetails';
