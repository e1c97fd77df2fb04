import { useField } from 'formik';
import { useId } from 'react';

import styles from './FormikCheckbox.module.css';

import { useShownError } from '../useShownError/useShownError';

export interface FormikCheckboxProps {
  readonly name: string;
  readonly label: string;
  /** Why the box cannot be changed, or what it means; tied to the box for assistive technology. */
  readonly hint?: string | undefined;
  readonly disabled?: boolean;
}

/** A checkbox bound to the Formik boolean field of the same name, with its hint and (server) error. */
export function FormikCheckbox({ name, label, hint, disabled }: FormikCheckboxProps) {
  const id = useId();
  const [field, meta] = useField<boolean>({ name, type: 'checkbox' });
  const error = useShownError(field.checked, meta);
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  return (
    <div className={styles.field}>
      <div className={styles.row}>
        <input
          id={id}
          name={field.name}
          checked={field.checked ?? false}
          onChange={field.onChange}
          onBlur={field.onBlur}
          type="checkbox"
          className={styles.box}
          disabled={disabled}
          aria-invalid={error ? true : undefined}
          aria-describedby={[hintId, errorId].filter(Boolean).join(' ') || undefined}
        />
        <label htmlFor={id} className={styles.label}>
          {label}
        </label>
      </div>
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
