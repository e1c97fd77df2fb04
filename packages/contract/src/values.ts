/**
 * Which query values the API accepts: the calendar and timestamp checks and the per-kind filter
 * value check. The server's validator, the mocks and the web app's URL codec all use these, so a
 * link the web app keeps is one the server takes.
 */
import { LIMITS, PRICE_PATTERN, QUANTITY_PATTERN } from './limits.ts';
import type { FilterDef, ListContract } from './lists.ts';
import type { MessageKey, MessageParams } from './messages.ts';

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

/**
 * Why a date (or the date of a timestamp) is refused, in the API's words: a real date outside the
 * years the product handles says the years; anything else says the format.
 */
export function dateProblem(value: string, format: 'date' | 'date-time' = 'date'): ValueProblem {
  const day = value.slice(0, 10);
  const time = Date.parse(`${day}T00:00:00Z`);
  const realDay = DATE.test(day) && !Number.isNaN(time) && new Date(time).toISOString().startsWith(day);
  if (realDay && !inYears(day)) return { key: 'field.dateRange', params: { min: LIMITS.yearMin, max: LIMITS.yearMax } };
  return { key: `field.format.${format}` };
}

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

/** Why the API refuses a query value: the message its querystring schema answers. */
export interface ValueProblem {
  key: MessageKey;
  params?: MessageParams;
}

/** Why the API refuses `value` as a whole number from `min` to `max` (it takes a sign and spaces around), or undefined. */
export function integerProblem(value: string, min: number, max: number): ValueProblem | undefined {
  if (!/^-?\d+$/.test(value.trim())) return { key: 'field.type.integer' };
  const number = Number(value);
  if (number < min) return { key: 'field.minimum', params: { limit: min } };
  if (number > max) return { key: 'field.maximum', params: { limit: max } };
  return undefined;
}

/** A decimal the API takes as text: at most `digits` before the point and `decimals` after it. */
export interface DecimalRule {
  readonly digits: number;
  readonly decimals: number;
  /** Greater than 0 (a quantity); otherwise 0 or more (a price). */
  readonly positive: boolean;
}

export const QUANTITY_DECIMAL: DecimalRule = {
  digits: LIMITS.quantityMaxIntegerDigits,
  decimals: LIMITS.quantityMaxDecimals,
  positive: true,
};
export const PRICE_DECIMAL: DecimalRule = { digits: LIMITS.priceMaxIntegerDigits, decimals: LIMITS.priceMaxDecimals, positive: false };
/** The decimals the API takes, by the pattern its schemas carry: the server's and the mocks' messages read these. */
export const DECIMAL_RULES: Readonly<Record<string, DecimalRule>> = {
  [QUANTITY_PATTERN]: QUANTITY_DECIMAL,
  [PRICE_PATTERN]: PRICE_DECIMAL,
};

/**
 * Why `value` is not a decimal of `rule`, saying what is wrong with that value (a sign, too many
 * decimals, too many digits, not a number), or undefined when it is one. `value` is as sent: a
 * form turns a decimal comma into a point first.
 */
export function decimalProblem(value: string, rule: DecimalRule): ValueProblem | undefined {
  const m = /^(-)?(\d*)(?:\.(\d*))?$/.exec(value);
  const whole = m?.[2] ?? '';
  const fraction = m?.[3];
  if (!m || (whole === '' && !fraction) || fraction === '') return { key: 'field.type.number' };
  const zero = Number(`${whole || '0'}.${fraction ?? '0'}`) === 0;
  if (m[1] && !zero) return rule.positive ? { key: 'field.positive' } : { key: 'field.minimum', params: { limit: 0 } };
  if (fraction !== undefined && fraction.length > rule.decimals)
    return { key: 'field.pattern.decimal', params: { decimals: rule.decimals } };
  if (whole.length > rule.digits) return { key: 'field.decimal.digits', params: { digits: rule.digits } };
  if (zero && rule.positive) return { key: 'field.positive' };
  if (m[1] || whole === '') return { key: 'field.type.number' };
  return undefined;
}

const booleanProblems = (value: string): ValueProblem[] => (value === 'true' || value === 'false' ? [] : [{ key: 'field.type.boolean' }]);
const dateProblems = (value: string): ValueProblem[] => (isValidDate(value) ? [] : [dateProblem(value)]);

/**
 * Why the API refuses `value` for a filter of `list` (one value of a `multi` filter), in the words
 * its querystring schema answers them; none when it takes the value. The mocks answer these.
 */
export function filterValueProblems(list: ListContract, def: FilterDef, value: string): ValueProblem[] {
  switch (def.kind) {
    case 'exact':
    case 'multi':
      if (def.values)
        return def.values.includes(value)
          ? []
          : [{ key: 'field.enum', params: { value: value.slice(0, 100), choices: def.values.join(', ') } }];
      if (def.type === 'integer') return [integerProblem(value, 0, LIMITS.idMax)].filter((problem) => problem !== undefined);
      if (def.type === 'boolean') return booleanProblems(value);
      if (isDateField(list, def.field)) return dateProblems(value);
      // Counted in code points, as the server's validator counts a maxLength.
      return [...value].length <= LIMITS.filterTextMaxLength
        ? []
        : [{ key: 'field.maxLength', params: { limit: LIMITS.filterTextMaxLength } }];
    case 'boolean':
    case 'present':
    case 'caller':
      return booleanProblems(value);
    case 'after':
    case 'before': {
      // A bare date on a timestamp field counts from the start (or to the end) of that day.
      if (def.type === 'date') return dateProblems(value);
      const problems: ValueProblem[] = [];
      if (value.length > LIMITS.timestampMaxLength) problems.push({ key: 'field.maxLength', params: { limit: LIMITS.timestampMaxLength } });
      if (!isValidDate(value) && !isValidDateTime(value)) problems.push(dateProblem(value, 'date-time'));
      return problems;
    }
    case 'day':
      return dateProblems(value);
    case 'min':
    case 'max':
      return [integerProblem(value, 0, LIMITS.idMax)].filter((problem) => problem !== undefined);
  }
}

/** Filters whose values are whole numbers. */
const takesWholeNumbers = (def: FilterDef): boolean =>
  def.kind === 'min' || def.kind === 'max' || ((def.kind === 'exact' || def.kind === 'multi') && !def.values && def.type === 'integer');

/**
 * Whether the API accepts `value` for a filter of `list` (one value of a `multi` filter): the same
 * kinds, patterns and bounds as the server's querystring schema (filterValueProblems), with whole
 * numbers written plainly, so a link the web app keeps is one the server takes as it reads.
 */
export function isValidFilterValue(list: ListContract, def: FilterDef, value: string): boolean {
  if (value === '' || !storable(value)) return false;
  if (filterValueProblems(list, def, value).length > 0) return false;
  return !takesWholeNumbers(def) || isWholeNumber(value);
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

/**
 * Characters no text field takes, checked once at the API's edge for every field of every request
 * (and by the web app's forms): NUL, which PostgreSQL text cannot hold; the other C0 controls and
 * DEL but tab, line feed and carriage return (they break XML such as the e-invoice, and mean
 * nothing in a record); and the bidirectional overrides and isolates (U+202A–U+202E,
 * U+2066–U+2069), which make a text read otherwise than it is stored (a file name, a company name
 * in a PDF). Each with its message key.
 */
export const FORBIDDEN_TEXT_CHARS = [
  // eslint-disable-next-line no-control-regex -- finding control characters is this rule's purpose
  { pattern: /\u0000/, key: 'field.nullChar' },
  // eslint-disable-next-line no-control-regex -- finding control characters is this rule's purpose
  { pattern: /[\u0001-\u0008\u000b\u000c\u000e-\u001f\u007f]/, key: 'field.controlChar' },
  { pattern: /[\u202a-\u202e\u2066-\u2069]/, key: 'field.bidiControl' },
] as const;

/** The message key of the first forbidden character kind in `text`, or null when it has none. */
export function forbiddenTextChar(text: string): (typeof FORBIDDEN_TEXT_CHARS)[number]['key'] | null {
  for (const { pattern, key } of FORBIDDEN_TEXT_CHARS) if (pattern.test(text)) return key;
  return null;
}
