import { useState } from 'react';

import { Combobox, type ComboboxOption, type ComboboxProps } from './Combobox';

export interface ValueComboboxProps extends Omit<ComboboxProps, 'selected' | 'onChange'> {
  /** The chosen values (codes, ids as strings, names). */
  readonly value: readonly string[];
  readonly onChange: (value: string[]) => void;
  /** Labels of values that may not be among the current hits (e.g. values from the URL). */
  readonly labels?: Readonly<Record<string, string>>;
}

/**
 * A Combobox over plain values, as filters and forms hold them: it remembers the label of what
 * the user picked, and otherwise shows the given label or the value itself.
 */
export function ValueCombobox({ value, onChange, labels, items, ...props }: ValueComboboxProps) {
  const [picked, setPicked] = useState<Readonly<Record<string, string>>>({});
  const labelOf = (entry: string): string => picked[entry] ?? labels?.[entry] ?? items.find((item) => item.value === entry)?.label ?? entry;
  const selected: ComboboxOption[] = value.map((entry) => ({ value: entry, label: labelOf(entry) }));
  return (
    <Combobox
      {...props}
      items={items}
      selected={selected}
      onChange={(options) => {
        setPicked((previous) => ({ ...previous, ...Object.fromEntries(options.map((option) => [option.value, option.label])) }));
        onChange(options.map((option) => option.value));
      }}
    />
  );
}

/** Hits a picker shows: the server's first 20 for the typed text. */
const PICKER_PAGE_SIZE = 20;

/**
 * What a picker searched on the server asks for: nothing until its text is first typed or its list
 * opened (`skip`), then the first PICKER_PAGE_SIZE hits for the text (`params`, with the picker's
 * own filters beside them).
 */
export function usePickerSearch() {
  const [search, setSearch] = useState<string | null>(null);
  return { params: { search: search || undefined, pageSize: PICKER_PAGE_SIZE }, skip: search === null, onSearch: setSearch };
}

/**
 * ValueCombobox's `items`, `loading` and `hasMore` from a picker's search (its RTK Query answer):
 * loading only while the typed text has no answer yet (`currentData`), so a reload of the same
 * text (a live update) keeps its items in view; more when the server has more hits than it shows.
 */
export const searchedItems = (
  query: { readonly data?: { readonly count: number }; readonly currentData?: unknown; readonly isFetching: boolean },
  items: ComboboxOption[],
) => ({ items, loading: query.isFetching && !query.currentData, hasMore: (query.data?.count ?? 0) > items.length });
