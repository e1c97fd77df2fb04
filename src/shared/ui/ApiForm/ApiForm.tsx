import { Form, Formik, useFormikContext, type FormikProps, type FormikValues } from 'formik';
import type { ReactNode } from 'react';

import type { FormStatus } from '../../api';
import { useApiSubmit, type ApiSubmitOptions } from '../../lib/form/useApiSubmit';
import { Button, type ButtonVariant } from '../Button/Button';
import { FormAlert } from '../FormCard/FormCard';

/** The form's root messages from Formik's status: the error not about one field, or a success. */
export function FormRootAlert() {
  const status = useFormikContext().status as FormStatus | undefined;
  const { formError, formSuccess } = status ?? {};
  return (
    <>
      {formError ? <FormAlert>{formError}</FormAlert> : null}
      {formSuccess ? <FormAlert tone="success">{formSuccess}</FormAlert> : null}
    </>
  );
}

export interface SubmitButtonProps {
  readonly children: ReactNode;
  /** The label while the save is under way; the button is disabled meanwhile either way. */
  readonly submitting?: ReactNode;
  readonly variant?: ButtonVariant;
}

/** The form's submit button, disabled while the form is submitting. */
export function SubmitButton({ children, submitting, variant }: SubmitButtonProps) {
  const { isSubmitting } = useFormikContext();
  return (
    <Button type="submit" variant={variant} disabled={isSubmitting} aria-busy={isSubmitting || undefined}>
      {isSubmitting && submitting ? submitting : children}
    </Button>
  );
}

export interface ApiFormProps<Values extends FormikValues, Result> extends ApiSubmitOptions<Values, Result> {
  readonly initialValues: Values;
  /** A yup schema (from the slice's `model/`). */
  readonly validationSchema?: unknown;
  /** The form's accessible name. */
  readonly label: string;
  readonly className?: string;
  /** The fields and the submit button; a function receives Formik's state (values, setFieldValue, ...). */
  readonly children: ReactNode | ((formik: FormikProps<Values>) => ReactNode);
}

/**
 * A Formik form that saves through the API with `useApiSubmit`: the root alert at the top, the
 * fields below. Server field errors land on their fields, the rest in the root alert; what the
 * user typed stays when a save fails.
 */
export function ApiForm<Values extends FormikValues, Result>({
  initialValues,
  validationSchema,
  label,
  className,
  children,
  ...submitOptions
}: ApiFormProps<Values, Result>) {
  const onSubmit = useApiSubmit(submitOptions);
  return (
    <Formik<Values> initialValues={initialValues} validationSchema={validationSchema} onSubmit={onSubmit}>
      {(formik) => (
        <Form noValidate className={className} aria-label={label}>
          <FormRootAlert />
          {typeof children === 'function' ? children(formik) : children}
        </Form>
      )}
    </Formik>
  );
}
