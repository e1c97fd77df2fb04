import type { FilterDef, ListContract } from '@timberlog/contract';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

import { AssortmentPicker } from '@/entities/assortment';
import { AssortmentTypePicker } from '@/entities/assortment-type';
import { CompanyPicker } from '@/entities/company';
import { DestinationPicker, OriginPicker, WarehousePicker } from '@/entities/warehouse';
import { WorkerPicker } from '@/entities/worker';
import type { ListQuery } from '@/shared/lib/list-query';
import { MultiSelect } from '@/shared/ui';

import { DateRange, LabelledField, TextFilter } from './FilterControls';
import type { FilterFieldSpec } from './filterFields';
import { asArray, changeFrom, valuesOf } from './filterValues';
import styles from './ListFilters.module.css';

/** A multi-select's width in the bar: picking values cuts its summary short rather than moving the fields beside it. */
const MULTI_SELECT_WIDTH = '12rem';

interface FilterControlProps {
  readonly spec: FilterFieldSpec;
  /** The contract's definition of the filter `spec` names. */
  readonly def: FilterDef;
  readonly query: ListQuery<object, ListContract>;
  /** Prefix of the ids of the bar's own native fields. */
  readonly idPrefix: string;
}

/**
 * One filter's control, chosen by the contract's filter kind: a date range, a day, a multi-select
 * of the filter's own values, a reference picker, a yes/no select, or a text or number field.
 */
export function FilterControl({ spec, def, query, idPrefix }: FilterControlProps): ReactNode {
  const { t } = useTranslation();
  const { filters } = query.state;
  const value = filters[spec.name];
  const id = `${idPrefix}-${spec.name}`;
  if (spec.to !== undefined || def.kind === 'after' || def.kind === 'before') {
    const toName = spec.to;
    return (
      <DateRange
        label={spec.label}
        from={asArray(value)[0] ?? ''}
        to={toName ? (asArray(filters[toName])[0] ?? '') : ''}
        onFromChange={(from) => query.setFilter(spec.name, from || undefined)}
        onToChange={toName ? (to) => query.setFilter(toName, to || undefined) : undefined}
      />
    );
  }
  if (def.kind === 'day') {
    return (
      <LabelledField id={id} label={spec.label}>
        <input
          id={id}
          type="date"
          className={styles.input}
          value={asArray(value)[0] ?? ''}
          onChange={(event) => query.setFilter(spec.name, event.target.value || undefined)}
        />
      </LabelledField>
    );
  }
  const pick = (next: readonly string[]) =>
    query.setFilter(spec.name, def.kind === 'multi' ? changeFrom(asArray(value), next) : next[next.length - 1]);
  const choices = valuesOf(def);
  if ((def.kind === 'multi' || def.kind === 'exact') && choices) {
    const options = choices.map((option) => ({ value: option, label: spec.optionLabel?.(option) ?? option }));
    return <MultiSelect label={spec.label} options={options} value={asArray(value)} width={MULTI_SELECT_WIDTH} onChange={pick} />;
  }
  if ((def.kind === 'multi' || def.kind === 'exact') && def.ref) {
    const props = { label: spec.label, value: asArray(value), multiple: def.kind === 'multi', onChange: pick };
    switch (def.ref) {
      case 'company':
        return <CompanyPicker {...props} />;
      case 'invoiceCustomer':
        return <CompanyPicker {...props} isInvoiceCustomer />;
      case 'origin':
        return <OriginPicker {...props} />;
      case 'destination':
        return <DestinationPicker {...props} />;
      case 'warehouse':
        return <WarehousePicker {...props} />;
      case 'assortment':
        return <AssortmentPicker {...props} />;
      case 'assortmentType':
        return <AssortmentTypePicker {...props} />;
      case 'worker':
        return <WorkerPicker {...props} />;
    }
  }
  if (def.kind === 'boolean' || def.kind === 'present') {
    return (
      <LabelledField id={id} label={spec.label}>
        <select
          id={id}
          className={styles.input}
          value={asArray(value)[0] ?? ''}
          onChange={(event) => query.setFilter(spec.name, event.target.value || undefined)}
        >
          <option value="">{t('ui.select.any')}</option>
          <option value="true">{spec.optionLabel?.('true') ?? t('list.yes')}</option>
          <option value="false">{spec.optionLabel?.('false') ?? t('list.no')}</option>
        </select>
      </LabelledField>
    );
  }
  const numeric = def.kind === 'min' || def.kind === 'max' || (def.kind === 'exact' && def.type === 'integer');
  return (
    <TextFilter
      label={spec.label}
      numeric={numeric}
      value={asArray(value)[0] ?? ''}
      onCommit={(next) => query.setFilter(spec.name, next || undefined)}
    />
  );
}
