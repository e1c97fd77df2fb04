export {
  useCreateWaybillMutation,
  useCreateWaybillReportMutation,
  useDeleteWaybillMutation,
  useGetWaybillQuery,
  useListWaybillsQuery,
  usePatchWaybillMutation,
  useRetryWaybillEvrMutation,
  useUpdateWaybillMutation,
  waybillApi,
} from './api/waybillApi';
export type {
  ReportFormat,
  Waybill,
  WaybillCreate,
  WaybillListItem,
  WaybillListParams,
  WaybillPage,
  WaybillPatch,
  WaybillStatus,
  WaybillUpdate,
} from './api/waybillApi';
export { WaybillStatusBadge } from './ui/WaybillStatusBadge/WaybillStatusBadge';
export { WaybillDetails } from './ui/WaybillDetails/WaybillDetails';
export { EvrCheckList, EvrChecklist, useEvrChecks } from './ui/EvrChecklist/EvrChecklist';
export type { EvrCheck } from './ui/EvrChecklist/EvrChecklist';
export type { WaybillDetailsProps } from './ui/WaybillDetails/WaybillDetails';
export {
  isBatchJob,
  useBulkWaybillsMutation,
  useGetBatchJobQuery,
  usePreviewBulkWaybillsQuery,
  waybillVolumeApi,
} from './api/waybillVolumeApi';
export type {
  BatchJob,
  BulkAction,
  BulkRequest,
  BulkResult,
  BulkRow,
  ImportError,
  ImportResult,
} from './api/waybillVolumeApi';
export { waybillFieldLabel } from './lib/fieldLabel';
export { EVR_STATE_TONES } from './lib/evrTones';
