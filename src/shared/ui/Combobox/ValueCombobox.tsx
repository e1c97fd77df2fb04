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
