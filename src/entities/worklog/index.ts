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
