import styles from './Chart.module.css';
import { axisTicks } from './chartScale';

export interface ColumnChartSeries {
  readonly key: string;
  /** A CSS colour, normally one of the `--color-chart-*` tokens. */
  readonly color: string;
}

export interface ColumnChartProps {
  /** The columns, left to right, with their axis labels. */
  readonly categories: readonly { readonly key: string; readonly label: string }[];
  /** The parts each column is stacked from, bottom up. */
  readonly series: readonly ColumnChartSeries[];
  /** `values[column][part]`: non-negative numbers. */
  readonly values: readonly (readonly number[])[];
  /** A value of the axis, in the locale's format. */
  readonly formatTick: (value: number) => string;
  /** A part's hover text (the column, the series and the value). */
  readonly describe?: (column: number, part: number) => string;
}

const COLUMN = 10;
const BAR = 6.4;

/**
 * Stacked columns over a value axis, drawn as SVG rectangles in a box that stretches to its
 * container; the labels are HTML, so they keep their size on any screen.
 */
export function ColumnChart({ categories, series, values, formatTick, describe }: ColumnChartProps) {
  const totals = values.map((column) => column.reduce((sum, value) => sum + value, 0));
  const ticks = axisTicks(Math.max(0, ...totals));
  const top = ticks.at(-1) ?? 1;
  const widest = ticks.map(formatTick).reduce((a, b) => (b.length > a.length ? b : a), '');
  return (
    <div className={styles.columnChart}>
      <div className={styles.axis}>
        <span className={styles.axisSizer}>{widest}</span>
        {ticks.map((tick) => (
          <span key={tick} className={styles.tick} style={{ bottom: `${(tick / top) * 100}%` }}>
            {formatTick(tick)}
          </span>
        ))}
      </div>
      <div className={styles.plot}>
        {ticks.map((tick) => (
          <span key={tick} className={styles.gridline} style={{ bottom: `${(tick / top) * 100}%` }} />
        ))}
        <svg className={styles.svg} viewBox={`0 0 ${categories.length * COLUMN} 100`} preserveAspectRatio="none" focusable="false">
          {values.map((column, c) => {
            let base = 0;
            return (
              <g key={categories[c]?.key ?? c}>
                {column.map((value, s) => {
                  if (!(value > 0)) return null;
                  const height = (value / top) * 100;
                  base += height;
                  return (
                    <rect
                      key={series[s]?.key ?? s}
                      x={c * COLUMN + (COLUMN - BAR) / 2}
                      width={BAR}
                      y={100 - base}
                      height={height}
                      className={styles.segment}
                      style={{ fill: series[s]?.color }}
                    >
                      {describe ? <title>{describe(c, s)}</title> : null}
                    </rect>
                  );
                })}
              </g>
            );
          })}
        </svg>
      </div>
      <span />
      <ol className={styles.categories}>
        {categories.map((category) => (
          <li key={category.key} className={styles.category}>
            {category.label}
          </li>
        ))}
      </ol>
    </div>
  );
}
