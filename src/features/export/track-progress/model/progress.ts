import type { ExportRequest } from '@/entities/export-request';

/**
 * The progress bar's value (0–1) for an export request (product rules: Exports): a sliver from the start so
 * the bar is visibly alive, the server's percentage over the middle, and full once the file is done.
 */
export function exportProgressValue(request: Pick<ExportRequest, 'progress' | 'completeTimestamp'>): number {
  if (request.completeTimestamp) return 1;
  const percent = Math.min(100, Math.max(0, request.progress));
  return 0.01 + (percent / 100) * 0.98;
}
