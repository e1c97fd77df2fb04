import { formatDate, formatDateTime, formatDayMonth, formatMonth, formatNumber, formatQuantity } from './format';

describe('format', () => {
  it('writes dates the locale way, a bare date never shifted by the time zone', () => {
    expect(formatDate('2026-11-23', 'et')).toBe('23.11.2026');
    // Item 7: day first in English too, as the company reads dates.
    expect(formatDate('2026-11-23', 'en')).toBe('23/11/2026');
    expect(formatDate('not a date', 'et')).toBe('not a date');
    expect(formatDate(null, 'et')).toBe('');
  });

  it('writes timestamps with the time', () => {
    expect(formatDateTime('2026-11-23T10:05:00Z', 'et')).toMatch(/^23\.11\.2026/);
    expect(formatDateTime('2026-11-23T10:05:00Z', 'en')).toMatch(/^23\/11\/2026/);
  });

  it('uses the decimal comma in Estonian and keeps the decimals the value carries', () => {
    expect(formatNumber('12.500', 'et')).toBe('12,500');
    expect(formatNumber('12.5', 'en')).toBe('12.5');
    expect(formatNumber(2000, 'en')).toBe('2,000');
    // Estonian groups only from five digits (CLDR minimum grouping digits 2).
    expect(formatNumber(20000, 'et').replace(/\s/g, ' ')).toBe('20 000');
    expect(formatNumber('abc', 'en')).toBe('abc');
  });

  it('adds the unit symbol to a quantity', () => {
    expect(formatQuantity('12.5', 'm3', 'et')).toBe('12,5\u00a0m³');
    expect(formatQuantity('3', 't', 'en')).toBe('3\u00a0t');
    expect(formatQuantity(null, 't', 'en')).toBe('');
  });
});

describe('chart axis dates', () => {
  it('writes a day and month day first, in each language', () => {
    expect(formatDayMonth('2026-11-02', 'en')).toBe('02/11');
    expect(formatDayMonth('2026-11-02', 'et')).toBe('2.11');
    expect(formatDayMonth('not a date', 'en')).toBe('not a date');
  });

  it('names a month short or long, never moving it by the time zone', () => {
    expect(formatMonth('2026-11-01', 'en')).toBe('Nov 2026');
    expect(formatMonth('2026-11-01', 'et', 'long')).toBe('november 2026');
    expect(formatMonth('2026-01-01', 'en', 'long')).toBe('January 2026');
  });
});
