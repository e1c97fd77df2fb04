import { allFilters, type ListContract } from '@timberlog/contract';
import { useTranslation } from 'react-i18next';

import { useCompanyNames } from '@/entities/company';
import { useDestinationNames, useOriginNames, useWarehouseNamesById } from '@/entities/warehouse';
import { useFormat } from '@/shared/lib/format';
import type { ListQuery } from '@/shared/lib/list-query';
import { Button } from '@/shared/ui';

import { type FilterFieldSpec, SHARED_RANGES } from './filterFields';
import { asArray, valuesOf, without } from './filterValues';
import styles from './ListFilters.module.css';

interface Chip {
  readonly key: string;
  readonly text: string;
  readonly remove: () => void;
}

/** The active filters as chips, one per value, labelled as the user reads them (names, not ids). */
export function useFilterChips(query: ListQuery<object, ListContract>, fields: readonly FilterFieldSpec[]): readonly Chip[] {
  const { t } = useTranslation();
  const format = useFormat();
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
  return Object.entries(filters).flatMap(([name, value]) =>
    asArray(value).map((item) => {
      const { label, bound } = labelOf(name);
      const text = valueText(name, item);
      const chipText =
        bound === 'from'
          ? t('list.chipFrom', { label, value: text })
          : bound === 'to'
            ? t('list.chipTo', { label, value: text })
            : t('list.chipValue', { label, value: text });
      return { key: `${name}=${item}`, text: chipText, remove: () => query.setFilter(name, without(item)) };
    }),
  );
}

/** The search and every filter value as removable chips, with "Clear filters"; nothing when none is on. */
export function ActiveFilters({ query, chips }: { readonly query: ListQuery<object, ListContract>; readonly chips: readonly Chip[] }) {
  const { t } = useTranslation();
  const { search } = query.state;
  if (chips.length === 0 && search === '') return null;
  const searchChip = search ? t('list.chipSearch', { value: search }) : null;
  return (
    <div className={styles.chips}>
      <ul className={styles.chipList} aria-label={t('list.activeFilters')}>
        {searchChip ? (
          <li className={styles.chip}>
            <span>{searchChip}</span>
            <button
              type="button"
              className={styles.chipRemove}
              aria-label={t('list.removeFilter', { label: searchChip })}
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
  );
}
