import { useMultipleSelection, useSelect } from 'downshift';
import { useTranslation } from 'react-i18next';

import styles from './MultiSelect.module.css';

export interface SelectOption {
  readonly value: string;
  /** What the user reads, translated. */
  readonly label: string;
}

export interface MultiSelectProps {
  readonly label: string;
  readonly options: readonly SelectOption[];
  /** Selected values, in the order they were chosen. */
  readonly value: readonly string[];
  readonly onChange: (value: string[]) => void;
  /** Shown when nothing is selected; "Any" by default. */
  readonly placeholder?: string;
  readonly disabled?: boolean;
  /**
   * A CSS width the field keeps whatever is picked (a long choice is cut short with "…" and read in
   * full on hover), so a row of fields does not move as values are picked; its content's by default.
   */
  readonly width?: string;
}

/**
 * Picks any number of values from a short fixed list (statuses, actions). The list stays open
 * while the user ticks items; Enter or Space toggles the highlighted one, Escape closes.
 */
export function MultiSelect({ label, options, value, onChange, placeholder, disabled = false, width }: MultiSelectProps) {
  const { t } = useTranslation();
  const selectedItems = options.filter((option) => value.includes(option.value));
  const { getDropdownProps } = useMultipleSelection<SelectOption>({
    selectedItems,
    itemToKey: (item) => item?.value,
    onSelectedItemsChange: ({ selectedItems: items }) => onChange(items.map((item) => item.value)),
  });
  const toggle = (item: SelectOption) =>
    onChange(value.includes(item.value) ? value.filter((entry) => entry !== item.value) : [...value, item.value]);
  const { isOpen, highlightedIndex, getToggleButtonProps, getLabelProps, getMenuProps, getItemProps } = useSelect<SelectOption>({
    items: [...options],
    itemToString: (item) => item?.label ?? '',
    selectedItem: null,
    isItemDisabled: () => disabled,
    stateReducer: (_state, { changes, type }) => {
      // Ticking an item keeps the list open and the item highlighted.
      if (
        type === useSelect.stateChangeTypes.ToggleButtonKeyDownEnter ||
        type === useSelect.stateChangeTypes.ToggleButtonKeyDownSpaceButton ||
        type === useSelect.stateChangeTypes.ItemClick
      ) {
        return { ...changes, isOpen: true, highlightedIndex: _state.highlightedIndex };
      }
      return changes;
    },
    onSelectedItemChange: ({ selectedItem }) => {
      if (selectedItem) toggle(selectedItem);
    },
  });

  const summary =
    selectedItems.length === 0
      ? (placeholder ?? t('ui.select.any'))
      : selectedItems.length <= 2
        ? selectedItems.map((item) => item.label).join(', ')
        : t('ui.select.selected', { count: selectedItems.length });

  return (
    <div className={width ? `${styles.field} ${styles.fixed}` : styles.field} style={width ? { width } : undefined}>
      <label className={styles.label} {...getLabelProps()}>
        {label}
      </label>
      <button
        type="button"
        className={`${styles.toggle} ${selectedItems.length > 0 ? styles.active : ''}`}
        disabled={disabled}
        {...getToggleButtonProps(getDropdownProps({ preventKeyAction: isOpen }))}
      >
        <span className={styles.summary} title={width ? summary : undefined}>
          {summary}
        </span>
        <svg width="10" height="10" viewBox="0 0 10 10" aria-hidden="true">
          <path d="M1 3l4 4 4-4" fill="none" stroke="currentColor" strokeWidth="1.5" />
        </svg>
      </button>
      <ul className={styles.menu} hidden={!isOpen} aria-multiselectable="true" {...getMenuProps()}>
        {isOpen
          ? options.map((option, index) => {
              const checked = value.includes(option.value);
              return (
                <li
                  key={option.value}
                  className={`${styles.item} ${highlightedIndex === index ? styles.highlighted : ''}`}
                  {...getItemProps({ item: option, index })}
                  aria-selected={checked}
                >
                  <span className={`${styles.check} ${checked ? styles.checked : ''}`} aria-hidden="true">
                    {checked ? '✓' : ''}
                  </span>
                  {option.label}
                </li>
              );
            })
          : null}
      </ul>
    </div>
  );
}
