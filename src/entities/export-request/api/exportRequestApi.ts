import { baseApi, LIST_ID, pageTags, TAGS, type ListParams, type Schema } from '@/shared/api';

export type ExportRequest = Schema<'ExportRequest'>;
export type ExportRequestPage = Schema<'ExportRequestPage'>;
export type ExportRequestListParams = ListParams<'/api/export-requests/'>;

const path = (id: string) => `/api/export-requests/${encodeURIComponent(id)}/`;

/** The address of a finished export's file for a signed-in download (fileUrl carries its own signed token). */
export const exportAttachmentPath = (id: string): string => `${path(id)}download_attachment/`;

export const exportRequestApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    listExportRequests: build.query<ExportRequestPage, ExportRequestListParams>({
      query: (params) => ({ url: '/api/export-requests/', params }),
      providesTags: (page) => pageTags(TAGS.exportRequest, page, (request) => request.id),
    }),
    getExportRequest: build.query<ExportRequest, string>({
      query: path,
      providesTags: (_request, _error, id) => [{ type: TAGS.exportRequest, id }],
    }),
    // Acknowledging marks the request seen, which takes it out of the unseen list.
    acknowledgeExportError: build.mutation<ExportRequest, string>({
      query: (id) => ({ url: `${path(id)}acknowledge_error/`, method: 'POST' }),
      invalidatesTags: (_request, _error, id) => [
        { type: TAGS.exportRequest, id },
        { type: TAGS.exportRequest, id: LIST_ID },
      ],
    }),
  }),
});

export const { useListExportRequestsQuery, useGetExportRequestQuery, useAcknowledgeExportErrorMutation } = exportRequestApi;
