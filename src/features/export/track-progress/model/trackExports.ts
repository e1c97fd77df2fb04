import type { ListenerMiddlewareInstance } from '@reduxjs/toolkit';

import { exportRequested } from '@/shared/model';

import { createNotistackExportToasts } from '../ui/notistackExportToasts';

import { startExportPolling } from './exportPolling';

/** The app's export tracking: notistack toasts, real downloads, and a first look for exports left from before. */
export function trackExports(listeners: ListenerMiddlewareInstance, dispatch: AppDispatch): () => void {
  const stop = startExportPolling(listeners as ListenerMiddlewareInstance<RootState, AppDispatch>, {
    toasts: createNotistackExportToasts(),
  });
  // Exports may be running from before this page load (a reload, another tab).
  dispatch(exportRequested());
  return stop;
}
