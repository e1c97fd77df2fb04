import type { closeSnackbar, enqueueSnackbar } from 'notistack';

/**
 * How long a toast stays before it hides itself: 5 s (product rules: Constants). The toast area
 * and every toast that closes on a timer of its own (an export's 'downloading') use this one value.
 */
export const TOAST_AUTO_HIDE_MS = 5000;

export type NotifyVariant = 'default' | 'success' | 'error' | 'warning' | 'info';

export interface NotifyOptions {
  readonly variant?: NotifyVariant;
  /** Keeps the toast open until closed, e.g. for progress. */
  readonly persist?: boolean;
  readonly key?: string;
}

/** notistack's global functions, which act only while its provider (the toast area) is mounted. */
export interface ToastArea {
  readonly enqueue: typeof enqueueSnackbar;
  readonly close: typeof closeSnackbar;
}

let mountedArea: ToastArea | null = null;
let mountedCount = 0;
const pending: ((area: ToastArea) => void)[] = [];
let areaWanted = false;
const wantedListeners = new Set<() => void>();

/**
 * Runs a toast operation on the toast area: now if it is mounted, otherwise as soon as it mounts,
 * in the order asked. notistack silently drops a toast enqueued before its provider exists, and
 * the provider (with notistack) is loaded only once the first toast is asked for: a page that
 * never shows one never loads it.
 */
export function withToastArea(operation: (area: ToastArea) => void): void {
  if (mountedArea) {
    operation(mountedArea);
    return;
  }
  pending.push(operation);
  if (!areaWanted) {
    areaWanted = true;
    for (const listener of wantedListeners) listener();
  }
}

/** True once a toast was asked for: the app then mounts the toast area (for `useSyncExternalStore`). */
export const isToastAreaWanted = (): boolean => areaWanted;

/** Calls `listener` when the toast area is first wanted; returns the unsubscribe. */
export function subscribeToastAreaWanted(listener: () => void): () => void {
  wantedListeners.add(listener);
  return () => wantedListeners.delete(listener);
}

/** Called by the toast area once its provider is mounted; returns the call for its unmount. */
export function toastAreaMounted(area: ToastArea): () => void {
  mountedCount += 1;
  mountedArea = area;
  for (const operation of pending.splice(0)) operation(area);
  return () => {
    mountedCount -= 1;
    if (mountedCount === 0) mountedArea = null;
  };
}

/** Shows a toast, once the toast area is there (see `withToastArea`). */
export function notify(message: string, { variant = 'default', persist, key }: NotifyOptions = {}): void {
  withToastArea(({ enqueue }) => enqueue(message, { variant, persist, key, preventDuplicate: key !== undefined }));
}
