import {
  baseApi,
  ifMatch,
  keepCurrentOnConflict,
  LIST_ID,
  pageTags,
  TAGS,
  type ListParams,
  type RequestBody,
  type Schema,
} from '@/shared/api';
import { exportRequested } from '@/shared/model';

export type Worklog = Schema<'Worklog'>;
export type WorklogAction = Worklog['action'];
export type WorklogPage = Schema<'WorklogPage'>;
export type WorklogListParams = ListParams<'/api/worklogs/'>;
export type WorklogCreate = RequestBody<'/api/worklogs/', 'post'>;
export type WorklogUpdate = RequestBody<'/api/worklogs/{number}/', 'put'>;
export type WorklogPatch = RequestBody<'/api/worklogs/{number}/', 'patch'>;
type ReportFormat = RequestBody<'/api/worklogs/worklog_report/', 'post'>['format'];

const path = (number: string) => `/api/worklogs/${encodeURIComponent(number)}/`;

// A worklog also changes its worker's count and last entry, so the workers list refreshes with it.
const changedWorklogTags = (number: string) => [
  { type: TAGS.worklog, id: number },
  { type: TAGS.worklog, id: LIST_ID },
  { type: TAGS.worker, id: LIST_ID },
];

// A write refused because someone changed the worklog (412) shows it as it is now.
const showCurrent = keepCurrentOnConflict<Worklog>((worklog, dispatch) => {
  void dispatch(worklogApi.util.upsertQueryData('getWorklog', worklog.number, worklog));
});

export const worklogApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    listWorklogs: build.query<WorklogPage, WorklogListParams>({
      query: (params) => ({ url: '/api/worklogs/', params }),
      providesTags: (page) => pageTags(TAGS.worklog, page, (worklog) => worklog.number),
    }),
    getWorklog: build.query<Worklog, string>({
      query: path,
      providesTags: (_worklog, _error, number) => [{ type: TAGS.worklog, id: number }],
    }),
    createWorklog: build.mutation<Worklog, WorklogCreate>({
      query: (body) => ({ url: '/api/worklogs/', method: 'POST', body }),
      invalidatesTags: (worklog) => [
        { type: TAGS.worklog, id: LIST_ID },
        { type: TAGS.worker, id: LIST_ID },
        ...(worklog ? [{ type: TAGS.worker, id: worklog.workerName }] : []),
      ],
    }),
    updateWorklog: build.mutation<Worklog, { readonly number: string; readonly version: number; readonly body: WorklogUpdate }>({
      query: ({ number, version, body }) => ({ url: path(number), method: 'PUT', body, headers: ifMatch(version) }),
      onQueryStarted: showCurrent,
      invalidatesTags: (_worklog, _error, { number }) => changedWorklogTags(number),
    }),
    patchWorklog: build.mutation<Worklog, { readonly number: string; readonly version: number; readonly body: WorklogPatch }>({
      query: ({ number, version, body }) => ({ url: path(number), method: 'PATCH', body, headers: ifMatch(version) }),
      onQueryStarted: showCurrent,
      invalidatesTags: (_worklog, _error, { number }) => changedWorklogTags(number),
    }),
    /** Starts a report of the worklogs the filters select. */
    createWorklogReport: build.mutation<Schema<'ExportRequest'>, { readonly filters: WorklogListParams; readonly format: ReportFormat }>({
      query: ({ filters, format }) => ({
        url: '/api/worklogs/worklog_report/',
        method: 'POST',
        params: filters,
        body: { format },
      }),
      invalidatesTags: [{ type: TAGS.exportRequest, id: LIST_ID }],
      // The export tracking starts on this action (features/export/track-progress).
      onQueryStarted: async (_arg, { dispatch, queryFulfilled }) => {
        const result = await queryFulfilled.catch(() => null);
        if (result) dispatch(exportRequested({ id: result.data.id }));
      },
    }),
  }),
});

export const {
  useListWorklogsQuery,
  useGetWorklogQuery,
  useCreateWorklogMutation,
  useUpdateWorklogMutation,
  usePatchWorklogMutation,
  useCreateWorklogReportMutation,
} = worklogApi;
