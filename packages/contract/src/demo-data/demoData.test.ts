import { CERTIFICATE_CLAIMS, HOLDING_BASIS_TYPES, LEST97, evrReadiness, isValidCadastralNumber } from '../evr.ts';
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

describe('demo data: the EVR fields', () => {
  const data = createDemoData();
  const today = new Date('2026-11-20T00:00:00Z');

  it('has every waybill past draft ready for EVR, and some drafts still being filled in', () => {
    expect(data.waybills.filter((w) => w.status !== 'draft' && evrReadiness(w, today).length > 0)).toEqual([]);
    const drafts = data.waybills.filter((w) => w.status === 'draft');
    const pending = drafts.filter((w) => evrReadiness(w, today).length > 0);
    expect(pending.length).toBeGreaterThan(0);
    expect(pending.length).toBeLessThan(drafts.length);
    expect(pending.every((w) => evrReadiness(w, today).every((p) => p.field === 'driverIdCode' || p.field === 'departureTime'))).toBe(true);
  });

  it('covers every holding basis and claim, private owners, and EUDR numbers', () => {
    expect(new Set(data.waybills.map((w) => w.holdingBasisType))).toEqual(new Set(HOLDING_BASIS_TYPES));
    expect(new Set(data.waybills.flatMap((w) => w.certificateClaims.map((c) => c.code)))).toEqual(new Set(CERTIFICATE_CLAIMS));
    expect(data.waybills.some((w) => w.ownerPersonCode !== null)).toBe(true);
    expect(data.waybills.some((w) => w.eudrReferenceNumber !== null)).toBe(true);
    expect(data.waybills.every((w) => w.cadastralNumber !== null && isValidCadastralNumber(w.cadastralNumber))).toBe(true);
  });

  it('places every warehouse in Estonia (L-EST97) and gives each place of delivery an EVR code', () => {
    for (const w of data.warehouses) {
      expect([w.county, w.city, w.street, w.coordX, w.coordY].every((v) => v !== null)).toBe(true);
      expect(Number(w.coordX)).toBeGreaterThan(LEST97.xMin);
      expect(Number(w.coordX)).toBeLessThan(LEST97.xMax);
      expect(Number(w.coordY)).toBeGreaterThan(LEST97.yMin);
      expect(Number(w.coordY)).toBeLessThan(LEST97.yMax);
      expect(w.evrPlaceCode !== null).toBe(w.destinationCode !== null);
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
