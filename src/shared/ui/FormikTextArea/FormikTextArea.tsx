import { useField } from 'formik';
import { useId, type TextareaHTMLAttributes } from 'react';

import fieldStyles from '../TextField/TextField.module.css';

import styles from './FormikTextArea.module.css';

export interface FormikTextAreaProps extends Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'id' | 'value' | 'onChange' | 'onBlur'> {
  readonly label: string;
  readonly name: string;
  readonly hint?: string;
}

/** A labelled multi-line text bound to the Formik field of the same name, styled as TextField. */
export function FormikTextArea({ label, name, hint, className, ...textareaProps }: FormikTextAreaProps) {
  const id = useId();
  const [field, meta] = useField<string | undefined>(name);
  const error = meta.touched ? meta.error : undefined;
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  return (
    <div className={className ? `${fieldStyles.field} ${className}` : fieldStyles.field}>
      <label htmlFor={id} className={fieldStyles.label}>
        {label}
      </label>
      <textarea
        {...textareaProps}
        id={id}
        name={name}
        value={field.value ?? ''}
        onChange={field.onChange}
        onBlur={field.onBlur}
        className={`${fieldStyles.input} ${styles.textarea} ${error ? fieldStyles.invalid : ''}`}
        aria-invalid={error ? true : undefined}
        aria-describedby={[hintId, errorId].filter(Boolean).join(' ') || undefined}
      />
      {hint ? (
        <p id={hintId} className={fieldStyles.hint}>
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={errorId} className={fieldStyles.error}>
          {error}
        </p>
      ) : null}
    </div>
  );
}
