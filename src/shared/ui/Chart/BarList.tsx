import styles from './Chart.module.css';

export interface BarListItem {
  readonly key: string;
  readonly label: string;
  readonly value: number;
  /** The value as shown beside the bar. */
  readonly valueLabel: string;
}

export interface BarListProps {
  readonly items: readonly BarListItem[];
  /** A CSS colour for the bars. */
  readonly color?: string;
}

/** Horizontal bars, longest first as given: a name above each bar, its value beside it. */
export function BarList({ items, color = 'var(--color-chart-1)' }: BarListProps) {
  const max = Math.max(0, ...items.map((item) => item.value));
  return (
    <ol className={styles.barList}>
      {items.map((item) => (
        <li key={item.key} className={styles.barItem}>
          <span className={styles.barLabel}>{item.label}</span>
          <span className={styles.barTrack}>
            <span className={styles.bar} style={{ width: `${max > 0 ? (item.value / max) * 100 : 0}%`, background: color }} />
          </span>
          <span className={styles.barValue}>{item.valueLabel}</span>
        </li>
      ))}
    </ol>
  );
}
