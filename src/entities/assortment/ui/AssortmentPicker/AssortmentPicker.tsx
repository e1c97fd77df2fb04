import { searchedItems, usePickerSearch, ValueCombobox, type ComboboxOption } from '@/shared/ui';

import { useListAssortmentsQuery } from '../../api/assortmentApi';

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
  const search = usePickerSearch();
  const query = useListAssortmentsQuery({ ...search.params, ...(activeOnly ? { isActive: true } : {}) }, { skip: search.skip });
  const items: ComboboxOption[] = (query.data?.results ?? []).map((assortment) => ({
    value: assortment.code,
    label: `${assortment.code} · ${assortment.name}`,
    description: assortment.assortmentTypeName,
  }));
  return <ValueCombobox {...props} {...searchedItems(query, items)} onSearch={search.onSearch} />;
}
