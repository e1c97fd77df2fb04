import { allFilters, type FilterDef, type ListContract } from '@timberlog/contract';
import { memo, useId, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

import { AssortmentPicker } from '@/entities/assortment';
import { AssortmentTypePicker } from '@/entities/assortment-type';
import { CompanyPicker, useCompanyNames } from '@/entities/company';
import {
  DestinationPicker,
  OriginPicker,
  useDestinationNames,
  useOriginNames,
  useWarehouseNamesById,
  WarehousePicker,
} from '@/entities/warehouse';
import { WorkerPicker } from '@/entities/worker';
import { useFormat } from '@/shared/lib/format';
import type { ListQuery } from '@/shared/lib/list-query';
import { Button, MultiSelect } from '@/shared/ui';

import { DateRange, TextFilter } from './FilterControls';
import { asArray, changeFrom, valuesOf, without } from './filterValues';
import styles from './ListFilters.module.css';

/** One filter the screen shows. The control follows from the contract's filter kind. */
export interface FilterFieldSpec {
  /** The API's parameter name, e.g. `statusIn`, `transportDateAfter`. */
  readonly name: string;
  /** The field's label, translated ("Status", "Transport date"). */
  readonly label: string;
  /** For a date range: the `before` filter paired with `name` (`transportDateBefore`). */
  readonly to?: string;
  /** Translated label of an enum value (statuses, actions). */
  readonly optionLabel?: (value: string) => string;
}

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

/** A multi-select's width in the bar: picking values cuts its summary short rather than moving the fields beside it. */
const MULTI_SELECT_WIDTH = '12rem';

const SHARED_RANGES = [
  { name: 'createdAfter', to: 'createdBefore', labelKey: 'list.shared.created' },
  { name: 'lastModifiedAfter', to: 'lastModifiedBefore', labelKey: 'list.shared.lastModified' },
] as const;

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

  const refValues = (kind: string): readonly string[] =>
    Object.entries(filters).flatMap(([name, value]) => {
      const def = defs[name];
      return def && (def.kind === 'multi' || def.kind === 'exact') && def.ref === kind ? asArray(value) : [];
    });
  const companyNames = useCompanyNames([...refValues('company'), ...refValues('invoiceCustomer')]);
  const originNames = useOriginNames(refValues('origin'));
  const destinationNames = useDestinationNames(refValues('destination'));
  const warehouseNames = useWarehouseNamesById(refValues('warehouse'));
  const namesByRef: Readonly<Record<string, Readonly<Record<string, string>>>> = {
    company: companyNames,
    invoiceCustomer: companyNames,
    origin: originNames,
    destination: destinationNames,
    warehouse: warehouseNames,
  };

  const control = (spec: FilterFieldSpec): ReactNode => {
    const def: FilterDef | undefined = defs[spec.name];
    if (!def) return null;
    const value = filters[spec.name];
    if (spec.to !== undefined || def.kind === 'after' || def.kind === 'before') {
      const toName = spec.to;
      return (
        <DateRange
          key={spec.name}
          label={spec.label}
          from={asArray(filters[spec.name])[0] ?? ''}
          to={toName ? (asArray(filters[toName])[0] ?? '') : ''}
          onFromChange={(from) => query.setFilter(spec.name, from || undefined)}
          onToChange={toName ? (to) => query.setFilter(toName, to || undefined) : undefined}
        />
      );
    }
    if (def.kind === 'day') {
      return (
        <div key={spec.name} className={styles.field}>
          <label className={styles.label} htmlFor={`${searchId}-${spec.name}`}>
            {spec.label}
          </label>
          <input
            id={`${searchId}-${spec.name}`}
            type="date"
            className={styles.input}
            value={asArray(value)[0] ?? ''}
            onChange={(event) => query.setFilter(spec.name, event.target.value || undefined)}
          />
        </div>
      );
    }
    const choices = valuesOf(def);
    if ((def.kind === 'multi' || def.kind === 'exact') && choices) {
      const options = choices.map((option) => ({ value: option, label: spec.optionLabel?.(option) ?? option }));
      return (
        <MultiSelect
          key={spec.name}
          label={spec.label}
          options={options}
          value={asArray(value)}
          width={MULTI_SELECT_WIDTH}
          onChange={(next) => query.setFilter(spec.name, def.kind === 'multi' ? changeFrom(asArray(value), next) : next[next.length - 1])}
        />
      );
    }
    if ((def.kind === 'multi' || def.kind === 'exact') && def.ref) {
      const props = {
        label: spec.label,
        value: asArray(value),
        multiple: def.kind === 'multi',
        onChange: (next: string[]) =>
          query.setFilter(spec.name, def.kind === 'multi' ? changeFrom(asArray(value), next) : next[next.length - 1]),
      };
      switch (def.ref) {
        case 'company':
          return <CompanyPicker key={spec.name} {...props} />;
        case 'invoiceCustomer':
          return <CompanyPicker key={spec.name} {...props} isInvoiceCustomer />;
        case 'origin':
          return <OriginPicker key={spec.name} {...props} />;
        case 'destination':
          return <DestinationPicker key={spec.name} {...props} />;
        case 'warehouse':
          return <WarehousePicker key={spec.name} {...props} />;
        case 'assortment':
          return <AssortmentPicker key={spec.name} {...props} />;
        case 'assortmentType':
          return <AssortmentTypePicker key={spec.name} {...props} />;
        case 'worker':
          return <WorkerPicker key={spec.name} {...props} />;
      }
    }
    if (def.kind === 'boolean' || def.kind === 'present') {
      return (
        <div key={spec.name} className={styles.field}>
          <label className={styles.label} htmlFor={`${searchId}-${spec.name}`}>
            {spec.label}
          </label>
          <select
            id={`${searchId}-${spec.name}`}
            className={styles.input}
            value={asArray(value)[0] ?? ''}
            onChange={(event) => query.setFilter(spec.name, event.target.value || undefined)}
          >
            <option value="">{t('ui.select.any')}</option>
            <option value="true">{spec.optionLabel?.('true') ?? t('list.yes')}</option>
            <option value="false">{spec.optionLabel?.('false') ?? t('list.no')}</option>
          </select>
        </div>
      );
    }
    const numeric = def.kind === 'min' || def.kind === 'max' || (def.kind === 'exact' && def.type === 'integer');
    return (
      <TextFilter
        key={spec.name}
        label={spec.label}
        numeric={numeric}
        value={asArray(value)[0] ?? ''}
        onCommit={(next) => query.setFilter(spec.name, next || undefined)}
      />
    );
  };

  // Chips: one per value, labelled as the user reads them.
  const labelOf = (name: string): { label: string; bound?: 'from' | 'to' } => {
    for (const spec of fields) {
      if (spec.name === name) return { label: spec.label, ...(spec.to ? { bound: 'from' as const } : {}) };
      if (spec.to === name) return { label: spec.label, bound: 'to' };
    }
    for (const range of SHARED_RANGES) {
      if (range.name === name) return { label: t(range.labelKey), bound: 'from' };
      if (range.to === name) return { label: t(range.labelKey), bound: 'to' };
    }
    return { label: name };
  };
  const valueText = (name: string, value: string): string => {
    const def = defs[name];
    const spec = fields.find((field) => field.name === name);
    if (!def) return value;
    if (def.kind === 'after' || def.kind === 'before' || def.kind === 'day')
      return value.length > 10 ? format.dateTime(value) : format.date(value);
    if (def.kind === 'boolean' || def.kind === 'present')
      return spec?.optionLabel?.(value) ?? (value === 'true' ? t('list.yes') : t('list.no'));
    if ((def.kind === 'multi' || def.kind === 'exact') && valuesOf(def)) return spec?.optionLabel?.(value) ?? value;
    if ((def.kind === 'multi' || def.kind === 'exact') && def.ref) return namesByRef[def.ref]?.[value] ?? value;
    return value;
  };
  const chips = Object.entries(filters).flatMap(([name, value]) =>
    asArray(value).map((item) => {
      const { label, bound } = labelOf(name);
      const text = valueText(name, item);
      const chipText =
        bound === 'from'
          ? t('list.chipFrom', { label, value: text })
          : bound === 'to'
            ? t('list.chipTo', { label, value: text })
            : t('list.chipValue', { label, value: text });
      const remove = () => query.setFilter(name, without(item));
      return { key: `${name}=${item}`, text: chipText, remove };
    }),
  );

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
  const hasAny = chips.length > 0 || query.state.search !== '';

  return (
    <section className={styles.bar} aria-label={t('list.filters')}>
      {/* Item 6: past every filter to the rows in one key press (the focused row, else the header). */}
      <a
        href="#results"
        className={styles.skipLink}
        onClick={(event) => {
          const results = document.querySelector<HTMLElement>('[data-list-results]');
          const target =
            results?.querySelector<HTMLElement>('tbody tr[tabindex="0"]') ?? results?.querySelector<HTMLElement>('thead [tabindex="0"]');
          if (!target) return;
          event.preventDefault();
          target.focus();
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
      {hasAny ? (
        <div className={styles.chips}>
          <ul className={styles.chipList} aria-label={t('list.activeFilters')}>
            {query.state.search ? (
              <li className={styles.chip}>
                <span>{t('list.chipSearch', { value: query.state.search })}</span>
                <button
                  type="button"
                  className={styles.chipRemove}
                  aria-label={t('list.removeFilter', { label: t('list.chipSearch', { value: query.state.search }) })}
                  onClick={() => query.setSearchText('')}
                >
                  ×
                </button>
              </li>
            ) : null}
            {chips.map((chip) => (
              <li key={chip.key} className={styles.chip}>
                <span>{chip.text}</span>
                <button
                  type="button"
                  className={styles.chipRemove}
                  aria-label={t('list.removeFilter', { label: chip.text })}
                  onClick={chip.remove}
                >
                  ×
                </button>
              </li>
            ))}
          </ul>
          <Button variant="minimal" size="sm" onClick={query.clearFilters}>
            {t('list.clearFilters')}
          </Button>
        </div>
      ) : null}
    </section>
  );
});
