import { WAYBILL_CORRECTIONS, WAYBILL_TRANSITIONS, type WaybillStatus } from './limits.ts';
import { BULK_ACTION_STATUS, type BulkAction } from './volume.ts';

/**
 * Taking a change back, by the transition rules alone (limits.ts): nothing here is a rule of its
 * own. A move back is `transition` when anyone may make it, `correction` when only staff may, with
 * a reason; a move no rule leads back from cannot be undone.
 */
export type UndoMove = 'transition' | 'correction';

/** How a waybill moved from `from` to `to` goes back to `from`, or null when the rules allow no way back. */
export function undoMove(from: WaybillStatus, to: WaybillStatus): UndoMove | null {
  if (WAYBILL_TRANSITIONS[to].includes(from)) return 'transition';
  if (WAYBILL_CORRECTIONS[to].includes(from)) return 'correction';
  return null;
}

/**
 * Whether what a bulk action changes can never be taken back: a deletion, or a move to a status no
 * transition or correction leads out of (a cancel, as cancelled is final). Such an action says so
 * before it runs.
 */
export function isBulkActionFinal(action: BulkAction): boolean {
  if (action === 'delete') return true;
  const to = BULK_ACTION_STATUS[action];
  return to !== undefined && WAYBILL_TRANSITIONS[to].length === 0 && WAYBILL_CORRECTIONS[to].length === 0;
}
