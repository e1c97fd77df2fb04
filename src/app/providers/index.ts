export { AppErrorBoundary } from './AppErrorBoundary';
export { AppProviders } from './AppProviders';
export type { AppProvidersProps } from './AppProviders';
export { ConfigErrorScreen } from './ConfigErrorScreen';
export { ErrorFallback } from './ErrorFallback';
export { NetworkErrorFallback } from './NetworkErrorFallback';
export type { NetworkErrorFallbackProps } from './NetworkErrorFallback';
export { TOAST_ANCHOR, TOAST_AUTO_HIDE_MS, TOAST_MAX_VISIBLE } from './toastConfig';
