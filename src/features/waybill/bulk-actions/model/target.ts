import type { ExportFormat, WaybillStatus } from '@timberlog/contract';

import type { BulkAction, BulkRequest } from '@/entities/waybill';

/**
 * A waybill picked on the list, with the version its row showed: one changed since is left alone
 * (`stale`). An undo's row also names the status it goes back to.
 */
export interface PickedRow {
  readonly number: string;
  readonly version: number;
  readonly status?: WaybillStatus;
}

/**
 * What a bulk action works on: the waybills picked on the list, each with the version seen, or
 * every waybill the list's filters select (`filters` is the list's URL query without the page, as
 * the server reads it; no version was read of those, so none is sent).
 */
export type BulkTarget =
  | { readonly kind: 'rows'; readonly rows: readonly PickedRow[] }
  | { readonly kind: 'filters'; readonly filters: string; readonly count: number };

/** How many waybills the target names (for the filters, as the list counted them). */
export const targetSize = (target: BulkTarget): number => (target.kind === 'rows' ? target.rows.length : target.count);

/** The actions that move a status: they take a reason, which each changed waybill's history keeps. */
export const takesReason = (action: BulkAction): boolean => action !== 'delete' && action !== 'export';

/** The request of a bulk action on `target`: a dry run (changes nothing) or the real one. */
export function bulkRequest(
  target: BulkTarget,
  action: BulkAction,
  options: { readonly dryRun: boolean; readonly reason?: string; readonly format?: ExportFormat },
): BulkRequest {
  const reason = options.reason?.trim();
  return {
    action,
    ...(target.kind === 'rows'
      ? { rows: target.rows.map(({ number, version, status }) => ({ number, version, ...(status ? { status } : {}) })) }
      : { filters: target.filters }),
    dryRun: options.dryRun,
    ...(reason && takesReason(action) ? { reason } : {}),
    ...(action === 'export' && options.format ? { format: options.format } : {}),
  };
}
