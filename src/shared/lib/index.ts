export { deferMonitoring, initMonitoring, reportError, TRACES_SAMPLE_RATE } from './monitoring';
export type { MonitoringOptions } from './monitoring';
export { isToastAreaWanted, notify, TOAST_AUTO_HIDE_MS, subscribeToastAreaWanted, toastAreaMounted, withToastArea } from './notify';
export type { NotifyOptions, NotifyVariant, ToastArea } from './notify';
export { isTheme, THEMES, useSystemTheme } from './theme';
export type { Theme } from './theme';
export { useApiSubmit } from './form/useApiSubmit';
export type { ApiCall, ApiSubmitOptions } from './form/useApiSubmit';
export { DOWNLOAD_START_GAP_MS, downloadFile } from './download';
