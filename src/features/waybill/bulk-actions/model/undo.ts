import { isBulkActionFinal, undoMove } from '@timberlog/contract';

import type { BulkAction, BulkResult, BulkRow } from '@/entities/waybill';

import type { BulkTarget, PickedRow } from './target';

/**
 * Who may take back what a bulk action changes, by the contract's transition rules: nobody (a
 * deletion, a cancel), staff only (a move back that is a correction, with a reason), or anyone.
 */
export type UndoBy = 'nobody' | 'staff' | 'anyone';

/** The rows an action changed (or, in a preview, would change). */
export const changedRows = (result: BulkResult): BulkRow[] => result.rows.filter((row) => row.outcome === 'done');

const moveBack = (row: BulkRow) => (row.from && row.to ? undoMove(row.from, row.to) : null);

/**
 * Who may undo what `rows` say the action changes: staff when any of them goes back by a
 * correction, anyone when all go back by plain transitions, nobody for an action the rules call
 * final. Null when there is nothing to say: an export or an undo, or nothing changes.
 */
export function undoBy(action: BulkAction, rows: readonly BulkRow[]): UndoBy | null {
  if (action === 'export' || action === 'undo') return null;
  if (isBulkActionFinal(action)) return 'nobody';
  const moves = rows.filter((row) => row.outcome === 'done').map(moveBack);
  if (moves.length === 0) return null;
  if (moves.includes('correction')) return 'staff';
  return moves.includes('transition') ? 'anyone' : 'nobody';
}

/**
 * The undo of a result: each row it changed that the rules take back for this user (staff: every
 * move back; others: the plain transitions), with the version the action left it at and the
 * status it goes back to. Null when there is none (an export, an undo, a final action, nothing done).
 */
export function undoTarget(result: BulkResult, isStaff: boolean): BulkTarget | null {
  if (result.action === 'export' || result.action === 'undo' || result.dryRun) return null;
  const rows: PickedRow[] = [];
  for (const row of changedRows(result)) {
    const move = moveBack(row);
    if (!row.from || row.version === null || !move || (move === 'correction' && !isStaff)) continue;
    rows.push({ number: row.number, version: row.version, status: row.from });
  }
  return rows.length > 0 ? { kind: 'rows', rows } : null;
}

/** How many rows of a preview are done only with a reason, which is not given yet. */
export const needingReason = (preview: BulkResult): number => preview.rows.filter((row) => row.needsReason).length;
