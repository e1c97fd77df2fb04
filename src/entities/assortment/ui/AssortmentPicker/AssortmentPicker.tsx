import { useState } from 'react';

import { ValueCombobox, type ComboboxOption } from '@/shared/ui';

import { useListAssortmentsQuery } from '../../api/assortmentApi';

/** Hits a picker shows: the server's first 20 for the typed text. */
const PICKER_PAGE_SIZE = 20;

export interface AssortmentPickerProps {
  readonly label: string;
  /** Assortment codes. */
  readonly value: readonly string[];
  readonly onChange: (codes: string[]) => void;
  readonly multiple?: boolean;
  /** Only assortments in use (forms); filters see every one. */
  readonly activeOnly?: boolean;
  readonly error?: string;
  readonly name?: string;
  readonly onBlur?: () => void;
  readonly disabled?: boolean;
}

/** Picks assortments by code or name, searched on the server. Values are codes. */
export function AssortmentPicker({ activeOnly = false, ...props }: AssortmentPickerProps) {
  const [search, setSearch] = useState<string | null>(null);
  const { data, currentData, isFetching } = useListAssortmentsQuery(
    { search: search || undefined, pageSize: PICKER_PAGE_SIZE, ...(activeOnly ? { isActive: true } : {}) },
    { skip: search === null },
  );
  const items: ComboboxOption[] = (data?.results ?? []).map((assortment) => ({
    value: assortment.code,
    label: `${assortment.code} · ${assortment.name}`,
    description: assortment.assortmentTypeName,
  }));
  return (
    <ValueCombobox
      {...props}
      items={items}
      loading={isFetching && !currentData}
      hasMore={(data?.count ?? 0) > items.length}
      onSearch={setSearch}
    />
  );
}
