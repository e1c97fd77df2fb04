import { useField } from 'formik';

import { TextField, type TextFieldProps } from '../TextField/TextField';

export type FormikTextFieldProps = Omit<TextFieldProps, 'value' | 'onChange' | 'onBlur' | 'error'>;

/**
 * A TextField bound to the Formik field of the same name. Its error shows once the field was
 * touched (Formik touches every field on submit, so server errors set after a submit show too).
 */
export function FormikTextField(props: FormikTextFieldProps) {
  const [field, meta] = useField<string | undefined>(props.name);
  return (
    <TextField
      {...props}
      value={field.value ?? ''}
      onChange={field.onChange}
      onBlur={field.onBlur}
      error={meta.touched ? meta.error : undefined}
    />
  );
}
