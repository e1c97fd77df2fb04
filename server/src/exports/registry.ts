import type { ExportKind, Locale, ReportColumnKey, ReportSheetKey, ValueLabelPrefix } from '@timberlog/contract';
import type { ListSpec } from '../list/index.js';

export interface ReportColumn {
  /** The row's field (an alias of the list spec's select list). */
  key: string;
  /** Message key of the column heading (the contract's catalogue). */
  header: ReportColumnKey;
  width?: number;
  /**
   * How the field is written: `number` (an integer) and `decimal` as numbers, `date` and
   * `timestamp` as dates (timestamps in the export's time zone, to the second); otherwise text.
   */
  kind?: 'number' | 'decimal' | 'date' | 'timestamp';
  /** A decimal's places (its XLSX number format: 3 is `0.000`); 2 unless said. */
  decimals?: number;
  /** Message key prefix that translates a coded value (`value.waybillStatus` + `.delivered`). */
  values?: ValueLabelPrefix;
}

/** What a list module contributes for its report: the rows (its list spec and filters) and how they are written. */
export interface ReportDefinition {
  kind: ExportKind;
  /** The list whose filters, search and sort the report takes (the same query string as the list call). */
  spec: ListSpec;
  /** Message key of the sheet's name. */
  sheet: ReportSheetKey;
  /** Start of the file name in each language: `waybills-2026-11-23-1a2b3c4d.xlsx`, `veoselehed-…`. */
  fileStem: Readonly<Record<Locale, string>>;
  columns: readonly ReportColumn[];
}

export type ReportRegistry = Readonly<Record<ExportKind, ReportDefinition>>;

/** The reports by kind; every export kind of the contract must have one (the type check says which is missing). */
export function createReportRegistry(reports: ReportRegistry): ReportRegistry {
  for (const [kind, report] of Object.entries(reports)) {
    if (report.kind !== kind) throw new Error(`report registry: "${kind}" holds the report of "${report.kind}"`);
  }
  return reports;
}
