import { BULK_ACTIONS, WAYBILL_STATUSES, isBulkActionFinal, isWaybillCorrection, undoMove } from '@timberlog/contract';

describe('contract: taking changes back', () => {
  it('lets staff return a confirmed waybill to draft and a delivered one to confirmed, and nothing else back', () => {
    const corrections = WAYBILL_STATUSES.flatMap((from) =>
      WAYBILL_STATUSES.filter((to) => isWaybillCorrection(from, to)).map((to) => `${from} → ${to}`),
    );
    expect(corrections).toEqual(['confirmed → draft', 'delivered → confirmed']);
  });

  it('undoes each move of a bulk action by the transitions and corrections alone', () => {
    // A confirm undone: back to draft is a correction (staff, a reason).
    expect(undoMove('draft', 'confirmed')).toBe('correction');
    // A delivery undone: back to confirmed is a correction.
    expect(undoMove('confirmed', 'delivered')).toBe('correction');
    // A correction confirmed → … undone: delivered → confirmed undone is a plain move forward again.
    expect(undoMove('delivered', 'confirmed')).toBe('transition');
    // Cancelled and invoiced waybills stay so.
    expect(undoMove('draft', 'cancelled')).toBeNull();
    expect(undoMove('confirmed', 'cancelled')).toBeNull();
    expect(undoMove('delivered', 'invoiced')).toBeNull();
  });

  it('calls final what no rule takes back: a deletion and a cancel', () => {
    expect(BULK_ACTIONS.filter(isBulkActionFinal)).toEqual(['cancel', 'delete']);
  });
});
