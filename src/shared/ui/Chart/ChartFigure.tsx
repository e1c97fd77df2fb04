import { useId, useState, type ReactNode } from 'react';

import styles from './Chart.module.css';

export interface ChartLegendItem {
  readonly key: string;
  readonly label: ReactNode;
  /** A CSS colour, normally one of the `--color-chart-*` tokens. */
  readonly color: string;
}

export interface ChartFigureProps {
  /** What the chart shows, with its unit: the figure's caption. */
  readonly caption: ReactNode;
  /** The series' colours and names; none for a chart of one series. */
  readonly legend?: readonly ChartLegendItem[];
  /** The drawing: hidden from assistive technology, which reads `table` instead. */
  readonly chart: ReactNode;
  /** The same numbers as a table: always there for screen readers, shown to everyone on request. */
  readonly table: ReactNode;
  /** The labels of the button that shows and hides the table. */
  readonly showTableLabel: string;
  readonly hideTableLabel: string;
}

/**
 * One chart as a figure: a caption, a legend, the drawing and the same figures as a table. The
 * table stays in the accessibility tree (the drawing does not); a button shows it on screen too,
 * for keyboard users and anyone who wants the exact numbers.
 */
export function ChartFigure({ caption, legend, chart, table, showTableLabel, hideTableLabel }: ChartFigureProps) {
  const [tableShown, setTableShown] = useState(false);
  const tableId = useId();
  const captionId = useId();
  return (
    <figure className={styles.figure} aria-labelledby={captionId}>
      <figcaption id={captionId} className={styles.caption}>
        {caption}
      </figcaption>
      {legend && legend.length > 0 ? (
        <ul className={styles.legend} aria-hidden="true">
          {legend.map((item) => (
            <li key={item.key} className={styles.legendItem}>
              <span className={styles.swatch} style={{ background: item.color }} />
              {item.label}
            </li>
          ))}
        </ul>
      ) : null}
      <div aria-hidden="true">{chart}</div>
      <button
        type="button"
        className={styles.tableToggle}
        aria-pressed={tableShown}
        aria-controls={tableId}
        onClick={() => setTableShown((shown) => !shown)}
      >
        {tableShown ? hideTableLabel : showTableLabel}
      </button>
      <div id={tableId} className={tableShown ? styles.tableWrap : styles.visuallyHidden}>
        {table}
      </div>
    </figure>
  );
}
