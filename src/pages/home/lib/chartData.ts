import { INVOICE_STATUSES, UNITS, type InvoiceStatus, type Unit } from '@timberlog/contract';

import type { SummaryCharts } from '@/entities/summary';

/** The chart colours, in order: a type keeps its colour in both units' charts. */
export const SERIES_COLORS = [1, 2, 3, 4, 5, 6].map((n) => `var(--color-chart-${n})`);

/** Sync statuses coloured by what they mean: done, waiting, failed. */
export const STATUS_COLORS: Readonly<Record<InvoiceStatus, string>> = {
  synced: 'var(--color-safe)',
  pending_sync: 'var(--color-chart-2)',
  sync_failed: 'var(--color-danger)',
};

export interface TypeSeries {
  readonly id: number;
  readonly name: string;
  readonly color: string;
}

/** Every assortment type of the weeks, by id, each with its colour. */
export function typeSeries(charts: SummaryCharts): TypeSeries[] {
  const names = new Map<number, string>();
  for (const haul of charts.hauls) names.set(haul.assortmentType, haul.assortmentTypeName);
  return [...names.entries()]
    .sort(([a], [b]) => a - b)
    .map(([id, name], i) => ({ id, name, color: SERIES_COLORS[i % SERIES_COLORS.length]! }));
}

export interface UnitHauls {
  readonly unit: Unit;
  /** The types hauled in this unit. */
  readonly types: readonly TypeSeries[];
  /** `quantities[week][type]` as decimal strings ('' when none). */
  readonly quantities: readonly (readonly string[])[];
  /** Each week's total and the whole period's, exact (thousandths). */
  readonly weekTotals: readonly string[];
  readonly total: string;
}

const toMilli = (value: string) => Math.round(Number(value) * 1000);
const fromMilli = (milli: number) => `${Math.floor(milli / 1000)}.${String(milli % 1000).padStart(3, '0')}`;

/** The hauls of one unit as a weeks × types grid. */
export function unitHauls(charts: SummaryCharts, unit: Unit, series: readonly TypeSeries[]): UnitHauls {
  const rows = charts.hauls.filter((haul) => haul.unit === unit);
  const types = series.filter((type) => rows.some((haul) => haul.assortmentType === type.id));
  const quantities = charts.weeks.map((week) =>
    types.map((type) => rows.find((haul) => haul.week === week && haul.assortmentType === type.id)?.quantity ?? ''),
  );
  const weekMilli = quantities.map((week) => week.reduce((sum, value) => sum + (value ? toMilli(value) : 0), 0));
  return {
    unit,
    types,
    quantities,
    weekTotals: weekMilli.map(fromMilli),
    total: fromMilli(weekMilli.reduce((sum, value) => sum + value, 0)),
  };
}

export const UNITS_SHOWN: readonly Unit[] = UNITS;

export interface MonthInvoicing {
  readonly month: string;
  /** Per status: the gross total ('' when none) and how many invoices. */
  readonly byStatus: Readonly<Record<InvoiceStatus, { readonly gross: string; readonly invoices: number }>>;
  readonly gross: string;
}

const toCents = (value: string) => Math.round(Number(value) * 100);
const fromCents = (cents: number) => `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;

/** Invoicing as one row per month, every status present. */
export function monthlyInvoicing(charts: SummaryCharts): MonthInvoicing[] {
  return charts.months.map((month) => {
    const rows = charts.invoicing.filter((row) => row.month === month);
    const byStatus = Object.fromEntries(
      INVOICE_STATUSES.map((status) => {
        const row = rows.find((item) => item.status === status);
        return [status, { gross: row?.grossTotal ?? '', invoices: row?.invoices ?? 0 }];
      }),
    ) as Record<InvoiceStatus, { gross: string; invoices: number }>;
    return { month, byStatus, gross: fromCents(rows.reduce((sum, row) => sum + toCents(row.grossTotal), 0)) };
  });
}
