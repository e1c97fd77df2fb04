import { renderHook } from '@testing-library/react';

import { extractApiError } from '@/shared/api';

import { useLastPageWhenGone } from './useLastPageWhenGone';

const gone = (count?: number) =>
  extractApiError({ status: 404, data: { detail: 'Invalid page.', ...(count === undefined ? {} : { count }) } });

describe('useLastPageWhenGone', () => {
  it("a gone page goes straight to the last page by the 404's count, in place; to page 1 when it has none", () => {
    const setPage = jest.fn();
    const { rerender } = renderHook(({ error, page }) => useLastPageWhenGone(error, page, 25, setPage), {
      initialProps: { error: null as unknown, page: 7 },
    });
    expect(setPage).not.toHaveBeenCalled();
    rerender({ error: gone(60), page: 7 });
    expect(setPage).toHaveBeenLastCalledWith(3, { replace: true });
    rerender({ error: gone(50), page: 7 });
    expect(setPage).toHaveBeenLastCalledWith(2, { replace: true });
    // An empty list's last page is 1.
    rerender({ error: gone(0), page: 7 });
    expect(setPage).toHaveBeenLastCalledWith(1, { replace: true });
    setPage.mockClear();
    rerender({ error: gone(), page: 5 });
    expect(setPage).toHaveBeenLastCalledWith(1, { replace: true });
    setPage.mockClear();
    // Page 1 is never "gone": its 404 is another error.
    rerender({ error: gone(60), page: 1 });
    expect(setPage).not.toHaveBeenCalled();
  });
});
