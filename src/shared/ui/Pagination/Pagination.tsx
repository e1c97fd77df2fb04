import { lastPageOf, PAGE_SIZES } from '@timberlog/contract';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';

import { useFormat } from '@/shared/lib/format';

import styles from './Pagination.module.css';

export interface PaginationProps {
  /** 1-based. */
  readonly pageNumber: number;
  readonly pageSize: number;
  /** The list's total (`count` from the API); undefined while the first page loads. */
  readonly total: number | undefined;
  readonly onPageChange: (pageNumber: number) => void;
  readonly onPageSizeChange: (pageSize: number) => void;
  /** Page sizes offered; the contract's PAGE_SIZES by default. */
  readonly pageSizes?: readonly number[];
  /** Disables the buttons, e.g. while a page loads. */
  readonly disabled?: boolean;
}

/** The last page of a list of `total` rows (1 for an empty list). */

const Chevron = ({ path }: { readonly path: string }) => (
  <svg width="14" height="14" viewBox="0 0 16 16" aria-hidden="true">
    <path d={path} fill="none" stroke="currentColor" strokeWidth="1.6" strokeLinecap="round" strokeLinejoin="round" />
  </svg>
);

/** "1–25 of 2,000", first/previous/next/last, and the page size, with the locale's number format. */
export function Pagination({
  pageNumber,
  pageSize,
  total,
  onPageChange,
  onPageSizeChange,
  pageSizes = PAGE_SIZES,
  disabled = false,
}: PaginationProps) {
  const { t } = useTranslation();
  const sizeId = useId();
  // The locale's formatter, made once per locale: an Intl.NumberFormat made on every render cost
  // the list screen more script time than any other of its parts.
  const format = useFormat();
  const last = total === undefined ? pageNumber : lastPageOf(total, pageSize);
  const from = total ? (pageNumber - 1) * pageSize + 1 : 0;
  const to = total ? Math.min(total, pageNumber * pageSize) : 0;
  const range =
    total === undefined
      ? '\u00a0'
      : total === 0 || from > total
        ? t('ui.pagination.none')
        : t('ui.pagination.range', { from: format.number(from), to: format.number(to), total: format.number(total) });
  const atStart = disabled || pageNumber <= 1;
  const atEnd = disabled || total === undefined || pageNumber >= last;

  const pageButton = (label: string, target: number, off: boolean, path: string) => (
    <button type="button" className={styles.button} onClick={() => onPageChange(target)} disabled={off} aria-label={label} title={label}>
      <Chevron path={path} />
    </button>
  );

  return (
    <nav className={styles.pagination} aria-label={t('ui.pagination.label')}>
      <p className={styles.range} aria-live="polite">
        {range}
      </p>
      <div className={styles.size}>
        <label htmlFor={sizeId}>{t('ui.pagination.pageSize')}</label>
        <select id={sizeId} className={styles.select} value={pageSize} onChange={(event) => onPageSizeChange(Number(event.target.value))}>
          {pageSizes.map((size) => (
            <option key={size} value={size}>
              {size}
            </option>
          ))}
        </select>
      </div>
      <div className={styles.buttons}>
        {pageButton(t('ui.pagination.first'), 1, atStart, 'M11 3 6 8l5 5M4 3v10')}
        {pageButton(t('ui.pagination.previous'), pageNumber - 1, atStart, 'M10 3 5 8l5 5')}
        {total !== undefined && total > 0 ? (
          <span className={styles.page}>{t('ui.pagination.page', { page: format.number(pageNumber), pages: format.number(last) })}</span>
        ) : null}
        {pageButton(t('ui.pagination.next'), pageNumber + 1, atEnd, 'm6 3 5 5-5 5')}
        {pageButton(t('ui.pagination.last'), last, atEnd, 'm5 3 5 5-5 5M12 3v10')}
      </div>
    </nav>
  );
}
