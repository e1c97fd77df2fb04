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
export { exportState, linkExpiry } from './model/exportState';
export type { ExportState } from './model/exportState';
export { RECENT_EXPORTS, RecentExports } from './ui/RecentExports/RecentExports';
export { ExportsButton } from './ui/ExportsButton/ExportsButton';
export type { ExportsButtonProps } from './ui/ExportsButton/ExportsButton';
