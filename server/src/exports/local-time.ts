/** Milliseconds in a day. */
const DAY = 86_400_000;
/** Every time zone's offset changes on a quarter hour (UTC): on a day it changes, it is looked up per quarter hour. */
const SLOT = 900_000;
/** Days from the spreadsheet epoch (1899-12-30) to 1970-01-01. */
export const SERIAL_EPOCH_DAYS = 25_569;

/** The two digits at `i` as a number (PostgreSQL's own output: no checks beyond the separators). */
const two = (s: string, i: number) => (s.charCodeAt(i) - 48) * 10 + s.charCodeAt(i + 1) - 48;

/** Days from 1970-01-01 to a date of the proleptic Gregorian calendar (H. Hinnant's `days_from_civil`). */
function daysFromCivil(y: number, m: number, d: number): number {
  const yy = m <= 2 ? y - 1 : y;
  const era = Math.floor(yy / 400);
  const yoe = yy - era * 400;
  const doy = Math.floor((153 * (m + (m > 2 ? -3 : 9)) + 2) / 5) + d - 1;
  const doe = yoe * 365 + Math.floor(yoe / 4) - Math.floor(yoe / 100) + doy;
  return era * 146097 + doe - 719468;
}

/**
 * PostgreSQL's ISO text of a `timestamptz` (`2026-11-20 08:15:00.123456+00`, `...+05:30`) as
 * milliseconds since 1970, the fraction of the second dropped; NaN for anything else (a year
 * past 9999, BC, infinity). Read digit by digit: a million of them take tens of milliseconds.
 */
export function parsePgTimestamp(s: string): number {
  if (s.length < 22 || s.charCodeAt(4) !== 45 || s.charCodeAt(10) !== 32 || s.charCodeAt(13) !== 58 || s.charCodeAt(16) !== 58)
    return Number.NaN;
  let i = 19;
  if (s.charCodeAt(i) === 46) {
    i += 1;
    while (i < s.length && s.charCodeAt(i) >= 48 && s.charCodeAt(i) <= 57) i += 1;
  }
  const sign = s.charCodeAt(i) === 43 ? 1 : s.charCodeAt(i) === 45 ? -1 : 0;
  // +HH, +HH:MM or +HH:MM:SS and nothing after (` BC` is not read).
  const rest = s.length - i - 1;
  if (sign === 0 || (rest !== 2 && rest !== 5 && rest !== 8)) return Number.NaN;
  if ((rest > 2 && s.charCodeAt(i + 3) !== 58) || (rest > 5 && s.charCodeAt(i + 6) !== 58)) return Number.NaN;
  const offset = two(s, i + 1) * 3600 + (rest > 2 ? two(s, i + 4) * 60 : 0) + (rest > 5 ? two(s, i + 7) : 0);
  const days = daysFromCivil(two(s, 0) * 100 + two(s, 2), two(s, 5), two(s, 8));
  const seconds = days * 86_400 + two(s, 11) * 3600 + two(s, 14) * 60 + two(s, 17) - sign * offset;
  return seconds * 1000;
}

/** PostgreSQL's ISO text of a `date` (`2026-11-20`) as the milliseconds of its midnight in UTC; NaN for anything else. */
export function parsePgDate(s: string): number {
  if (s.length !== 10 || s.charCodeAt(4) !== 45 || s.charCodeAt(7) !== 45) return Number.NaN;
  return daysFromCivil(two(s, 0) * 100 + two(s, 2), two(s, 5), two(s, 8)) * DAY;
}

/** A spreadsheet's date serial (days since 1899-12-30, the time of day as the fraction) of a wall-clock time given as UTC milliseconds. */
export function spreadsheetSerial(wallClock: number): number {
  return wallClock / DAY + SERIAL_EPOCH_DAYS;
}

/**
 * Instants as the wall-clock time of one time zone (`Europe/Tallinn`), fast enough for a million
 * rows (Intl's `formatToParts` takes microseconds): the zone's offset is looked up once per UTC day
 * (at its start and at the next day's: equal, it holds all day) and, on the few days it changes
 * (daylight saving), once per quarter hour of that day.
 */
export class LocalTime {
  /** A day's offset, or NaN on a day the offset changes. */
  private readonly days = new Map<number, number>();
  private readonly slots = new Map<number, number>();
  private readonly parts: Intl.DateTimeFormat;

  constructor(readonly timeZone: string) {
    this.parts = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
  }

  /** The wall-clock time at instant `ms` as if it were UTC milliseconds (so `getUTC...` and day arithmetic read it). */
  wallClock(ms: number): number {
    const day = Math.floor(ms / DAY);
    let offset = this.days.get(day);
    if (offset === undefined) {
      const start = this.offsetAt(day * DAY);
      offset = start === this.offsetAt((day + 1) * DAY) ? start : Number.NaN;
      if (this.days.size >= 100_000) this.days.clear();
      this.days.set(day, offset);
    }
    if (!Number.isNaN(offset)) return ms + offset;
    const slot = Math.floor(ms / SLOT);
    offset = this.slots.get(slot);
    if (offset === undefined) {
      offset = this.offsetAt(slot * SLOT);
      if (this.slots.size >= 100_000) this.slots.clear();
      this.slots.set(slot, offset);
    }
    return ms + offset;
  }

  private offsetAt(ms: number): number {
    const p: Record<string, number> = {};
    for (const part of this.parts.formatToParts(new Date(ms))) if (part.type !== 'literal') p[part.type] = Number(part.value);
    return Date.UTC(p.year!, p.month! - 1, p.day!, p.hour!, p.minute!, p.second!) - ms;
  }
}
