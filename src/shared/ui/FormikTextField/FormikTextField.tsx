import { useField } from 'formik';

import { TextField, type TextFieldProps } from '../TextField/TextField';
import { useShownError } from '../useShownError/useShownError';

export type FormikTextFieldProps = Omit<TextFieldProps, 'value' | 'onChange' | 'onBlur' | 'error'>;

/** A TextField bound to the Formik field of the same name; its error shows by `useShownError`'s rule. */
export function FormikTextField(props: FormikTextFieldProps) {
  const [field, meta] = useField<string | undefined>(props.name);
  const error = useShownError(field.value, meta);
  return <TextField {...props} value={field.value ?? ''} onChange={field.onChange} onBlur={field.onBlur} error={error} />;
}
