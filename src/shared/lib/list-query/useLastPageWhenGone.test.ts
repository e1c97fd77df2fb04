import { renderHook } from '@testing-library/react';

import { useLastPageWhenGone } from './useLastPageWhenGone';

describe('useLastPageWhenGone', () => {
  it("finding 13: a gone page goes to the last page of the probe's count, in place; to page 1 when the probe fails", () => {
    const setPage = jest.fn();
    const props = (gone: boolean, count?: number, failed = false) => ({ gone, count, failed });
    const { rerender } = renderHook(({ gone, count, failed }) => useLastPageWhenGone(gone, 25, setPage, { count, failed }), {
      initialProps: props(false),
    });
    expect(setPage).not.toHaveBeenCalled();
    rerender(props(true, 60));
    expect(setPage).toHaveBeenLastCalledWith(3, { replace: true });
    rerender(props(true, 50));
    expect(setPage).toHaveBeenLastCalledWith(2, { replace: true });
    setPage.mockClear();
    rerender(props(true));
    expect(setPage).not.toHaveBeenCalled();
    rerender(props(true, undefined, true));
    expect(setPage).toHaveBeenLastCalledWith(1, { replace: true });
  });
});
