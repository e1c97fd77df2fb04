import { useId, type ReactNode } from 'react';

import styles from './ResultTable.module.css';

export interface ResultTableColumn<Row> {
  /** Unique within the table. */
  readonly id: string;
  readonly header: ReactNode;
  readonly cell: (row: Row) => ReactNode;
  /** The column names its row: its cells are row headers (`<th scope="row">`). */
  readonly rowHeader?: boolean;
  /** Numbers and codes: tabular figures, never wrapped. */
  readonly tabular?: boolean;
}

export interface ResultTableProps<Row> {
  /** Shown above the table, and its accessible name. */
  readonly caption: ReactNode;
  readonly columns: readonly ResultTableColumn<Row>[];
  readonly rows: readonly Row[];
  readonly getRowKey: (row: Row, index: number) => string;
  /** The most rows listed; the rest are counted in `moreText`. All of them by default. */
  readonly limit?: number;
  /** The note under a cut list, given how many rows are not listed. */
  readonly moreText?: (hidden: number) => ReactNode;
  /** Shown under the table, inside its box (e.g. what is wrong with the rows as a whole). */
  readonly footer?: ReactNode;
}

/**
 * A short captioned table of outcomes (rows refused, problems found) in a bordered box that scrolls
 * under its sticky header; at most `limit` rows are listed, and a note counts the rest.
 */
export function ResultTable<Row>({ caption, columns, rows, getRowKey, limit, moreText, footer }: ResultTableProps<Row>) {
  const listed = limit === undefined ? rows : rows.slice(0, limit);
  const hidden = rows.length - listed.length;
  const captionId = useId();
  return (
    // The box scrolls: focusable and named by the caption, so the keyboard can scroll it too.
    <div className={styles.box} tabIndex={0} role="region" aria-labelledby={captionId}>
      <table className={styles.table}>
        <caption id={captionId} className={styles.caption}>
          {caption}
        </caption>
        <thead>
          <tr>
            {columns.map((column) => (
              <th key={column.id} scope="col">
                {column.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {listed.map((row, index) => (
            <tr key={getRowKey(row, index)}>
              {columns.map((column) => {
                const className = [column.rowHeader ? styles.rowHeader : '', column.tabular ? styles.tabular : '']
                  .filter(Boolean)
                  .join(' ');
                return column.rowHeader ? (
                  <th key={column.id} scope="row" className={className}>
                    {column.cell(row)}
                  </th>
                ) : (
                  <td key={column.id} className={className || undefined}>
                    {column.cell(row)}
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
      {hidden > 0 && moreText ? <p className={styles.more}>{moreText(hidden)}</p> : null}
      {footer}
    </div>
  );
}
