export {
  EXPORT_POLL_INTERVAL_MS,
  EXPORT_POLL_PARAMS,
  startExportPolling,
} from './model/exportPolling';
export type { ExportPollingOptions, ExportToasts } from './model/exportPolling';
export { exportProgressValue } from './model/progress';
export { trackExports } from './model/trackExports';
export type { ExportToastState } from './model/toastState';
export { ExportToast } from './ui/ExportToast/ExportToast';
export { createNotistackExportToasts } from './ui/notistackExportToasts';
