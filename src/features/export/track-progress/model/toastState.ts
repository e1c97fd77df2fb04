import type { ExportRequest } from '@/entities/export-request';

import { exportProgressValue } from './progress';

/** What one export's toast shows. */
export interface ExportToastState {
  readonly phase: 'generating' | 'downloading' | 'failed';
  readonly kind: ExportRequest['kind'];
  /** 0–1. */
  readonly value: number;
  readonly errorMessage?: string | null;
}

export const toastStateOf = (request: ExportRequest, phase: ExportToastState['phase']): ExportToastState => ({
  phase,
  kind: request.kind,
  value: exportProgressValue(request),
  errorMessage: request.lastErrorMessage,
});

/** A value that changes over time, read by a toast that stays open while its export runs. */
export interface ToastSource {
  readonly get: () => ExportToastState;
  readonly set: (state: ExportToastState) => void;
  readonly subscribe: (onChange: () => void) => () => void;
}

export function createToastSource(initial: ExportToastState): ToastSource {
  let state = initial;
  const listeners = new Set<() => void>();
  return {
    get: () => state,
    set: (next) => {
      state = next;
      listeners.forEach((listener) => listener());
    },
    subscribe: (onChange) => {
      listeners.add(onChange);
      return () => listeners.delete(onChange);
    },
  };
}
