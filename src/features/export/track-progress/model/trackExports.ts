import type { ListenerMiddlewareInstance } from '@reduxjs/toolkit';

import type { ExportRequest } from '@/entities/export-request';
import { exportRequested } from '@/shared/model';

import { startExportPolling, type ExportToasts } from './exportPolling';

/**
 * The notistack toasts, whose code loads with the first export there is to show: most pages of a
 * signed-in user never have one. One promise, so the toasts change in the order they are asked;
 * a load that failed (the connection down) is tried again by the next change.
 */
function toastsOnDemand(): ExportToasts {
  let toasts: Promise<ExportToasts> | null = null;
  const show = (change: keyof ExportToasts) => (request: ExportRequest) => {
    toasts ??= import('../ui/notistackExportToasts').then((module) => module.createNotistackExportToasts());
    toasts.then(
      (loaded) => loaded[change](request),
      () => {
        toasts = null;
      },
    );
  };
  return { progress: show('progress'), downloading: show('downloading'), failed: show('failed') };
}

/** The app's export tracking: notistack toasts, real downloads, and a first look for exports left from before. */
export function trackExports(listeners: ListenerMiddlewareInstance, dispatch: AppDispatch): () => void {
  const stop = startExportPolling(listeners as ListenerMiddlewareInstance<RootState, AppDispatch>, {
    toasts: toastsOnDemand(),
  });
  // Exports may be running from before this page load (a reload, another tab).
  dispatch(exportRequested());
  return stop;
}
