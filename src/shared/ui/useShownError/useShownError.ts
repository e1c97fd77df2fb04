import { useFormikContext, type FieldMetaProps } from 'formik';
import { useState } from 'react';

/** Whether two form values are the same, taking '', null and undefined as one empty value (a list or object by its JSON). */
const sameValue = (a: unknown, b: unknown): boolean => JSON.stringify(a ?? '') === JSON.stringify(b ?? '');

/**
 * The error a Formik field shows: once the field was touched and either changed (at any time
 * since the form opened, even if changed back) or the form was submitted. Formik touches every
 * field on submit, so server errors set after a submit show too. Leaving a field that was never
 * changed says nothing yet: a form that starts in its first field would otherwise grow an error
 * under it as the user clicks elsewhere, moving what they were clicking. Every Formik-bound field
 * shows its error through this one rule.
 */
export function useShownError(value: unknown, meta: FieldMetaProps<unknown>): string | undefined {
  const { submitCount } = useFormikContext();
  // Kept once seen: a field typed in and emptied again still counts as changed.
  const [edited, setEdited] = useState(false);
  if (!edited && !sameValue(value, meta.initialValue)) setEdited(true);
  return meta.touched && (submitCount > 0 || edited) ? meta.error : undefined;
}
