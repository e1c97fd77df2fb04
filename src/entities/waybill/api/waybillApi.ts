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

export type Waybill = Schema<'Waybill'>;
/** A waybill as a list page carries it: without the fields only its own page shows (WAYBILL_DETAIL_FIELDS). */
export type WaybillListItem = Schema<'WaybillListItem'>;
export type WaybillStatus = Waybill['status'];
export type WaybillPage = Schema<'WaybillPage'>;
export type WaybillListParams = ListParams<'/api/waybills/'>;
export type WaybillCreate = RequestBody<'/api/waybills/', 'post'>;
export type WaybillUpdate = RequestBody<'/api/waybills/{number}/', 'put'>;
export type WaybillPatch = RequestBody<'/api/waybills/{number}/', 'patch'>;
export type ReportFormat = RequestBody<'/api/waybills/waybill_report/', 'post'>['format'];

const path = (number: string) => `/api/waybills/${encodeURIComponent(number)}/`;

// A write refused because someone changed the waybill (412) shows it as it is now.
const showCurrent = keepCurrentOnConflict<Waybill>((waybill, dispatch) => {
  void dispatch(waybillApi.util.upsertQueryData('getWaybill', waybill.number, waybill));
});

export const waybillApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    listWaybills: build.query<WaybillPage, WaybillListParams>({
      query: (params) => ({ url: '/api/waybills/', params }),
      providesTags: (page) => pageTags(TAGS.waybill, page, (waybill) => waybill.number),
    }),
    getWaybill: build.query<Waybill, string>({
      query: path,
      providesTags: (_waybill, _error, number) => [{ type: TAGS.waybill, id: number }],
    }),
    createWaybill: build.mutation<Waybill, WaybillCreate>({
      query: (body) => ({ url: '/api/waybills/', method: 'POST', body }),
      invalidatesTags: [{ type: TAGS.waybill, id: LIST_ID }],
    }),
    // A change can move the waybill in or out of filtered lists, so the lists refresh too.
    updateWaybill: build.mutation<Waybill, { readonly number: string; readonly version: number; readonly body: WaybillUpdate }>({
      query: ({ number, version, body }) => ({ url: path(number), method: 'PUT', body, headers: ifMatch(version) }),
      onQueryStarted: showCurrent,
      invalidatesTags: (_waybill, _error, { number }) => [
        { type: TAGS.waybill, id: number },
        { type: TAGS.waybill, id: LIST_ID },
      ],
    }),
    patchWaybill: build.mutation<Waybill, { readonly number: string; readonly version: number; readonly body: WaybillPatch }>({
      query: ({ number, version, body }) => ({ url: path(number), method: 'PATCH', body, headers: ifMatch(version) }),
      onQueryStarted: showCurrent,
      invalidatesTags: (_waybill, _error, { number }) => [
        { type: TAGS.waybill, id: number },
        { type: TAGS.waybill, id: LIST_ID },
      ],
    }),
    deleteWaybill: build.mutation<void, { readonly number: string; readonly version: number }>({
      query: ({ number, version }) => ({ url: path(number), method: 'DELETE', headers: ifMatch(version) }),
      onQueryStarted: showCurrent,
      invalidatesTags: (_result, _error, { number }) => [
        { type: TAGS.waybill, id: number },
        { type: TAGS.waybill, id: LIST_ID },
      ],
    }),
    /** Sends a waybill whose exchange with EVR failed to EVR again. */
    retryWaybillEvr: build.mutation<Waybill, { readonly number: string; readonly version: number }>({
      query: ({ number, version }) => ({ url: `${path(number)}evr_retry/`, method: 'POST', headers: ifMatch(version) }),
      onQueryStarted: showCurrent,
      invalidatesTags: (_waybill, _error, { number }) => [
        { type: TAGS.waybill, id: number },
        { type: TAGS.waybill, id: LIST_ID },
      ],
    }),
    /** Starts a report of the waybills the filters select; the new export request appears in the export list. */
    createWaybillReport: build.mutation<Schema<'ExportRequest'>, { readonly filters: WaybillListParams; readonly format: ReportFormat }>({
      query: ({ filters, format }) => ({
        url: '/api/waybills/waybill_report/',
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
  useListWaybillsQuery,
  useGetWaybillQuery,
  useCreateWaybillMutation,
  useUpdateWaybillMutation,
  usePatchWaybillMutation,
  useDeleteWaybillMutation,
  useCreateWaybillReportMutation,
  useRetryWaybillEvrMutation,
} = waybillApi;
