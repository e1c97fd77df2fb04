import { formatMoney, formatPercent } from './money';

describe('formatMoney', () => {
  it('formats the decimal string in the currency for the locale', () => {
    expect(formatMoney('1234.5', 'EUR', 'en')).toBe('€1,234.50');
    expect(formatMoney('1234.50', 'EUR', 'et').replace(/\s/g, ' ')).toBe('1234,50 €');
  });

  it('keeps the cents of large amounts exact and gives back what it cannot read', () => {
    expect(formatMoney('98765432.19', 'EUR', 'en')).toBe('€98,765,432.19');
    expect(formatMoney('n/a', 'EUR', 'en')).toBe('n/a');
    expect(formatMoney(null, 'EUR', 'en')).toBe('');
  });
});

describe('formatPercent', () => {
  it('shows the VAT rate as a percentage of the locale', () => {
    expect(formatPercent('24.00', 'en')).toBe('24%');
    expect(formatPercent('22.50', 'et').replace(/\s/g, ' ')).toBe('22,5%');
  });
});
