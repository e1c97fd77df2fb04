import { useMemo } from 'react';

import { searchedItems, usePickerSearch, ValueCombobox, type ComboboxOption } from '@/shared/ui';

import { useListAssortmentTypesQuery } from '../../api/assortmentTypeApi';

export interface AssortmentTypePickerProps {
  readonly label: string;
  /** Assortment type ids, as strings. */
  readonly value: readonly string[];
  readonly onChange: (ids: string[]) => void;
  readonly multiple?: boolean;
  readonly error?: string;
  readonly name?: string;
  readonly onBlur?: () => void;
  readonly disabled?: boolean;
}

/** Picks assortment types by name. Values are ids (as strings). */
export function AssortmentTypePicker({ value, ...props }: AssortmentTypePickerProps) {
  const search = usePickerSearch();
  const query = useListAssortmentTypesQuery(search.params, { skip: search.skip });
  // Types are few: the first page of 100 names the ones chosen.
  const { data: named } = useListAssortmentTypesQuery({ pageSize: 100 }, { skip: value.length === 0 });
  const labels = useMemo(() => Object.fromEntries((named?.results ?? []).map((type) => [String(type.id), type.name])), [named]);
  const items: ComboboxOption[] = (query.data?.results ?? []).map((type) => ({ value: String(type.id), label: type.name }));
  return <ValueCombobox {...props} value={value} labels={labels} {...searchedItems(query, items)} onSearch={search.onSearch} />;
}
