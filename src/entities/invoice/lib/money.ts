import { numberFormat } from '@/shared/lib/format';

/**
 * A money amount as the API sends it (a decimal string, `"1234.50"`) in the invoice's currency,
 * formatted for the locale: `€1,234.50` in English, `1234,50 €` in Estonian. At least the
 * currency's two decimals; more only when the amount carries them.
 */
export function formatMoney(value: string | null | undefined, currency: string, locale: string): string {
  if (value === null || value === undefined || value === '') return '';
  const number = Number(value);
  if (!Number.isFinite(number)) return value;
  const decimals = Math.max(2, value.split('.')[1]?.length ?? 0);
  return numberFormat(locale, {
    style: 'currency',
    currency,
    minimumFractionDigits: 2,
    maximumFractionDigits: Math.min(decimals, 4),
  }).format(number);
}

/** A VAT rate as the API sends it (`"24.00"`) as a percentage of the locale: `24%`, `24 %`. */
export function formatPercent(value: string, locale: string): string {
  const number = Number(value);
  if (!Number.isFinite(number)) return value;
  return numberFormat(locale, { style: 'percent', maximumFractionDigits: 2 }).format(number / 100);
}
