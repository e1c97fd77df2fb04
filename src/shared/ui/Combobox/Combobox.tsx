import { useCombobox, useMultipleSelection } from 'downshift';
import { useEffect, useRef, useState, type ChangeEvent } from 'react';
import { useTranslation } from 'react-i18next';

import styles from './Combobox.module.css';

export interface ComboboxOption {
  readonly value: string;
  readonly label: string;
  /** A second, muted line: a code, a company. */
  readonly description?: string;
}

/** How long the picker waits after the last key before it searches. */
export const COMBOBOX_SEARCH_DEBOUNCE_MS = 300;

export interface ComboboxProps {
  readonly label: string;
  /** The hits for the current search (the server's first page). */
  readonly items: readonly ComboboxOption[];
  /**
   * The chosen options: with `multiple`, removable tags; otherwise at most one, shown as text in the
   * box like a select's (typing replaces it while searching), with a button that clears it.
   */
  readonly selected: readonly ComboboxOption[];
  readonly onChange: (selected: ComboboxOption[]) => void;
  /** Called with the typed text 300 ms after the last key (and with `''` when the list opens). */
  readonly onSearch: (text: string) => void;
  /**
   * The typed text's search has no answer yet: its items are not offered until it has. A picker
   * passes it only while the current text is unanswered, so a reload of the same text's answer
   * (after a live update) keeps the items in view.
   */
  readonly loading?: boolean;
  /** More hits exist than shown: the list says to type more. */
  readonly hasMore?: boolean;
  readonly multiple?: boolean;
  readonly placeholder?: string;
  readonly disabled?: boolean;
  /** Shown under the field and marks it invalid (forms). */
  readonly error?: string;
  /** For forms: the input's name. */
  readonly name?: string;
  readonly onBlur?: () => void;
}

/**
 * A searchable picker for reference data (downshift): type to search on the server, arrows and
 * Enter to pick, Backspace in the empty field removes the last tag. Single or multiple values.
 */
export function Combobox({
  label,
  items,
  selected,
  onChange,
  onSearch,
  loading = false,
  hasMore = false,
  multiple = false,
  placeholder,
  disabled = false,
  error,
  name,
  onBlur,
}: ComboboxProps) {
  const { t } = useTranslation();
  const [inputValue, setInputValue] = useState('');
  // A single picker shows its value as the box's text, except while it has the focus: then the box
  // holds the search (empty at first, the value as its placeholder), so typing never mixes with the value.
  const [typing, setTyping] = useState(false);
  const single = !multiple;
  const current = single ? selected[0] : undefined;
  const shownText = single && !typing ? (current?.label ?? '') : inputValue;
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  // Typed but not yet searched for: the items answer an earlier text, so none is offered until the
  // search for this one has answered (Enter or a quick click would pick one that does not match).
  const [unsearched, setUnsearched] = useState(false);

  const search = (text: string) => {
    clearTimeout(timer.current);
    timer.current = setTimeout(() => {
      setUnsearched(false);
      onSearch(text.trim());
    }, COMBOBOX_SEARCH_DEBOUNCE_MS);
  };
  const answering = unsearched || loading;
  const offered = answering ? [] : items;

  const selectedValues = new Set(selected.map((option) => option.value));
  const { getSelectedItemProps, getDropdownProps, removeSelectedItem } = useMultipleSelection<ComboboxOption>({
    selectedItems: [...selected],
    itemToKey: (item) => item?.value,
    onSelectedItemsChange: ({ selectedItems }) => onChange(selectedItems),
  });

  const { isOpen, highlightedIndex, getLabelProps, getMenuProps, getInputProps, getItemProps, getToggleButtonProps } =
    useCombobox<ComboboxOption>({
      items: [...offered],
      itemToString: (item) => item?.label ?? '',
      itemToKey: (item) => item?.value,
      inputValue: shownText,
      selectedItem: null,
      isItemDisabled: (item) => !multiple && selectedValues.has(item.value),
      stateReducer: (state, { changes, type }) => {
        switch (type) {
          case useCombobox.stateChangeTypes.InputKeyDownEnter:
          case useCombobox.stateChangeTypes.ItemClick:
            // Enter with nothing highlighted (none offered yet: the typed text not yet answered) picks
            // nothing and changes nothing: the list stays open, the typed text stays, to be answered.
            if (type === useCombobox.stateChangeTypes.InputKeyDownEnter && (offered.length === 0 || state.highlightedIndex < 0))
              return state;
            // Picking keeps the list open in multiple mode, for the next pick.
            return { ...changes, isOpen: multiple, highlightedIndex: state.highlightedIndex, inputValue: '' };
          case useCombobox.stateChangeTypes.InputBlur:
            return { ...changes, inputValue: '' };
          default:
            return changes;
        }
      },
      onStateChange: ({ type, selectedItem }) => {
        switch (type) {
          case useCombobox.stateChangeTypes.InputKeyDownEnter:
          case useCombobox.stateChangeTypes.ItemClick:
            if (selectedItem) {
              if (!multiple) onChange([selectedItem]);
              else if (selectedValues.has(selectedItem.value)) onChange(selected.filter((option) => option.value !== selectedItem.value));
              else onChange([...selected, selectedItem]);
            }
            setInputValue('');
            search('');
            break;
          case useCombobox.stateChangeTypes.InputBlur:
            setTyping(false);
            setInputValue('');
            break;
          default:
            break;
        }
      },
      onIsOpenChange: ({ isOpen: open }) => {
        if (open) onSearch(inputValue.trim());
      },
    });

  let status: string | null = null;
  if (answering) status = t('ui.select.searching');
  else if (items.length === 0) status = inputValue ? t('ui.select.noMatches') : t('ui.select.typeToSearch');

  const inputId = name ? `combobox-${name}` : undefined;
  return (
    <div className={styles.field}>
      <label className={styles.label} {...getLabelProps(inputId ? { htmlFor: inputId } : {})}>
        {label}
      </label>
      <div className={`${styles.control} ${error ? styles.invalid : ''} ${disabled ? styles.disabled : ''}`}>
        {(multiple ? selected : []).map((option, index) => (
          <span key={option.value} className={styles.tag} {...getSelectedItemProps({ selectedItem: option, index })}>
            <span className={styles.tagText} title={option.label}>
              {option.label}
            </span>
            <button
              type="button"
              className={styles.remove}
              disabled={disabled}
              aria-label={t('ui.select.remove', { label: option.label })}
              onClick={(event) => {
                event.stopPropagation();
                removeSelectedItem(option);
              }}
            >
              ×
            </button>
          </span>
        ))}
        {/* In single mode picking again replaces the value. */}
        <input
          className={styles.input}
          placeholder={single && current ? current.label : selected.length === 0 ? (placeholder ?? t('ui.select.typeToSearch')) : undefined}
          disabled={disabled}
          aria-invalid={error ? true : undefined}
          {...getInputProps(
            getDropdownProps({
              preventKeyAction: isOpen,
              ...(inputId ? { id: inputId } : {}),
              ...(name ? { name } : {}),
              // The typed text is kept in the input's own change event, not in downshift's state
              // callback after it: a controlled input whose value lags a keystroke loses the next one.
              onChange: (event: ChangeEvent<HTMLInputElement>) => {
                const text = event.currentTarget.value;
                setTyping(true);
                setInputValue(text);
                setUnsearched(true);
                search(text);
              },
              onBlur: () => {
                // Leaving a single picker shows its value again, whatever was typed.
                setTyping(false);
                setInputValue('');
                onBlur?.();
              },
              ...(single ? { onFocus: () => setTyping(true) } : {}),
            }),
          )}
        />
        {current ? (
          <button
            type="button"
            className={styles.remove}
            disabled={disabled}
            aria-label={t('ui.select.remove', { label: current.label })}
            onClick={() => {
              setTyping(false);
              onChange([]);
            }}
          >
            ×
          </button>
        ) : null}
        <button type="button" className={styles.toggle} disabled={disabled} tabIndex={-1} aria-label={label} {...getToggleButtonProps()}>
          <svg width="10" height="10" viewBox="0 0 10 10" aria-hidden="true">
            <path d="M1 3l4 4 4-4" fill="none" stroke="currentColor" strokeWidth="1.5" />
          </svg>
        </button>
      </div>
      <div className={styles.popup} hidden={!isOpen || (offered.length === 0 && !status)}>
        <ul className={styles.menu} {...getMenuProps()}>
          {isOpen
            ? offered.map((item, index) => (
                <li
                  key={item.value}
                  className={`${styles.item} ${highlightedIndex === index ? styles.highlighted : ''}`}
                  {...getItemProps({ item, index })}
                  aria-selected={selectedValues.has(item.value)}
                >
                  <span className={styles.itemLabel}>{item.label}</span>
                  {item.description ? <span className={styles.itemDescription}>{item.description}</span> : null}
                </li>
              ))
            : null}
        </ul>
        {isOpen && (status || hasMore) ? (
          <p className={styles.status} role="status">
            {status ?? t('ui.select.moreResults', { count: items.length })}
          </p>
        ) : null}
      </div>
      {error ? <p className={styles.error}>{error}</p> : null}
    </div>
  );
}
