import { useId, useRef, useState, type CSSProperties, type KeyboardEvent, type MouseEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

import { Button } from '../Button/Button';
import { Skeleton } from '../Skeleton/Skeleton';

import styles from './Table.module.css';

export interface TableColumn<Row> {
  /** Unique within the table. */
  readonly id: string;
  readonly header: ReactNode;
  readonly cell: (row: Row) => ReactNode;
  /** The API's sort field for this column; makes the header a sort button. */
  readonly sortField?: string;
  /** Numbers and quantities: right-aligned, tabular figures. */
  readonly numeric?: boolean;
  /** A CSS width, e.g. `8rem`; columns share the rest. */
  readonly width?: string;
  /** Long text is cut with an ellipsis at 16rem (a text cell's full text shows on hover, as its title). */
  readonly truncate?: boolean;
  /**
   * On a phone (the table under 40rem wide) each row is a card: `title` heads it (the row's number),
   * `hide` leaves the column out, and the rest (the default) are lines with their header as the label.
   */
  readonly phone?: 'title' | 'show' | 'hide';
  /** More of the row on a phone's card only, after the cell (a driver's vehicle beside the driver). */
  readonly phoneExtra?: (row: Row) => ReactNode;
}

export interface TableSelection {
  /** Keys (see `getRowKey`) of the selected rows. */
  readonly selected: ReadonlySet<string>;
  readonly onChange: (selected: ReadonlySet<string>) => void;
  /** Rows that cannot be selected get a disabled checkbox (e.g. waybills that are not delivered). */
  readonly isSelectable?: (rowKey: string) => boolean;
}

export interface TableProps<Row> {
  /** Names the table for assistive technology (not shown). */
  readonly label: string;
  readonly columns: readonly TableColumn<Row>[];
  /** Rows to show; the previous page's rows while the next one loads. */
  readonly rows: readonly Row[] | undefined;
  readonly getRowKey: (row: Row) => string;
  /** A short name of a row, for its checkbox label ("Select W-2026-000042"). Defaults to the key. */
  readonly getRowLabel?: (row: Row) => string;
  /** Click, or Enter on the focused row. Links and checkboxes inside a row keep their own behaviour. */
  readonly onRowOpen?: (row: Row) => void;
  /** Current sort values (`number`, `-number`); the first one is shown on its column. */
  readonly sort?: readonly string[];
  /** A header click cycles its column: ascending → descending → off (`[]`, the server's default). */
  readonly onSortChange?: (sort: string[]) => void;
  readonly selection?: TableSelection;
  /** A request is under way: skeleton rows when there is nothing to show yet, dimmed rows otherwise. */
  readonly loading?: boolean;
  /** The failed request's message (the `ApiError` message); replaces the rows, with a Retry button. */
  readonly error?: string | null;
  readonly onRetry?: () => void;
  /** Shown when there are no rows; defaults to a generic "nothing here" text. */
  readonly emptyMessage?: ReactNode;
  /** Shown in the empty state as a "Clear filters" button when filters are on. */
  readonly onClearFilters?: () => void;
  /**
   * How many rows the first page will have (the list's page size): while it loads the table holds
   * their room (up to its greatest height), so the loaded page moves nothing below it, and draws at
   * most SKELETON_ROWS_SHOWN skeleton rows.
   */
  readonly expectedRows?: number;
  /** Row height: `compact` rows fit more on a screen. */
  readonly density?: 'comfortable' | 'compact';
  /** Rows to mark (keys) with why, e.g. the rows the user's last action changed: a bar and a tint, and the words for assistive technology. */
  readonly marked?: { readonly keys: ReadonlySet<string>; readonly label: string };
}

/**
 * Skeleton rows drawn at most. The room of the whole page is held by the scroller's height (see
 * .reserving): drawing 25 rows of placeholders instead doubled the blocking time of a phone's first
 * load in Lighthouse (TBT 358–564 ms against 165–267).
 */
export const SKELETON_ROWS_SHOWN = 8;

type AriaSort = 'ascending' | 'descending' | 'none';

const PHONE_CLASSES = { title: styles.phoneTitle, hide: styles.phoneHidden, show: '' } as const;

const cellClass = (column: TableColumn<never>): string | undefined =>
  [column.numeric ? styles.numeric : '', PHONE_CLASSES[column.phone ?? 'show']].filter(Boolean).join(' ') || undefined;

const sortOf = (sort: readonly string[] | undefined, field: string): AriaSort => {
  const first = sort?.[0];
  if (first === field) return 'ascending';
  if (first === `-${field}`) return 'descending';
  return 'none';
};

/** The next sort of a column: ascending → descending → off. */
export const nextSort = (sort: readonly string[] | undefined, field: string): string[] => {
  const current = sortOf(sort, field);
  if (current === 'none') return [field];
  if (current === 'ascending') return [`-${field}`];
  return [];
};

// Inside these the click is the element's own, not the row's.
const INTERACTIVE = 'a, button, input, select, textarea, label, [role="button"], [role="link"], [role="checkbox"]';

const ArrowIcon = ({ direction }: { readonly direction: AriaSort }) => (
  <svg className={styles.sortIcon} data-direction={direction} width="10" height="10" viewBox="0 0 10 10" aria-hidden="true">
    {direction === 'none' ? (
      <path d="M5 1 8 4H2zM5 9 2 6h6z" fill="currentColor" opacity="0.45" />
    ) : (
      <path d={direction === 'ascending' ? 'M5 1 9 7H1z' : 'M5 9 1 3h8z'} fill="currentColor" />
    )}
  </svg>
);

/**
 * The list table: a semantic `<table>` with a sticky header and sortable columns announced with
 * `aria-sort`. The rows are one Tab stop: ArrowUp/ArrowDown (or k/j), Home/End move the row
 * focus, Enter opens the row, Space toggles its checkbox when rows are selectable.
 */
export function Table<Row>({
  label,
  columns,
  rows,
  getRowKey,
  getRowLabel,
  onRowOpen,
  sort,
  onSortChange,
  selection,
  loading = false,
  error,
  onRetry,
  emptyMessage,
  onClearFilters,
  expectedRows = 8,
  density = 'comfortable',
  marked,
}: TableProps<Row>) {
  const { t } = useTranslation();
  const hintId = useId();
  const markedId = useId();
  const [activeIndex, setActiveIndex] = useState(0);
  const rowRefs = useRef<(HTMLTableRowElement | null)[]>([]);
  const list = rows ?? [];
  const columnCount = columns.length + (selection ? 1 : 0);
  const active = Math.min(activeIndex, Math.max(0, list.length - 1));

  // A new page starts the row focus at its top.
  const firstKey = list[0] === undefined ? undefined : getRowKey(list[0]);
  const [pageFirstKey, setPageFirstKey] = useState(firstKey);
  if (pageFirstKey !== firstKey) {
    setPageFirstKey(firstKey);
    setActiveIndex(0);
  }

  const focusRow = (index: number) => {
    const target = Math.max(0, Math.min(list.length - 1, index));
    setActiveIndex(target);
    rowRefs.current[target]?.focus();
  };

  const selectable = (row: Row): boolean => !selection?.isSelectable || selection.isSelectable(getRowKey(row));
  const toggleRow = (row: Row) => {
    if (!selection || !selectable(row)) return;
    const next = new Set(selection.selected);
    const key = getRowKey(row);
    if (next.has(key)) next.delete(key);
    else next.add(key);
    selection.onChange(next);
  };
  const selectableKeys = selection ? list.filter(selectable).map(getRowKey) : [];
  const selectedOnPage = selectableKeys.filter((key) => selection?.selected.has(key)).length;
  const toggleAll = () => {
    if (!selection) return;
    const next = new Set(selection.selected);
    const allOn = selectedOnPage === selectableKeys.length;
    for (const key of selectableKeys) {
      if (allOn) next.delete(key);
      else next.add(key);
    }
    selection.onChange(next);
  };

  const onRowKeyDown = (event: KeyboardEvent<HTMLTableRowElement>, row: Row, index: number) => {
    // Keys typed into a control inside the row are the control's.
    if (event.target !== event.currentTarget || event.altKey || event.ctrlKey || event.metaKey) return;
    const moves: Record<string, number> = {
      ArrowDown: index + 1,
      j: index + 1,
      ArrowUp: index - 1,
      k: index - 1,
      Home: 0,
      End: list.length - 1,
    };
    const target = moves[event.key];
    if (target !== undefined) {
      event.preventDefault();
      focusRow(target);
    } else if (event.key === 'Enter' && onRowOpen) {
      event.preventDefault();
      onRowOpen(row);
    } else if (event.key === ' ' && selection) {
      event.preventDefault();
      toggleRow(row);
    }
  };

  const onRowClick = (event: MouseEvent<HTMLTableRowElement>, row: Row, index: number) => {
    setActiveIndex(index);
    const target = event.target as Element;
    if (target.closest(INTERACTIVE) && event.currentTarget.contains(target.closest(INTERACTIVE))) return;
    // Selecting text to copy it is not a request to open the row.
    if (window.getSelection()?.toString()) return;
    onRowOpen?.(row);
  };

  // The header row is one tab stop: arrow keys move between its sort buttons (item 6), so tabbing
  // into the rows does not walk, and scroll, through every column.
  const sortable = onSortChange ? columns.filter((column) => column.sortField).map((column) => column.id) : [];
  const [activeHeader, setActiveHeader] = useState(0);
  const headerRefs = useRef<(HTMLButtonElement | null)[]>([]);
  const onHeaderKeyDown = (event: KeyboardEvent<HTMLButtonElement>, index: number) => {
    const last = sortable.length - 1;
    const target =
      event.key === 'ArrowRight'
        ? Math.min(index + 1, last)
        : event.key === 'ArrowLeft'
          ? Math.max(index - 1, 0)
          : event.key === 'Home'
            ? 0
            : event.key === 'End'
              ? last
              : null;
    if (target === null) return;
    event.preventDefault();
    setActiveHeader(target);
    headerRefs.current[target]?.focus();
  };

  const showSkeleton = loading && list.length === 0 && !error;
  const showEmpty = !loading && !error && list.length === 0;

  let body: ReactNode;
  if (error) {
    body = (
      <tr>
        <td colSpan={columnCount} className={styles.stateCell}>
          <div className={styles.state} role="alert">
            <p className={styles.errorText}>{error}</p>
            {onRetry ? (
              <Button variant="secondary" size="sm" onClick={onRetry}>
                {t('ui.table.retry')}
              </Button>
            ) : null}
          </div>
        </td>
      </tr>
    );
  } else if (showSkeleton) {
    body = Array.from({ length: Math.min(expectedRows, SKELETON_ROWS_SHOWN) }, (_, index) => (
      <tr key={index} className={styles.row} aria-hidden="true">
        {selection ? (
          <td className={styles.checkCell}>
            <Skeleton width="1rem" />
          </td>
        ) : null}
        {columns.map((column) => (
          <td key={column.id} className={column.numeric ? styles.numeric : undefined}>
            <Skeleton width={column.numeric ? '3rem' : `${50 + ((index * 7 + column.id.length * 13) % 45)}%`} />
          </td>
        ))}
      </tr>
    ));
  } else if (showEmpty) {
    body = (
      <tr>
        <td colSpan={columnCount} className={styles.stateCell}>
          <div className={styles.state}>
            <p className={styles.emptyText}>{emptyMessage ?? t(onClearFilters ? 'ui.table.emptyFiltered' : 'ui.table.empty')}</p>
            {onClearFilters ? (
              <Button variant="secondary" size="sm" onClick={onClearFilters}>
                {t('ui.table.clearFilters')}
              </Button>
            ) : null}
          </div>
        </td>
      </tr>
    );
  } else {
    body = list.map((row, index) => {
      const key = getRowKey(row);
      const rowLabel = getRowLabel ? getRowLabel(row) : key;
      const isSelected = selection?.selected.has(key) ?? false;
      const isMarked = marked?.keys.has(key);
      return (
        <tr
          key={key}
          ref={(element) => {
            rowRefs.current[index] = element;
          }}
          tabIndex={index === active ? 0 : -1}
          aria-selected={selection ? isSelected : undefined}
          aria-describedby={[isMarked && markedId, index === active && onRowOpen && hintId].filter(Boolean).join(' ') || undefined}
          className={[styles.row, onRowOpen ? styles.openable : '', isSelected ? styles.selected : '', isMarked ? styles.marked : ''].join(
            ' ',
          )}
          onKeyDown={(event) => onRowKeyDown(event, row, index)}
          onClick={(event) => onRowClick(event, row, index)}
          onFocus={(event) => {
            if (event.target === event.currentTarget) setActiveIndex(index);
          }}
        >
          {selection ? (
            <td className={styles.checkCell}>
              <label className={styles.checkTarget}>
                <input
                  type="checkbox"
                  className={styles.checkbox}
                  checked={isSelected}
                  disabled={!selectable(row)}
                  onChange={() => toggleRow(row)}
                  aria-label={t('ui.table.selectRow', { label: rowLabel })}
                  tabIndex={-1}
                />
              </label>
            </td>
          ) : null}
          {columns.map((column) => {
            const content = column.cell(row);
            return (
              <td key={column.id} className={cellClass(column)}>
                {/* The header again, shown only on a phone's card (the cell's column header names it for assistive technology). */}
                {column.phone !== 'title' ? (
                  <span className={styles.cellLabel} aria-hidden="true">
                    {column.header}
                  </span>
                ) : null}
                {column.truncate ? (
                  // The table sizes columns to their content, so a cell's own max-width does not hold: a
                  // block inside it with its own width cuts the text.
                  <span
                    className={styles.truncate}
                    title={typeof content === 'string' || typeof content === 'number' ? String(content) : undefined}
                  >
                    {content}
                  </span>
                ) : (
                  content
                )}
                {column.phoneExtra ? <span className={styles.phoneExtra}>{column.phoneExtra(row)}</span> : null}
              </td>
            );
          })}
        </tr>
      );
    });
  }

  return (
    <div
      data-list-results=""
      className={showSkeleton ? `${styles.scroller} ${styles.reserving}` : styles.scroller}
      style={showSkeleton ? ({ '--page-rows': expectedRows } as CSSProperties) : undefined}
    >
      <table
        className={`${styles.table} ${loading && list.length > 0 ? styles.stale : ''} ${density === 'compact' ? styles.compact : ''}`}
        aria-label={label}
        aria-busy={loading || undefined}
      >
        <colgroup>
          {selection ? <col className={styles.checkCol} /> : null}
          {columns.map((column) => (
            <col key={column.id} style={column.width ? { width: column.width } : undefined} />
          ))}
        </colgroup>
        <thead>
          <tr>
            {selection ? (
              <th scope="col" className={styles.checkCell}>
                <label className={styles.checkTarget}>
                  <input
                    type="checkbox"
                    className={styles.checkbox}
                    checked={selectableKeys.length > 0 && selectedOnPage === selectableKeys.length}
                    ref={(element) => {
                      if (element) element.indeterminate = selectedOnPage > 0 && selectedOnPage < selectableKeys.length;
                    }}
                    disabled={selectableKeys.length === 0}
                    onChange={toggleAll}
                    aria-label={t('ui.table.selectAll')}
                  />
                </label>
              </th>
            ) : null}
            {columns.map((column) => {
              const direction = column.sortField ? sortOf(sort, column.sortField) : undefined;
              const sortIndex = sortable.indexOf(column.id);
              return (
                <th
                  key={column.id}
                  scope="col"
                  className={column.numeric ? styles.numeric : undefined}
                  aria-sort={direction && direction !== 'none' ? direction : undefined}
                >
                  {column.sortField && onSortChange ? (
                    <button
                      type="button"
                      className={styles.sortButton}
                      ref={(element) => {
                        headerRefs.current[sortIndex] = element;
                      }}
                      tabIndex={sortIndex === Math.min(activeHeader, sortable.length - 1) ? 0 : -1}
                      onFocus={() => setActiveHeader(sortIndex)}
                      onKeyDown={(event) => onHeaderKeyDown(event, sortIndex)}
                      onClick={() => onSortChange(nextSort(sort, column.sortField as string))}
                    >
                      {column.header}
                      <ArrowIcon direction={direction ?? 'none'} />
                    </button>
                  ) : (
                    column.header
                  )}
                </th>
              );
            })}
          </tr>
        </thead>
        <tbody>{body}</tbody>
      </table>
      {onRowOpen && list.length > 0 ? (
        <p id={hintId} className={styles.hint}>
          {t('ui.table.keyboardHint')}
        </p>
      ) : null}
      {marked ? (
        <p id={markedId} className={styles.hint}>
          {marked.label}
        </p>
      ) : null}
    </div>
  );
}

/**
 * Moves focus into the page's list (the table marked `data-list-results`): its focused row, else
 * its header; false when there is none. For "skip to the results" links.
 */
export function focusListResults(): boolean {
  const results = document.querySelector<HTMLElement>('[data-list-results]');
  const target =
    results?.querySelector<HTMLElement>('tbody tr[tabindex="0"]') ?? results?.querySelector<HTMLElement>('thead [tabindex="0"]');
  target?.focus();
  return target !== null && target !== undefined;
}
