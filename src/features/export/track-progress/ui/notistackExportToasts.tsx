import type { ExportRequest } from '@/entities/export-request';
import { TOAST_AUTO_HIDE_MS, withToastArea } from '@/shared/lib';

import type { ExportToasts } from '../model/exportPolling';
import { createToastSource, toastStateOf, type ToastSource } from '../model/toastState';

import { ExportToast, LiveExportToast, MoreExportsToast } from './ExportToast/ExportToast';

const toastKey = (request: ExportRequest) => `export-${request.id}`;
const MORE_KEY = 'export-more';

/** At most this many export toasts are on screen at once; the rest are counted in one "and N more". */
export const EXPORT_TOASTS_MAX = 3;

/**
 * The export toasts in notistack: one toast per export that stays open while it runs and follows
 * its progress, then says 'downloading' and closes; a failure is an error toast of its own.
 * At most `EXPORT_TOASTS_MAX` are shown; the exports beyond them are counted in one "and N more"
 * toast (their files still arrive, and every file is listed under My latest exports).
 * Every toast goes through `withToastArea`, so the toasts of exports the tracking finds before the
 * toast area has mounted (a reload while exports run) are shown once it has, with their latest state.
 */
export function createNotistackExportToasts(): ExportToasts {
  const open = new Map<string, ToastSource>();
  // The export toasts on screen (by notistack key), and the exports counted in "and N more".
  const shown = new Set<string>();
  const overflow = new Set<string>();
  // The "and N more" toast on screen, by key; notistack cannot change a toast in place, so a new
  // count is a new toast (a key of its own: the closing one is still there while it fades).
  let moreKey: string | null = null;
  let moreCount = 0;

  const updateMore = () => {
    const previous = moreKey;
    if (previous) withToastArea(({ close }) => close(previous));
    moreKey = null;
    if (overflow.size === 0) return;
    const count = overflow.size;
    moreCount += 1;
    const key = `${MORE_KEY}-${moreCount}`;
    moreKey = key;
    withToastArea(({ enqueue }) => enqueue(<MoreExportsToast count={count} />, { key, persist: true }));
  };

  /** Shows a toast if a place is free; otherwise counts the export in "and N more". */
  const show = (request: ExportRequest, key: string, enqueue: (onExited: () => void) => void): boolean => {
    if (shown.size >= EXPORT_TOASTS_MAX && !shown.has(key)) {
      if (!overflow.has(request.id)) {
        overflow.add(request.id);
        updateMore();
      }
      return false;
    }
    shown.add(key);
    enqueue(() => {
      shown.delete(key);
    });
    return true;
  };

  /** An export counted in "and N more" stops counting once it is over (after the toasts' common time). */
  const settleOverflow = (request: ExportRequest) => {
    if (!overflow.has(request.id)) return false;
    setTimeout(() => {
      overflow.delete(request.id);
      updateMore();
    }, TOAST_AUTO_HIDE_MS);
    return true;
  };

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
      if (overflow.has(request.id)) return;
      const created = createToastSource(state);
      const key = toastKey(request);
      show(request, key, (onExited) => {
        open.set(request.id, created);
        withToastArea(({ enqueue }) => enqueue(<LiveExportToast source={created} />, { key, persist: true, onExited }));
      });
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
      if (settleOverflow(request)) return;
      const key = toastKey(request);
      const shownNow = show(request, key, (onExited) =>
        withToastArea(({ enqueue }) => enqueue(<ExportToast state={state} />, { key, variant: 'success', onExited })),
      );
      if (!shownNow) settleOverflow(request);
    },
    failed: (request) => {
      if (open.has(request.id)) close(request);
      if (overflow.delete(request.id)) updateMore();
      const key = `${toastKey(request)}-failed`;
      // A failure is always shown: its message is nowhere else.
      shown.add(key);
      withToastArea(({ enqueue }) =>
        enqueue(<ExportToast state={toastStateOf(request, 'failed')} />, {
          key,
          variant: 'error',
          onExited: () => shown.delete(key),
        }),
      );
    },
  };
}
