import { act, render, screen, waitFor } from '@testing-library/react';
import { SnackbarProvider } from 'notistack';

import { mockExportRequest } from '@/entities/export-request/index.mocks';

import { createNotistackExportToasts } from './notistackExportToasts';

// The toasts reach notistack once its module has loaded; waiting for the same import lets them land.
const run = (show: () => void) =>
  act(async () => {
    show();
    await import('notistack');
  });

const running = (progress: number) => mockExportRequest({ id: 'e-1', inProgress: true, progress });

describe('export toasts in notistack', () => {
  it('keeps one toast per export that follows its progress, then says downloading', async () => {
    render(<SnackbarProvider />);
    const toasts = createNotistackExportToasts();

    await run(() => toasts.progress(running(0)));
    const bar = await screen.findByRole('progressbar', { name: 'Waybill report progress' });
    expect(screen.getByText('Generating the waybill report…')).toBeInTheDocument();
    expect(bar).toHaveAttribute('aria-valuenow', '1');

    await run(() => toasts.progress(running(50)));
    expect(screen.getAllByRole('progressbar')).toHaveLength(1);
    expect(screen.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '50');

    await run(() =>
      toasts.downloading(
        mockExportRequest({ id: 'e-1', inProgress: false, progress: 100, completeTimestamp: '2026-01-05T08:01:00.000Z', fileUrl: 'x' }),
      ),
    );
    expect(screen.getByText('Downloading the waybill report…')).toBeInTheDocument();
    expect(screen.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '100');
  });

  it('shows a failure with the server’s message and closes the progress toast', async () => {
    render(<SnackbarProvider />);
    const toasts = createNotistackExportToasts();
    await run(() => toasts.progress(mockExportRequest({ id: 'e-9', kind: 'worklog_report', progress: 20 })));
    await screen.findByRole('progressbar');

    await run(() =>
      toasts.failed(
        mockExportRequest({ id: 'e-9', kind: 'worklog_report', inProgress: false, failed: true, lastErrorMessage: 'Disk full' }),
      ),
    );
    expect(await screen.findByText('The worklog report failed: Disk full')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('progressbar')).toBeNull(), { timeout: 3000 });
  });
});
