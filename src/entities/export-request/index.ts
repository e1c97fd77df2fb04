export {
  exportAttachmentPath,
  exportRequestApi,
  useAcknowledgeExportErrorMutation,
  useGetExportRequestQuery,
  useListExportRequestsQuery,
} from './api/exportRequestApi';
export type { ExportRequest, ExportRequestListParams, ExportRequestPage } from './api/exportRequestApi';
