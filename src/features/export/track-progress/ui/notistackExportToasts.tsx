import type { ExportRequest } from '@/entities/export-request';
import { TOAST_AUTO_HIDE_MS, withToastArea } from '@/shared/lib';

import type { ExportToasts } from '../model/exportPolling';
import { createToastSource, toastStateOf, type ToastSource } from '../model/toastState';

import { ExportToast, LiveExportToast } from './ExportToast/ExportToast';

const toastKey = (request: ExportRequest) => `export-${request.id}`;

/**
 * The export toasts in notistack: one toast per export that stays open while it runs and follows
 * its progress, then says 'downloading' and closes; a failure is an error toast of its own.
 * Every toast goes through `withToastArea`, so the toasts of exports the tracking finds before the
 * toast area has mounted (a reload while exports run) are shown once it has, with their latest state.
 */
export function createNotistackExportToasts(): ExportToasts {
  const open = new Map<string, ToastSource>();

  const close = (request: ExportRequest) => {
    open.delete(request.id);
    withToastArea(({ close: closeToast }) => closeToast(toastKey(request)));
  };

  return {
    progress: (request) => {
      const state = toastStateOf(request, 'generating');
      const source = open.get(request.id);
      if (source) {
        source.set(state);
        return;
      }
      const created = createToastSource(state);
      open.set(request.id, created);
      withToastArea(({ enqueue }) => enqueue(<LiveExportToast source={created} />, { key: toastKey(request), persist: true }));
    },
    downloading: (request) => {
      const state = toastStateOf(request, 'downloading');
      const source = open.get(request.id);
      if (source) {
        source.set(state);
        // The toasts' common time, not one of its own: it was once 10 s here.
        setTimeout(() => close(request), TOAST_AUTO_HIDE_MS);
        return;
      }
      withToastArea(({ enqueue }) =>
        enqueue(<ExportToast state={state} />, { key: toastKey(request), variant: 'success' }),
      );
    },
    failed: (request) => {
      if (open.has(request.id)) close(request);
      withToastArea(({ enqueue }) =>
        enqueue(<ExportToast state={toastStateOf(request, 'failed')} />, {
          key: `${toastKey(request)}-failed`,
          variant: 'error',
        }),
      );
    },
  };
}
