import { evrUnitSymbol } from '@timberlog/contract';

import { i18n } from '@/shared/i18n';
import { formattersFor as formatters } from '@/shared/lib/format';

import { incomingItemAmount, incomingLoad, incomingPath } from './incoming';

const item = { assortment: 'KU', name: 'Kuusepalk', amount: 12.5, unitCode: 'tm' };

describe('incoming waybills on screen', () => {
  it("links to an incoming waybill's page by its EVR number, escaped", () => {
    expect(incomingPath('METS260041')).toBe('/waybills/incoming/METS260041');
    expect(incomingPath('A/B 1')).toBe('/waybills/incoming/A%2FB%201');
  });

  it("writes EVR's unit codes as we write units: tm is m³, others as EVR has them", () => {
    expect(evrUnitSymbol('tm')).toBe('m³');
    expect(evrUnitSymbol('t')).toBe('t');
    expect(evrUnitSymbol(null)).toBe('');
  });

  it('shows the load in our unit when EVR has it in one, else how many items it has (en and et)', () => {
    const en = i18n.getFixedT('en');
    const et = i18n.getFixedT('et');
    expect(incomingLoad({ quantity: '27.350', unit: 'm3', items: [item] }, en, formatters('en'))).toBe('27.350\u00a0m³');
    expect(incomingLoad({ quantity: '27.350', unit: 'm3', items: [item] }, et, formatters('et'))).toBe('27,350\u00a0m³');
    // Items in units of ours and EVR's own mixed: no one total, the count instead.
    const mixed = { quantity: null, unit: null, items: [item, { ...item, unitCode: 'pcs' }] };
    expect(incomingLoad(mixed, en, formatters('en'))).toBe('2 items');
    expect(incomingLoad({ ...mixed, items: [item] }, en, formatters('en'))).toBe('1 item');
    expect(incomingLoad(mixed, et, formatters('et'))).toBe('2 rida');
  });

  it("writes an item's amount in m³ and t to three decimals, as our quantities, and other units as EVR sends them", () => {
    expect(incomingItemAmount({ amount: 24, unitCode: 'tm' }, formatters('en'))).toBe('24.000\u00a0m³');
    expect(incomingItemAmount({ amount: 26.9, unitCode: 't' }, formatters('et'))).toBe('26,900\u00a0t');
    expect(incomingItemAmount({ amount: 12, unitCode: 'pcs' }, formatters('en'))).toBe('12\u00a0pcs');
    expect(incomingItemAmount({ amount: 3.5, unitCode: null }, formatters('en'))).toBe('3.5');
  });
});
