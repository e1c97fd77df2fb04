import { isAnyOf, type ListenerMiddlewareInstance } from '@reduxjs/toolkit';

import { exportRequestApi, type ExportRequest, type ExportRequestListParams } from '@/entities/export-request';
import { selectIsAuthenticated, sessionInitialized } from '@/entities/session';
import { resolveApiUrl } from '@/shared/api';
import { downloadFile } from '@/shared/lib';
import { exportRequested, sessionTokensReceived } from '@/shared/model';

/** The unseen exports of the signed-in user (product rules: The API's calls). */
export const EXPORT_POLL_PARAMS: ExportRequestListParams = { seen: false, own: true, pageNumber: 1, pageSize: 5 };
export const EXPORT_POLL_INTERVAL_MS = 1000;

/** The toasts the polling drives; replaced in tests. */
export interface ExportToasts {
  /** Shows or updates the 'generating' toast with its progress bar. */
  readonly progress: (request: ExportRequest) => void;
  /** The export finished: the toast says 'downloading' with a full bar. */
  readonly downloading: (request: ExportRequest) => void;
  /** The export failed: an error toast with the server's message. */
  readonly failed: (request: ExportRequest) => void;
}

export interface ExportPollingOptions {
  readonly toasts: ExportToasts;
  /**
   * Downloads the file (a hidden frame per file); the download marks the export seen. Resolves once
   * the download has started: the next file is fetched only then.
   */
  readonly navigate?: (url: string) => Promise<void> | void;
  readonly intervalMs?: number;
}

type AppListenerMiddleware = ListenerMiddlewareInstance<RootState, AppDispatch>;

/**
 * Polls the unseen exports every second while signed in (product rules: Exports) and drives their toasts:
 * progress while running, then 'downloading' and the file, or the error, acknowledged. Starts on
 * `exportRequested` (a report was requested, or the app looks for exports left from before) and
 * on sign-in; stops when the list is empty or a poll fails.
 * Returns a function that removes the listener.
 */
export function startExportPolling(
  listeners: AppListenerMiddleware,
  { toasts, navigate = (url) => downloadFile(url), intervalMs = EXPORT_POLL_INTERVAL_MS }: ExportPollingOptions,
): () => void {
  // Exports already finished here: never download or report one twice, even if the next poll still lists it.
  const finished = new Set<string>();
  // Files are fetched one after another, each once the one before has started: a browser blocks a
  // page that starts several downloads at once ("This site tried to download multiple files").
  // The queue outlives a poll loop, so the polls (and the other toasts' progress) go on meanwhile.
  let downloads: Promise<void> = Promise.resolve();
  const download = (request: ExportRequest & { fileUrl: string }) => {
    downloads = downloads
      .then(() => {
        // Its toast says 'downloading' as its own file starts, not while it waits its turn.
        toasts.downloading(request);
        return navigate(resolveApiUrl(request.fileUrl));
      })
      .catch(() => undefined);
  };

  const handle = async (request: ExportRequest, dispatch: AppDispatch) => {
    if (finished.has(request.id)) return;
    if (request.failed) {
      finished.add(request.id);
      toasts.failed(request);
      await dispatch(exportRequestApi.endpoints.acknowledgeExportError.initiate(request.id));
    } else if (request.inProgress || !request.fileUrl) {
      // A running export may already name its file: it is not complete until inProgress is false.
      toasts.progress(request);
    } else {
      finished.add(request.id);
      download({ ...request, fileUrl: request.fileUrl });
    }
  };

  return listeners.startListening({
    matcher: isAnyOf(
      exportRequested,
      // Signing in (or a refreshed session) may find exports that finished meanwhile.
      sessionTokensReceived,
      sessionInitialized,
    ),
    effect: async (_action, api) => {
      // One loop at a time: a new start replaces a running one.
      api.cancelActiveListeners();
      const since = Date.now();
      const poll = () =>
        api.dispatch(exportRequestApi.endpoints.listExportRequests.initiate(EXPORT_POLL_PARAMS, { subscribe: false, forceRefetch: true }));
      while (selectIsAuthenticated(api.getState())) {
        let result = await poll();
        // RTK Query shares a request already in flight for the same list, even when forced. One
        // asked before this start (the poll a renewed session starts, while the request of the
        // export that starts this loop waited for that renewal) answers for before the export
        // existed: its empty list would end the loop and leave the new export without toast or
        // file. Such an answer is asked again.
        if (result.startedTimeStamp !== undefined && result.startedTimeStamp < since) result = await poll();
        const requests = result.data?.results;
        if (result.error || !requests || requests.length === 0) return;
        for (const request of requests) await handle(request, api.dispatch);
        // Only finished exports the server has not yet marked seen are left: nothing more to show.
        if (requests.every((request) => finished.has(request.id))) return;
        await api.delay(intervalMs);
      }
    },
  });
}
