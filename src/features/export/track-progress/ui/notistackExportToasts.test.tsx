import { act, render, screen, waitFor } from '@testing-library/react';
import { closeSnackbar, enqueueSnackbar, SnackbarProvider } from 'notistack';
import { useEffect } from 'react';

import { mockExportRequest } from '@/entities/export-request/index.mocks';
import { TOAST_AUTO_HIDE_MS, toastAreaMounted } from '@/shared/lib';

import { createNotistackExportToasts } from './notistackExportToasts';

/** notistack's provider, announced as the toast area once mounted, the way the app's Toaster does. */
function ToastArea() {
  useEffect(() => toastAreaMounted({ enqueue: enqueueSnackbar, close: closeSnackbar }), []);
  // As many at once as the app's toast area (TOAST_MAX_VISIBLE): three exports and their "and N more".
  return <SnackbarProvider maxSnack={4} />;
}
const mountToastArea = () => render(<ToastArea />);

const running = (progress: number) => mockExportRequest({ id: 'e-1', inProgress: true, progress });

/** The notistack toast (its content element) around a text: it carries the variant's class. */
const toastAround = (text: string) => screen.getByText(text).closest('.notistack-MuiContent');

describe('export toasts in notistack', () => {
  it('keeps one toast per export that follows its progress, then says downloading', async () => {
    mountToastArea();
    const toasts = createNotistackExportToasts();

    act(() => toasts.progress(running(0)));
    const bar = await screen.findByRole('progressbar', { name: 'Waybill report progress' });
    expect(screen.getByText('Generating the waybill report…')).toBeInTheDocument();
    expect(bar).toHaveAttribute('aria-valuenow', '1');

    act(() => toasts.progress(running(50)));
    expect(screen.getAllByRole('progressbar')).toHaveLength(1);
    expect(screen.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '50');

    act(() =>
      toasts.downloading(
        mockExportRequest({ id: 'e-1', inProgress: false, progress: 100, completeTimestamp: '2026-01-05T08:01:00.000Z', fileUrl: 'x' }),
      ),
    );
    expect(screen.getByText('Downloading the waybill report…')).toBeInTheDocument();
    expect(screen.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '100');
  });

  it('shows a failure as an error toast with the server’s message and closes the progress toast', async () => {
    mountToastArea();
    const toasts = createNotistackExportToasts();
    act(() => toasts.progress(mockExportRequest({ id: 'e-9', kind: 'worklog_report', progress: 20 })));
    await screen.findByRole('progressbar');

    act(() =>
      toasts.failed(
        mockExportRequest({ id: 'e-9', kind: 'worklog_report', inProgress: false, failed: true, lastErrorMessage: 'Disk full' }),
      ),
    );
    expect(await screen.findByText('The worklog report failed: Disk full')).toBeInTheDocument();
    expect(toastAround('The worklog report failed: Disk full')).toHaveClass('notistack-MuiContent-error');
    await waitFor(() => expect(screen.queryByRole('progressbar')).toBeNull(), { timeout: 3000 });
  });

  it('shows toasts asked for before the toast area mounted, in their latest state', async () => {
    const toasts = createNotistackExportToasts();
    toasts.progress(running(10));
    toasts.progress(running(40));
    toasts.failed(mockExportRequest({ id: 'e-2', inProgress: false, failed: true, lastErrorMessage: 'No rows' }));

    act(() => {
      mountToastArea();
    });
    expect(await screen.findByRole('progressbar', { name: 'Waybill report progress' })).toHaveAttribute('aria-valuenow', '40');
    expect(screen.getByText('The waybill report failed: No rows')).toBeInTheDocument();

    act(() => toasts.progress(running(70)));
    expect(screen.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '70');
  });

  it("the 'downloading' toast closes on the toasts' common 5 s timer (TOAST_AUTO_HIDE_MS), not a timer of its own", async () => {
    expect(TOAST_AUTO_HIDE_MS).toBe(5000);
    jest.useFakeTimers();
    try {
      mountToastArea();
      const toasts = createNotistackExportToasts();
      act(() => toasts.progress(running(90)));
      await act(() => jest.advanceTimersByTimeAsync(10));
      act(() => toasts.downloading(mockExportRequest({ id: 'e-1', inProgress: false, progress: 100, fileUrl: 'x' })));
      expect(screen.getByText('Downloading the waybill report…')).toBeInTheDocument();
      // Still there just before the common time; gone (its exit transitions done) shortly after it.
      for (let left = TOAST_AUTO_HIDE_MS - 10; left > 0; left -= 100) await act(() => jest.advanceTimersByTimeAsync(Math.min(100, left)));
      expect(screen.getByText('Downloading the waybill report…')).toBeInTheDocument();
      for (let left = 1000; left > 0; left -= 50) await act(() => jest.advanceTimersByTimeAsync(50));
      expect(screen.queryByText('Downloading the waybill report…')).not.toBeInTheDocument();
    } finally {
      jest.useRealTimers();
    }
  });

  it('item 1: shows at most three export toasts, the rest as "and N more", and drops the count once they are over', async () => {
    jest.useFakeTimers();
    try {
      mountToastArea();
      const toasts = createNotistackExportToasts();
      const finished = (id: string) =>
        mockExportRequest({ id, inProgress: false, progress: 100, completeTimestamp: '2026-01-05T08:01:00.000Z', fileUrl: 'x' });
      for (const id of ['a', 'b', 'c', 'd', 'e']) {
        act(() => toasts.downloading(finished(id)));
        await act(() => jest.advanceTimersByTimeAsync(100));
      }
      // The count's previous toast fades out before its successor takes the place.
      for (let left = 1000; left > 0; left -= 100) await act(() => jest.advanceTimersByTimeAsync(100));
      expect(screen.getAllByText('Downloading the waybill report…')).toHaveLength(3);
      expect(screen.getByText('And 2 more exports. Every file is listed under My latest exports.')).toBeInTheDocument();
      for (let left = TOAST_AUTO_HIDE_MS + 2000; left > 0; left -= 100) await act(() => jest.advanceTimersByTimeAsync(100));
      expect(screen.queryByText(/more exports/)).not.toBeInTheDocument();
      expect(screen.queryByText('Downloading the waybill report…')).not.toBeInTheDocument();
    } finally {
      jest.useRealTimers();
    }
  });
});
