import { useField } from 'formik';
import { useId, type SelectHTMLAttributes } from 'react';

import styles from '../TextField/TextField.module.css';
import { useShownError } from '../useShownError/useShownError';

export interface FormikSelectFieldProps extends Omit<SelectHTMLAttributes<HTMLSelectElement>, 'id' | 'value' | 'onChange' | 'onBlur'> {
  readonly label: string;
  readonly name: string;
  /** The choices, in order; a choice with the value '' stands for none. */
  readonly options: readonly { readonly value: string; readonly label: string }[];
  readonly hint?: string | undefined;
}

/**
 * A native select bound to the Formik field of the same name, drawn as the text fields beside it:
 * its label, hint and error tied to it for assistive technology; the error shows once touched.
 */
export function FormikSelectField({ label, name, options, hint, className, ...selectProps }: FormikSelectFieldProps) {
  const [field, meta] = useField<string>(name);
  const id = useId();
  const error = useShownError(field.value, meta);
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  const describedBy = [hintId, errorId].filter(Boolean).join(' ') || undefined;
  return (
    <div className={className ? `${styles.field} ${className}` : styles.field}>
      <label htmlFor={id} className={styles.label}>
        {label}
      </label>
      <select
        {...selectProps}
        {...field}
        value={field.value ?? ''}
        id={id}
        className={error ? `${styles.input} ${styles.invalid}` : styles.input}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
      >
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
      {hint ? (
        <p id={hintId} className={styles.hint}>
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={errorId} className={styles.error}>
          {error}
        </p>
      ) : null}
    </div>
  );
}
