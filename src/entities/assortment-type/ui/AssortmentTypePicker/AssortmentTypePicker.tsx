import { useMemo, useState } from 'react';

import { ValueCombobox, type ComboboxOption } from '@/shared/ui';

import { useListAssortmentTypesQuery } from '../../api/assortmentTypeApi';

/** Hits a picker shows: the server's first 20 for the typed text. */
const PICKER_PAGE_SIZE = 20;

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
  const [search, setSearch] = useState<string | null>(null);
  const { data, currentData, isFetching } = useListAssortmentTypesQuery(
    { search: search || undefined, pageSize: PICKER_PAGE_SIZE },
    { skip: search === null },
  );
  // Types are few: the first page of 100 names the ones chosen.
  const { data: named } = useListAssortmentTypesQuery({ pageSize: 100 }, { skip: value.length === 0 });
  const labels = useMemo(() => Object.fromEntries((named?.results ?? []).map((type) => [String(type.id), type.name])), [named]);
  const items: ComboboxOption[] = (data?.results ?? []).map((type) => ({ value: String(type.id), label: type.name }));
  return (
    <ValueCombobox
      {...props}
      value={value}
      labels={labels}
      items={items}
      loading={isFetching && !currentData}
      hasMore={(data?.count ?? 0) > items.length}
      onSearch={setSearch}
    />
  );
}
