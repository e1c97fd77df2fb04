import type { BulkResult, BulkRow } from '@/entities/waybill';

import { changedRows, needingReason, undoBy, undoTarget } from './undo';

const row = (number: string, overrides: Partial<BulkRow> = {}): BulkRow => ({
  number,
  outcome: 'done',
  from: 'draft',
  to: 'confirmed',
  version: 3,
  needsReason: false,
  message: null,
  ...overrides,
});

const result = (action: BulkResult['action'], rows: BulkRow[], dryRun = false): BulkResult => ({
  action,
  dryRun,
  total: rows.length,
  done: rows.filter((r) => r.outcome === 'done').length,
  unchanged: rows.filter((r) => r.outcome === 'unchanged').length,
  refused: rows.filter((r) => r.outcome === 'refused').length,
  stale: rows.filter((r) => r.outcome === 'stale').length,
  missing: rows.filter((r) => r.outcome === 'missing').length,
  rows,
  exportRequest: null,
});

describe('who may undo a bulk action, by the transition rules', () => {
  it('staff, for a confirm of drafts and a delivery (each goes back by a correction)', () => {
    expect(undoBy('confirm', [row('A')])).toBe('staff');
    expect(undoBy('deliver', [row('A', { from: 'confirmed', to: 'delivered' })])).toBe('staff');
  });

  it('anyone, for a move that a plain transition takes back (a delivered waybill confirmed again by staff)', () => {
    expect(undoBy('confirm', [row('A', { from: 'delivered' })])).toBe('anyone');
  });

  it('nobody, for a cancel (cancelled is final) and a deletion; nothing to say for an export, an undo or no change', () => {
    expect(undoBy('cancel', [row('A', { to: 'cancelled' })])).toBe('nobody');
    expect(undoBy('delete', [row('A', { to: null })])).toBe('nobody');
    expect(undoBy('export', [row('A', { to: null })])).toBeNull();
    expect(undoBy('undo', [row('A')])).toBeNull();
    expect(undoBy('confirm', [row('A', { outcome: 'refused', from: null, to: null })])).toBeNull();
  });
});

describe('the undo of a result', () => {
  const confirmed = result('confirm', [
    row('A', { version: 5 }),
    row('B', { from: 'delivered', version: 8 }),
    row('C', { outcome: 'unchanged', from: 'confirmed' }),
    row('D', { outcome: 'stale', from: null, to: null, version: null }),
  ]);

  it('takes each changed row back to where it was, with the version the action left it at', () => {
    expect(undoTarget(confirmed, true)).toEqual({
      kind: 'rows',
      rows: [
        { number: 'A', version: 5, status: 'draft' },
        { number: 'B', version: 8, status: 'delivered' },
      ],
    });
  });

  it('leaves an ordinary user the plain moves back only, and nothing when there are none', () => {
    expect(undoTarget(confirmed, false)).toEqual({ kind: 'rows', rows: [{ number: 'B', version: 8, status: 'delivered' }] });
    expect(undoTarget(result('confirm', [row('A')]), false)).toBeNull();
  });

  it('offers none of a cancel, a deletion, an export, an undo or a preview', () => {
    expect(undoTarget(result('cancel', [row('A', { to: 'cancelled' })]), true)).toBeNull();
    expect(undoTarget(result('delete', [row('A', { to: null, version: null })]), true)).toBeNull();
    expect(undoTarget(result('export', [row('A', { to: null })]), true)).toBeNull();
    expect(undoTarget(result('undo', [row('A', { from: 'confirmed', to: 'draft' })]), true)).toBeNull();
    expect(undoTarget(result('confirm', [row('A')], true), true)).toBeNull();
  });

  it('counts the changed rows and those a preview says need a reason', () => {
    expect(changedRows(confirmed).map((r) => r.number)).toEqual(['A', 'B']);
    expect(needingReason(result('undo', [row('A', { needsReason: true }), row('B')], true))).toBe(1);
  });
});
