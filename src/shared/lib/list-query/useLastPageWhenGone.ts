import { useEffect } from 'react';

import { isApiError } from '@/shared/api';
import { lastPageOf } from '@timberlog/contract';

/** The API's 404 "Invalid page.": a page past the end (rows deleted since the link, a bigger page size). */
export const isPageGone = (error: unknown, pageNumber: number): boolean => isApiError(error) && error.status === 404 && pageNumber > 1;

/**
 * While the page is gone, moves to the last page, in place (so Back does not return to it). The
 * 404 says how many rows the list has now (`count`), so no other request is made; an answer
 * without it (an older server) goes to page 1.
 */
export function useLastPageWhenGone(
  error: unknown,
  pageNumber: number,
  pageSize: number,
  setPage: (pageNumber: number, options?: { readonly replace?: boolean }) => void,
): void {
  const gone = isPageGone(error, pageNumber);
  const count = gone && isApiError(error) ? error.count : undefined;
  useEffect(() => {
    if (!gone) return;
    setPage(count === undefined ? 1 : lastPageOf(count, pageSize), { replace: true });
  }, [gone, count, pageSize, setPage]);
}
