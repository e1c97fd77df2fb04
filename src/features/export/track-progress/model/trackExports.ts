import type { ListenerMiddlewareInstance } from '@reduxjs/toolkit';

import { createNotistackExportToasts } from '../ui/notistackExportToasts';

import { exportPollingRequested, startExportPolling } from './exportPolling';

/** The app's export tracking: notistack toasts, real downloads, and a first look for exports left from before. */
export function trackExports(listeners: ListenerMiddlewareInstance, dispatch: AppDispatch): () => void {
  const stop = startExportPolling(listeners as ListenerMiddlewareInstance<RootState, AppDispatch>, {
    toasts: createNotistackExportToasts(),
  });
  dispatch(exportPollingRequested());
  return stop;
}
