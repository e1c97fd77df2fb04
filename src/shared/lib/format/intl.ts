/**
 * What every formatter shares, and the time of day on its own: the connection banner, on every
 * screen from the first load, shows a time and must not bring the contract's units and limits,
 * which the other formatters need, into the entry.
 */

/**
 * The locale dates are written in: English is written day first (`23/11/2026`, British usage), as
 * the company's staff and documents read dates, not in the American order `Intl` gives plain `en`.
 */
export const dateLocale = (locale: string): string => (/^en(-US)?$/i.test(locale) ? 'en-GB' : locale);

export const DATE_ONLY = /^(\d{4})-(\d{2})-(\d{2})$/;

const cache = new Map<string, Intl.DateTimeFormat | Intl.NumberFormat>();
export const cached = <T extends Intl.DateTimeFormat | Intl.NumberFormat>(key: string, make: () => T): T => {
  let formatter = cache.get(key);
  if (!formatter) {
    formatter = make();
    cache.set(key, formatter);
  }
  return formatter as T;
};

/** A moment (ms since the epoch) as the time of day, hours and minutes, of the locale: `10:42`. */
export function formatTime(value: number, locale: string): string {
  return cached(`time|${locale}`, () => new Intl.DateTimeFormat(dateLocale(locale), { hour: '2-digit', minute: '2-digit' })).format(value);
}
