import { createAction } from '@reduxjs/toolkit';

export interface ExportRequestedPayload {
  /** The new export request's id, when the action follows a report request. */
  readonly id?: string;
}

/**
 * A report was requested (or the app wants to look for unseen exports): the export tracking
 * starts or restarts its polling. Defined in shared so any layer that requests a report, down
 * to an entity's endpoint, can announce it without knowing the tracker.
 */
export const exportRequested = createAction<ExportRequestedPayload | undefined>('exports/requested');
