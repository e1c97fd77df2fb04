import {
  Form,
  Formik,
  useFormikContext,
  validateYupSchema,
  yupToFormErrors,
  type FormikErrors,
  type FormikProps,
  type FormikValues,
} from 'formik';
import { lazy, Suspense, useCallback, useRef, type FocusEventHandler, type ReactNode } from 'react';

import type { FormStatus } from '../../api';
import { useApiSubmit, type ApiSubmitOptions } from '../../lib/form/useApiSubmit';
import { Button, type ButtonVariant } from '../Button/Button';
import { FormAlert } from '../FormCard/FormCard';

// Loaded once a form first has changes: a page that only shows a form (sign-in) does not load the dialog.
const LeaveGuard = lazy(() => import('../LeaveGuard/LeaveGuard').then((module) => ({ default: module.LeaveGuard })));

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

/** Loads a yup schema (from the slice's `model/`) with `import()`; see `ApiFormProps.loadValidationSchema`. */
export type ValidationSchemaLoader = () => Promise<unknown>;

const isValidationError = (error: unknown): error is Parameters<typeof yupToFormErrors>[0] =>
  error instanceof Error && error.name === 'ValidationError';

/**
 * Formik's `validate` for a schema loaded on first use: the same checks and messages as
 * `validationSchema` (Formik's own yup helpers), once the schema's module has arrived.
 */
function useLazyValidation<Values extends FormikValues>(load: ValidationSchemaLoader | undefined) {
  const loaded = useRef<{ load: ValidationSchemaLoader; schema: Promise<unknown> } | null>(null);
  const validate = useCallback(
    async (values: Values): Promise<FormikErrors<Values>> => {
      if (!load) return {};
      if (loaded.current?.load !== load) loaded.current = { load, schema: load() };
      const schema = await loaded.current.schema;
      try {
        await validateYupSchema(values, schema);
        return {};
      } catch (error) {
        if (isValidationError(error)) return yupToFormErrors<Values>(error);
        throw error;
      }
    },
    [load],
  );
  return load ? validate : undefined;
}

export interface ApiFormProps<Values extends FormikValues, Result> extends ApiSubmitOptions<Values, Result> {
  readonly initialValues: Values;
  /** A yup schema (from the slice's `model/`). */
  readonly validationSchema?: unknown;
  /**
   * Instead of `validationSchema`: loads the schema when the form is first validated (the first
   * change, blur or submit), so a page that only shows the form does not load yup. Keep it stable
   * (`useCallback`): another function loads the schema again.
   */
  readonly loadValidationSchema?: ValidationSchemaLoader;
  /** Focus moved into the form: e.g. fetch what submitting will need. */
  readonly onFocus?: FocusEventHandler<HTMLFormElement>;
  /** The form's accessible name. */
  readonly label: string;
  readonly className?: string;
  /**
   * Whether leaving with changes asks first (true by default). Off for forms whose values are not
   * worth keeping (signing in) or whose success leaves the page after the save.
   */
  readonly guardLeaving?: boolean;
  /** What leaving with changes would lose ("Your changes to this waybill will be lost."). */
  readonly leaveText?: string;
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
  loadValidationSchema,
  label,
  className,
  onFocus,
  guardLeaving = true,
  leaveText,
  children,
  ...submitOptions
}: ApiFormProps<Values, Result>) {
  const onSubmit = useApiSubmit(submitOptions);
  const validate = useLazyValidation<Values>(loadValidationSchema);
  return (
    <Formik<Values> initialValues={initialValues} validationSchema={validationSchema} validate={validate} onSubmit={onSubmit}>
      {(formik) => (
        <Form
          noValidate
          className={className}
          aria-label={label}
          onFocus={onFocus}
          // Every new submit starts without the last one's root message, even one the field checks stop
          // before it is sent (Formik calls onSubmit only for valid values).
          onSubmitCapture={() => formik.setStatus({})}
        >
          <FormRootAlert />
          {/* While the save runs, its own way out (to the saved record) is no leaving. */}
          {guardLeaving && formik.dirty ? (
            <Suspense fallback={null}>
              <LeaveGuard when={!formik.isSubmitting} text={leaveText} />
            </Suspense>
          ) : null}
          {typeof children === 'function' ? children(formik) : children}
        </Form>
      )}
    </Formik>
  );
}
