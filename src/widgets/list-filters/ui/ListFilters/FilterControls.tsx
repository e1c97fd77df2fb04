import { useId, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

import styles from './ListFilters.module.css';

/** The filter bar's own controls: a labelled native field, a text or number field, and a date range. */

/** A native field of the bar with its label above it; `id` is the field's. */
export function LabelledField({ id, label, children }: { readonly id: string; readonly label: string; readonly children: ReactNode }) {
  return (
    <div className={styles.field}>
      <label htmlFor={id} className={styles.label}>
        {label}
      </label>
      {children}
    </div>
  );
}

/** A text or number filter: applied on Enter or when the field is left, not on every key. */
export function TextFilter({
  label,
  value,
  numeric,
  onCommit,
}: {
  readonly label: string;
  readonly value: string;
  readonly numeric: boolean;
  readonly onCommit: (value: string) => void;
}) {
  const id = useId();
  const [text, setText] = useState(value);
  const [seen, setSeen] = useState(value);
  if (seen !== value) {
    setSeen(value);
    setText(value);
  }
  return (
    <LabelledField id={id} label={label}>
      <input
        id={id}
        className={styles.input}
        type={numeric ? 'number' : 'text'}
        inputMode={numeric ? 'numeric' : undefined}
        value={text}
        onChange={(event) => setText(event.target.value)}
        onBlur={() => text.trim() !== value && onCommit(text.trim())}
        onKeyDown={(event) => {
          if (event.key === 'Enter') onCommit(text.trim());
        }}
      />
    </LabelledField>
  );
}

/**
 * From–to with native date inputs; a timestamp bound from a link shows as its date. Each input writes
 * only its own end, so the other keeps what the URL holds even if it changed since this render.
 */
export function DateRange({
  label,
  from,
  to,
  onFromChange,
  onToChange,
}: {
  readonly label: string;
  readonly from: string;
  readonly to: string;
  readonly onFromChange: (from: string) => void;
  readonly onToChange?: ((to: string) => void) | undefined;
}) {
  const { t } = useTranslation();
  const fromValue = from.slice(0, 10);
  const toValue = to.slice(0, 10);
  return (
    <fieldset className={styles.range}>
      <legend className={styles.label}>{label}</legend>
      <div className={styles.rangeInputs}>
        <input
          type="date"
          className={styles.input}
          aria-label={`${label}: ${t('list.from')}`}
          value={fromValue}
          max={toValue || undefined}
          onChange={(event) => onFromChange(event.target.value)}
        />
        {onToChange ? (
          <>
            <span aria-hidden="true">–</span>
            <input
              type="date"
              className={styles.input}
              aria-label={`${label}: ${t('list.to')}`}
              value={toValue}
              min={fromValue || undefined}
              onChange={(event) => onToChange(event.target.value)}
            />
          </>
        ) : null}
      </div>
    </fieldset>
  );
}

/**
 * The filter bar of a list screen, built from the list's contract and the screen's short list of
 * fields: date ranges, multi-selects for statuses and actions, pickers for reference data, text
 * fields, a debounced search box, "More filters" with the created and modified ranges, the active
 * filters as removable chips, "Clear filters", and a notice naming what a link held that was ignored.
 * On a phone the fields fold behind a "Filters" button that counts the active ones; search and the
 * chips stay in view.
 */
// Memoised: a list screen re-renders when its rows arrive, and the filter bar, the screen's
// largest part, has nothing new to show then (the query object stays the same; see useListQuery).
