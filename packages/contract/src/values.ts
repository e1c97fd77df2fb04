/**
 * Which query values the API accepts: the calendar and timestamp checks and the per-kind filter
 * value check. The server's validator, the mocks and the web app's URL codec all use these, so a
 * link the web app keeps is one the server takes.
 */
import { LIMITS } from './limits.ts';
import type { FilterDef, ListContract } from './lists.ts';

/** A calendar date, `YYYY-MM-DD`. */
export const DATE_PATTERN = '^\\d{4}-\\d{2}-\\d{2}$';
/** An ISO 8601 timestamp with a time zone (`Z` or `+02:00`); without one it would name no moment. */
export const DATE_TIME_PATTERN = '^\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}(:\\d{2}(\\.\\d{1,6})?)?(Z|[+-]\\d{2}:\\d{2})$';
/** A whole number the API takes for ids and number bounds: no sign, no fraction, up to LIMITS.idMax. */
export const WHOLE_NUMBER_PATTERN = '^\\d{1,10}$';

const DATE = new RegExp(DATE_PATTERN);
const DATE_TIME = new RegExp(DATE_TIME_PATTERN, 'i');
const WHOLE = new RegExp(WHOLE_NUMBER_PATTERN);

const inYears = (value: string): boolean => {
  const year = Number(value.slice(0, 4));
  return year >= LIMITS.yearMin && year <= LIMITS.yearMax;
};

/** A real calendar date (no 30 February) within the years the product handles. */
export const isValidDate = (value: string): boolean =>
  DATE.test(value) &&
  inYears(value) &&
  !Number.isNaN(Date.parse(`${value}T00:00:00Z`)) &&
  new Date(`${value}T00:00:00Z`).toISOString().startsWith(value);

/** An ISO 8601 timestamp with a time zone, on a real date within the years the product handles. */
export const isValidDateTime = (value: string): boolean =>
  DATE_TIME.test(value) && isValidDate(value.slice(0, 10)) && !Number.isNaN(Date.parse(value));

/** A whole number from 0 to LIMITS.idMax, written plainly (`7`, not `-7`, `7.5` or `+7`). */
export const isWholeNumber = (value: string): boolean => WHOLE.test(value) && Number(value) <= LIMITS.idMax;

/** A field holds dates (not text) when the list bounds it with a date range. */
export const isDateField = (list: ListContract, field: string): boolean =>
  Object.values(list.filters).some((def) => (def.kind === 'after' || def.kind === 'before') && def.field === field && def.type === 'date');

/** Text the database can store: PostgreSQL text holds no NUL character. */
const storable = (value: string): boolean => !value.includes('\u0000');

/**
 * Whether the API accepts `value` for a filter of `list` (one value of a `multi` filter): the same
 * kinds, patterns and bounds as the server's querystring schema.
 */
export function isValidFilterValue(list: ListContract, def: FilterDef, value: string): boolean {
  if (value === '' || !storable(value)) return false;
  switch (def.kind) {
    case 'exact':
    case 'multi':
      if (def.values) return def.values.includes(value);
      if (def.type === 'integer') return isWholeNumber(value);
      if (def.type === 'boolean') return value === 'true' || value === 'false';
      if (isDateField(list, def.field)) return isValidDate(value);
      // Counted in code points, as the server's validator counts a maxLength.
      return [...value].length <= LIMITS.filterTextMaxLength;
    case 'boolean':
    case 'present':
    case 'caller':
      return value === 'true' || value === 'false';
    case 'after':
    case 'before':
      // A bare date on a timestamp field counts from the start (or to the end) of that day.
      return def.type === 'date' ? isValidDate(value) : value.length <= LIMITS.timestampMaxLength && (isValidDate(value) || isValidDateTime(value));
    case 'day':
      return isValidDate(value);
    case 'min':
    case 'max':
      return isWholeNumber(value);
  }
}

/**
 * Whether a filter's values may also come comma-separated in one parameter (`statusIn=a,b`):
 * only those the contract marks (`commaSeparated`), whose values cannot hold a comma. Any other
 * value is taken whole, so a worker named "Tamm, Jaan" is one value.
 */
export const splitsOnComma = (def: FilterDef): boolean => def.kind === 'multi' && def.commaSeparated === true;

/**
 * A worker's name as it is stored and compared: spaces at the ends dropped and every run of white
 * space made one space, so "  Jaan   Tamm " and "Jaan Tamm" are one worker. Empty means blank.
 */
export const normaliseWorkerName = (name: string): string => name.trim().replace(/\s+/g, ' ');
