import { allFilters, type ListContract } from '@timberlog/contract';
import { memo, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';

import { useFormat } from '@/shared/lib/format';
import type { ListQuery } from '@/shared/lib/list-query';
import { Button, focusListResults } from '@/shared/ui';

import { ActiveFilters, useFilterChips } from './ActiveFilters';
import { FilterControl } from './FilterControl';
import { type FilterFieldSpec, SHARED_RANGES } from './filterFields';
import styles from './ListFilters.module.css';

export type { FilterFieldSpec } from './filterFields';

export interface ListFiltersProps {
  readonly query: ListQuery<object, ListContract>;
  /** The screen's filters, in the order shown. The shared created/modified ranges are added under "More filters". */
  readonly fields: readonly FilterFieldSpec[];
  /**
   * How many of `fields` the bar shows beside the search; the rest fold under "More filters", which
   * says how many of them are on. All of them by default.
   */
  readonly visibleFields?: number;
}

/**
 * A list's filter bar: the search, the screen's fields (each control chosen by the contract's
 * filter kind, FilterControl), "More filters" with the rest and the shared ranges, and the active
 * filters as chips (ActiveFilters). Every change goes to the URL through `query`.
 */
export const ListFilters = memo(function ListFilters({ query, fields, visibleFields = fields.length }: ListFiltersProps) {
  const { t } = useTranslation();
  const format = useFormat();
  const searchId = useId();
  const fieldsId = useId();
  // On a narrow screen (a phone) the fields fold away behind a "Filters" button, so the list starts
  // on the first screen; wider, the button is not shown and the fields always are (CSS, by the
  // bar's own width).
  const [open, setOpen] = useState(false);
  const defs = allFilters(query.contract);
  const { filters } = query.state;
  const chips = useFilterChips(query, fields);
  const control = (spec: FilterFieldSpec) => {
    const def = defs[spec.name];
    return def ? <FilterControl key={spec.name} spec={spec} def={def} query={query} idPrefix={searchId} /> : null;
  };

  const shown = fields.slice(0, visibleFields);
  const folded = [
    ...fields.slice(visibleFields),
    ...SHARED_RANGES.map((range) => ({ name: range.name, to: range.to, label: t(range.labelKey) })),
  ];
  // How many filters under "More filters" are on (a range with both ends counts once).
  const foldedOn = folded.filter(
    (spec) => filters[spec.name] !== undefined || (spec.to !== undefined && filters[spec.to] !== undefined),
  ).length;
  const [moreOpen, setMoreOpen] = useState(foldedOn > 0);
  const moreId = useId();

  return (
    <section className={styles.bar} aria-label={t('list.filters')}>
      {/* Item 6: past every filter to the rows in one key press (the focused row, else the header). */}
      <a
        href="#results"
        className={styles.skipLink}
        onClick={(event) => {
          if (focusListResults()) event.preventDefault();
        }}
      >
        {t('list.skipToResults')}
      </a>
      {query.ignored.length > 0 ? (
        <p className={styles.notice} role="status">
          {t('list.ignored', { params: query.ignored.map((param) => `${param.name}=${param.value}`).join(', ') })}
        </p>
      ) : null}
      <div className={styles.row}>
        <div className={`${styles.field} ${styles.search}`}>
          <label htmlFor={searchId} className={styles.label}>
            {t('list.search')}
          </label>
          <input
            id={searchId}
            data-list-search=""
            type="search"
            className={styles.input}
            placeholder={t('list.searchPlaceholder')}
            value={query.searchText}
            onChange={(event) => query.setSearchText(event.target.value)}
          />
        </div>
        <span className={styles.toggle}>
          <Button variant="secondary" aria-expanded={open} aria-controls={fieldsId} onClick={() => setOpen((was) => !was)}>
            {chips.length > 0 ? t('list.filtersCount', { formatted: format.number(chips.length) }) : t('list.filters')}
          </Button>
        </span>
        <div id={fieldsId} className={open ? styles.fields : `${styles.fields} ${styles.folded}`}>
          {shown.map(control)}
          <button
            type="button"
            className={styles.moreToggle}
            aria-expanded={moreOpen}
            aria-controls={moreId}
            onClick={() => setMoreOpen((was) => !was)}
          >
            {foldedOn > 0 ? t('list.moreFiltersCount', { formatted: format.number(foldedOn) }) : t('list.moreFilters')}
            <span aria-hidden="true">{moreOpen ? '▴' : '▾'}</span>
          </button>
        </div>
      </div>
      <div id={moreId} className={open ? styles.more : `${styles.more} ${styles.folded}`} hidden={!moreOpen}>
        <div className={styles.row}>{folded.map(control)}</div>
      </div>
      <ActiveFilters query={query} chips={chips} />
    </section>
  );
});
