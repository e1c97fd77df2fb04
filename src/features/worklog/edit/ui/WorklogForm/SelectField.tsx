import { useField } from 'formik';
import { useId, type ReactNode } from 'react';

import { useShownError } from '@/shared/ui';

import styles from './WorklogForm.module.css';

interface SelectFieldProps {
  readonly label: string;
  readonly name: string;
  readonly required?: boolean;
  /** Parses the chosen option's value into the form value (e.g. a warehouse id). */
  readonly parse?: (value: string) => string | number;
  /** The form value of the empty option. */
  readonly emptyValue?: string | null;
  readonly children: ReactNode;
}

/** A labelled native select bound to a Formik field, its error tied to it. */
export function SelectField({ label, name, required, parse = (value) => value, emptyValue = '', children }: SelectFieldProps) {
  const id = useId();
  const [field, meta, helpers] = useField<string | number | null | undefined>(name);
  const error = useShownError(field.value, meta);
  return (
    <div className={styles.field}>
      <label htmlFor={id} className={styles.label}>
        {label}
      </label>
      <select
        id={id}
        name={name}
        required={required}
        value={field.value === null || field.value === undefined ? '' : String(field.value)}
        onChange={(event) => void helpers.setValue(event.target.value === '' ? emptyValue : parse(event.target.value))}
        onBlur={field.onBlur}
        className={error ? `${styles.select} ${styles.invalid}` : styles.select}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
      >
        {children}
      </select>
      {error ? (
        <p id={`${id}-error`} className={styles.error}>
          {error}
        </p>
      ) : null}
    </div>
  );
}
