import { LIMITS } from '@timberlog/contract';

import type { ExportRequest } from '@/entities/export-request';

export type ExportState = 'running' | 'failed' | 'ready' | 'expired';

/**
 * Where an export stands for its row in the list of latest exports. A finished file's link carries a token
 * signed when the list was answered, valid for the contract's link life (`linkExpiry`); once
 * `linkValid` is false the link is shown as expired until the list is read again.
 */
export function exportState(request: Pick<ExportRequest, 'inProgress' | 'failed' | 'fileUrl'>, linkValid: boolean): ExportState {
  if (request.inProgress) return 'running';
  if (request.failed || !request.fileUrl) return 'failed';
  return linkValid ? 'ready' : 'expired';
}

/** When the links of a list answered at `fetchedAt` (ms) stop working. */
export const linkExpiry = (fetchedAt: number): number => fetchedAt + LIMITS.exportDownloadTokenSeconds * 1000;
