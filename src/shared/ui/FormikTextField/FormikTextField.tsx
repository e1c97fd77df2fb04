import { useField, useFormikContext } from 'formik';
import { useState } from 'react';

import { TextField, type TextFieldProps } from '../TextField/TextField';

export type FormikTextFieldProps = Omit<TextFieldProps, 'value' | 'onChange' | 'onBlur' | 'error'>;

/**
 * A TextField bound to the Formik field of the same name. Its error shows once the field was
 * touched and either changed or submitted (Formik touches every field on submit, so server errors
 * set after a submit show too). Leaving a field never typed in says nothing yet: a form that
 * starts in its first field would otherwise grow an error under it as the user clicks elsewhere,
 * moving what they were clicking.
 */
export function FormikTextField(props: FormikTextFieldProps) {
  const [field, meta] = useField<string | undefined>(props.name);
  const { submitCount } = useFormikContext();
  // Once typed in, the field counts as changed, even when emptied again.
  const [typed, setTyped] = useState(false);
  const shown = meta.touched && (submitCount > 0 || typed || (field.value ?? '') !== (meta.initialValue ?? ''));
  return (
    <TextField
      {...props}
      value={field.value ?? ''}
      onChange={(event) => {
        setTyped(true);
        field.onChange(event);
      }}
      onBlur={field.onBlur}
      error={shown ? meta.error : undefined}
    />
  );
}
