import { WAYBILL_STATUSES } from '@timberlog/contract';

import { waybillActions } from './statusActions';

const summary = (status: (typeof WAYBILL_STATUSES)[number]) => {
  const actions = waybillActions(status);
  return {
    changes: actions.statusChanges.map(({ action }) => action),
    edit: actions.canEdit,
    delete: actions.canDelete,
  };
};

describe('waybillActions', () => {
  it('offers what the product rules (States) allow in each status', () => {
    expect(Object.fromEntries(WAYBILL_STATUSES.map((status) => [status, summary(status)]))).toEqual({
      draft: { changes: ['confirm', 'cancel'], edit: true, delete: true },
      confirmed: { changes: ['deliver', 'cancel'], edit: true, delete: false },
      delivered: { changes: [], edit: false, delete: false },
      invoiced: { changes: [], edit: false, delete: false },
      cancelled: { changes: [], edit: false, delete: false },
    });
  });

  it('offers staff, and only staff, the corrections: a delivered waybill back to confirmed, a confirmed one back to draft', () => {
    const corrections: Partial<Record<(typeof WAYBILL_STATUSES)[number], string[]>> = {
      delivered: ['returnToConfirmed'],
      confirmed: ['returnToDraft'],
    };
    for (const status of WAYBILL_STATUSES) {
      expect(waybillActions(status).corrections).toEqual([]);
      expect(waybillActions(status, { isStaff: true }).corrections.map(({ action }) => action)).toEqual(corrections[status] ?? []);
    }
  });
});
