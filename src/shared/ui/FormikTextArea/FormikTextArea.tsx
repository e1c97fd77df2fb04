import { useField } from 'formik';
import { useId, type TextareaHTMLAttributes } from 'react';
import { useTranslation } from 'react-i18next';

import { useFormat } from '@/shared/lib/format';

import fieldStyles from '../TextField/TextField.module.css';
import { useShownError } from '../useShownError/useShownError';

import styles from './FormikTextArea.module.css';

export interface FormikTextAreaProps extends Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'id' | 'value' | 'onChange' | 'onBlur'> {
  readonly label: string;
  readonly name: string;
  readonly hint?: string;
}

/**
 * A labelled multi-line text bound to the Formik field of the same name, styled as TextField.
 * `maxLength` is shown as a counter, not set on the element: a browser would cut a longer pasted
 * text without a word, and the person would not know what was lost. Past the limit the counter
 * says by how much, and the form's schema refuses the text.
 */
export function FormikTextArea({ label, name, hint, className, maxLength, ...textareaProps }: FormikTextAreaProps) {
  const id = useId();
  const { t } = useTranslation();
  const format = useFormat();
  const [field, meta] = useField<string | undefined>(name);
  const value = field.value ?? '';
  const error = useShownError(field.value, meta);
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  const counterId = maxLength === undefined ? undefined : `${id}-counter`;
  // Counted in code points, as the server counts a text's length.
  const length = [...value].length;
  const over = maxLength === undefined ? 0 : length - maxLength;
  return (
    <div className={className ? `${fieldStyles.field} ${className}` : fieldStyles.field}>
      <label htmlFor={id} className={fieldStyles.label}>
        {label}
      </label>
      <textarea
        {...textareaProps}
        id={id}
        name={name}
        value={value}
        onChange={field.onChange}
        onBlur={field.onBlur}
        className={`${fieldStyles.input} ${styles.textarea} ${error || over > 0 ? fieldStyles.invalid : ''}`}
        aria-invalid={error || over > 0 ? true : undefined}
        aria-describedby={[hintId, counterId, errorId].filter(Boolean).join(' ') || undefined}
      />
      {hint ? (
        <p id={hintId} className={fieldStyles.hint}>
          {hint}
        </p>
      ) : null}
      {maxLength === undefined ? null : (
        <p
          id={counterId}
          className={`${styles.counter} ${over > 0 ? fieldStyles.error : fieldStyles.hint}`}
          aria-label={t('ui.textArea.countLabel', { count: length, limit: maxLength })}
        >
          {over > 0
            ? t('ui.textArea.over', { over: format.number(over), limit: format.number(maxLength) })
            : t('ui.textArea.count', { count: format.number(length), limit: format.number(maxLength) })}
        </p>
      )}
      {error ? (
        <p id={errorId} className={fieldStyles.error}>
          {error}
        </p>
      ) : null}
    </div>
  );
}
