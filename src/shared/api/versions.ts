import type { ThunkDispatch, UnknownAction } from '@reduxjs/toolkit';

import { isApiError } from './apiError';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any store state: the api's own part is what is written
type Dispatch = ThunkDispatch<any, unknown, UnknownAction>;

/**
 * Optimistic concurrency (docs/decisions/0009-record-versions.md): every write to a record sends the
 * version the user saw as `If-Match`, so a change someone made since is refused (412) instead of
 * silently overwritten.
 */

/** The headers of a write to a record last read at `version`. */
export const ifMatch = (version: number): Record<string, string> => ({ 'If-Match': `"${version}"` });

/**
 * A write's `onQueryStarted` that, when the write is refused because the record moved on (412),
 * puts the record as it is now (the answer's `current`) where the app keeps it: the screen shows
 * what is true, and the next try sends the new version.
 */
export const keepCurrentOnConflict =
  <Rec>(store: (record: Rec, dispatch: Dispatch) => void) =>
  async (_arg: unknown, { queryFulfilled, dispatch }: { queryFulfilled: Promise<unknown>; dispatch: Dispatch }): Promise<void> => {
    try {
      await queryFulfilled;
    } catch (failure) {
      const error = (failure as { error?: unknown } | null)?.error;
      if (isApiError(error) && error.status === 412 && error.current !== undefined) store(error.current as Rec, dispatch);
    }
  };
