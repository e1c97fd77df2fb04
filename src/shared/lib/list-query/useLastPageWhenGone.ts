import { useEffect } from 'react';

import { isApiError } from '@/shared/api';
import { lastPageOf } from '@timberlog/contract';

/** The API's 404 "Invalid page.": a page past the end (rows deleted since the link, a bigger page size). */
export const isPageGone = (error: unknown, pageNumber: number): boolean => isApiError(error) && error.status === 404 && pageNumber > 1;

/**
 * While the page is gone, moves to the last page. The 404 carries no count, so it comes from page 1
 * of the same filters (`probe`, which the page fetches only while its page is gone); should that
 * fail too, page 1.
 */
export function useLastPageWhenGone(
  pageGone: boolean,
  pageSize: number,
  setPage: (pageNumber: number, options?: { readonly replace?: boolean }) => void,
  probe: { readonly count: number | undefined; readonly failed: boolean },
): void {
  const { count, failed } = probe;
  useEffect(() => {
    if (!pageGone) return;
    // In place of the page that is gone, so Back does not return to it.
    if (count !== undefined) setPage(lastPageOf(count, pageSize), { replace: true });
    else if (failed) setPage(1, { replace: true });
  }, [pageGone, count, failed, pageSize, setPage]);
}
