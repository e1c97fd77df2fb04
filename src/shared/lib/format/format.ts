import { UNIT_SYMBOLS, type Unit } from '@timberlog/contract';

import { cached, DATE_ONLY, dateLocale } from './intl';

/**
 * Locale-aware formatting of the values list and detail screens show. Everything goes through
 * `Intl`, so Estonian gets `23.11.2026` and a decimal comma without hand-written patterns.
 */

/** An Intl.NumberFormat for the locale and options, made once (they are costly to make). */
export const numberFormat = (locale: string, options: Intl.NumberFormatOptions = {}): Intl.NumberFormat =>
  cached(`intl-number|${locale}|${JSON.stringify(options)}`, () => new Intl.NumberFormat(locale, options));

const dateFormatter = (locale: string, utc: boolean) =>
  cached(
    `date|${locale}|${utc}`,
    () =>
      new Intl.DateTimeFormat(dateLocale(locale), {
        day: '2-digit',
        month: '2-digit',
        year: 'numeric',
        ...(utc ? { timeZone: 'UTC' } : {}),
      }),
  );

/**
 * A calendar date (`2026-11-23`) or a timestamp as a date of the locale. A bare date is a day, not
 * an instant, so it is shown in UTC and never moves a day in another time zone. Unreadable input
 * comes back as it was.
 */
export function formatDate(value: string | null | undefined, locale: string): string {
  if (!value) return '';
  const match = DATE_ONLY.exec(value);
  if (match) {
    const date = new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])));
    return Number.isNaN(date.getTime()) ? value : dateFormatter(locale, true).format(date);
  }
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? value : dateFormatter(locale, false).format(date);
}

/** A timestamp as date and time (hours and minutes) of the locale, in the browser's time zone. */
export function formatDateTime(value: string | null | undefined, locale: string): string {
  if (!value) return '';
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return value;
  return cached(
    `datetime|${locale}`,
    () =>
      new Intl.DateTimeFormat(dateLocale(locale), {
        day: '2-digit',
        month: '2-digit',
        year: 'numeric',
        hour: '2-digit',
        minute: '2-digit',
      }),
  ).format(date);
}

/**
 * A number, or a decimal string as the API sends money and quantities (`"12.500"`), with the
 * locale's separators. The decimals the string carries are kept (a quantity of `12.500` m³ was
 * measured to three places), up to `maxDecimals`.
 */
export function formatNumber(value: number | string | null | undefined, locale: string, maxDecimals = 3): string {
  if (value === null || value === undefined || value === '') return '';
  const number = typeof value === 'number' ? value : Number(value);
  if (!Number.isFinite(number)) return String(value);
  const decimals = typeof value === 'string' ? Math.min(maxDecimals, value.split('.')[1]?.length ?? 0) : undefined;
  return cached(
    `number|${locale}|${decimals ?? 'auto'}|${maxDecimals}`,
    () =>
      new Intl.NumberFormat(locale, {
        minimumFractionDigits: decimals ?? 0,
        maximumFractionDigits: decimals ?? maxDecimals,
      }),
  ).format(number);
}

/** A quantity with its unit: `12,5 m³` in Estonian, `12.5 m³` in English. */
export function formatQuantity(value: number | string | null | undefined, unit: string | null | undefined, locale: string): string {
  const number = formatNumber(value, locale);
  if (!number) return '';
  return unit ? `${number}\u00a0${UNIT_SYMBOLS[unit as Unit] ?? unit}` : number;
}

/** A calendar date (`2026-11-23`) as its day and month only, for a chart's axis: `23/11`, `23.11`. */
export function formatDayMonth(value: string, locale: string): string {
  const match = DATE_ONLY.exec(value);
  if (!match) return value;
  return cached(
    `day-month|${locale}`,
    () => new Intl.DateTimeFormat(dateLocale(locale), { day: 'numeric', month: 'numeric', timeZone: 'UTC' }),
  ).format(new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3]))));
}

/** The month of a calendar date (`2026-11-01`): `Nov 2026` / `nov 2026` short, `November 2026` / `november 2026` long. */
export function formatMonth(value: string, locale: string, width: 'short' | 'long' = 'short'): string {
  const match = DATE_ONLY.exec(value);
  if (!match) return value;
  return cached(
    `month|${locale}|${width}`,
    () => new Intl.DateTimeFormat(dateLocale(locale), { month: width, year: 'numeric', timeZone: 'UTC' }),
  ).format(new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, 1)));
}

/** A day of the user's own calendar as an ISO date (`2026-11-28`): what a date input and a date filter take. */
export function localDateText(day: Date = new Date()): string {
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${day.getFullYear()}-${pad(day.getMonth() + 1)}-${pad(day.getDate())}`;
}
