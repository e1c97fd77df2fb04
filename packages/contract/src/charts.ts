import type { WaybillStatus } from './limits.ts';

/**
 * The home page's charts (`GET /api/summary/charts`): which waybills count as hauled, how many
 * weeks, months and destinations they show, and the calendar they are counted in. The server's
 * SQL and the mocks both take their periods from `chartPeriods`.
 */
export const SUMMARY_CHARTS = {
  /** Timber is hauled when its waybill arrived: delivered, or delivered and since invoiced. */
  hauledStatuses: ['delivered', 'invoiced'] as const satisfies readonly WaybillStatus[],
  /** Weeks of hauls, the current one last (ISO weeks, Monday first). */
  weeks: 12,
  /** Months of invoicing by issue date, the current one last. */
  months: 12,
  /** Destinations of the current month, most loads first. */
  topDestinations: 5,
  /** The calendar "today" is read in unless the server is told another. */
  timeZone: 'Europe/Tallinn',
} as const;

export interface ChartPeriods {
  /** The day the figures are counted up to, in the office's time zone. */
  today: string;
  /** Each week's Monday, oldest first; the last one holds today. */
  weeks: string[];
  /** The day after the last week (exclusive bound). */
  weeksEnd: string;
  /** The first day of the current month and of the next (exclusive bound). */
  monthStart: string;
  monthEnd: string;
  /** The first day of each month of invoicing, oldest first; the last one is the current month. */
  months: string[];
}

const DAY = 86_400_000;
const dateOf = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const msOf = (date: string) => Date.parse(`${date}T00:00:00Z`);
const monthOf = (year: number, month: number) => dateOf(Date.UTC(year, month, 1));

/** Today's date (YYYY-MM-DD) in a time zone. */
export function todayIn(timeZone: string, now: Date = new Date()): string {
  const parts = new Intl.DateTimeFormat('en', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).formatToParts(now);
  const part = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  return `${part('year')}-${part('month')}-${part('day')}`;
}

/** The weeks and months the charts cover when today is `today` (YYYY-MM-DD). */
export function chartPeriods(today: string): ChartPeriods {
  const at = msOf(today);
  const monday = at - ((new Date(at).getUTCDay() + 6) % 7) * DAY;
  const weeks = Array.from({ length: SUMMARY_CHARTS.weeks }, (_, i) => dateOf(monday - (SUMMARY_CHARTS.weeks - 1 - i) * 7 * DAY));
  const year = new Date(at).getUTCFullYear();
  const month = new Date(at).getUTCMonth();
  const months = Array.from({ length: SUMMARY_CHARTS.months }, (_, i) => monthOf(year, month - (SUMMARY_CHARTS.months - 1 - i)));
  return {
    today,
    weeks,
    weeksEnd: dateOf(monday + 7 * DAY),
    monthStart: monthOf(year, month),
    monthEnd: monthOf(year, month + 1),
    months,
  };
}
