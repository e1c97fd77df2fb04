import { exceedsLoadLimit, WAYBILL_STATUSES, WORKLOG_ACTIONS } from '../limits.ts';

import { createDemoData, divRound, fromScaled, invoiceTotals, toScaled, vatCents } from './index.ts';

describe('demo data', () => {
  it('is the same on every call and does not read the clock', () => {
    const now = jest.spyOn(Date, 'now').mockReturnValue(0);
    const a = createDemoData({ waybills: 300, worklogs: 400 });
    now.mockRestore();
    expect(createDemoData({ waybills: 300, worklogs: 400 })).toEqual(a);
    expect(a.waybills[0]?.number).toMatch(/^W-\d{4}-000001$/);
    expect(a.worklogs[0]?.number).toMatch(/^L-\d{4}-000001$/);
    expect(a.invoices[0]?.number).toMatch(/^I-\d{4}-000001$/);
  });

  it('item 4: every demo waybill is at most one load of its unit (LOAD_LIMITS)', () => {
    const data = createDemoData();
    expect(data.waybills.filter((w) => exceedsLoadLimit(w.quantity, w.unit))).toEqual([]);
  });

  it('covers every waybill status and worklog action, and invoices only its own waybills', () => {
    const data = createDemoData();
    expect(new Set(data.waybills.map((w) => w.status))).toEqual(new Set(WAYBILL_STATUSES));
    expect(new Set(data.worklogs.map((l) => l.action))).toEqual(new Set(WORKLOG_ACTIONS));
    for (const invoice of data.invoices) {
      const own = data.waybills.filter((w) => w.invoice === invoice.number);
      expect(own.map((w) => w.number).sort()).toEqual(invoice.waybills);
      expect(own.every((w) => w.status === 'invoiced' && w.destinationCompany === invoice.customer)).toBe(true);
      const again = invoiceTotals(
        own.map((w) => ({ ...w, unitPrice: data.assortments.find((a) => a.code === w.assortment)?.unitPrice ?? '0' })),
        invoice.vatRate,
      );
      expect(again.grossTotal).toBe(invoice.grossTotal);
    }
  });
});

describe('decimal arithmetic', () => {
  it('rounds half away from zero in integers, as PostgreSQL numerics do', () => {
    expect(divRound(5, 10)).toBe(1);
    expect(divRound(4, 10)).toBe(0);
    expect(divRound(-5, 10)).toBe(-1);
    expect(toScaled('27.35', 3)).toBe(27350);
    expect(fromScaled(27350, 3)).toBe('27.350');
    expect(fromScaled(5, 2)).toBe('0.05');
    // 0.1 + 0.2 style float errors never appear: 1.005 × 100 is 100.49999... as a float.
    expect(
      invoiceTotals([{ assortment: 'A', assortmentName: 'A', unit: 'm3', unitPrice: '1.00', quantity: '1.005' }], '24.00').lines[0]?.amount,
    ).toBe('1.01');
    expect(vatCents(12345, '24.00')).toBe(2963);
  });
});
