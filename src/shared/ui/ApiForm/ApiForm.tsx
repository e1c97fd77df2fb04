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
import { lazy, Suspense, useCallback, useEffect, useRef, useState, type ReactNode } from 'react';

import type { ApiError, FormStatus } from '../../api';
import { useApiSubmit, type ApiCall, type ApiSubmitOptions } from '../../lib/form/useApiSubmit';
import { Button, type ButtonVariant } from '../Button/Button';
import { FormAlert } from '../FormCard/FormCard';

import type { Conflict, Versions as VersionsComponent } from './Versions';

// Loaded once a form first has changes: a page that only shows a form (sign-in) does not load the dialog.
const LeaveGuard = lazy(() => import('../LeaveGuard/LeaveGuard').then((module) => ({ default: module.LeaveGuard })));
// Loaded by a form that keeps drafts of its unsaved work.
const DraftKeeper = lazy(() => import('./DraftKeeper').then((module) => ({ default: module.DraftKeeper })));
// Loaded by a form that edits a record with a version: what to do when the record moves on.
// (lazy() drops the component's type parameter: it is given back.)
const Versions = lazy(() => import('./Versions').then((module) => ({ default: module.Versions }))) as unknown as typeof VersionsComponent;

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

/**
 * A form that edits a record with a version (docs/decisions/0009-record-versions.md): every save
 * sends the version the values were read at, and a save refused because someone changed the
 * record meanwhile (412) opens the conflict view instead of losing anything.
 */
export interface VersionedRecord<Values, Rec extends { readonly version: number } = { readonly version: number }> {
  /** The record as the app has it now; when it moves on while the user edits, the form says so. */
  readonly record: Rec;
  /** The record's fields as the form's values (for the 412's current record too). */
  toValues(record: Rec): Values;
  /** The fields the conflict view compares, in order, with their labels. */
  readonly labels: Readonly<Partial<Record<keyof Values & string, string>>>;
  /** Shows a value in the conflict view (a code as its name); the value as text by default. */
  readonly formatValue?: (field: keyof Values & string, value: unknown) => string;
  /** Who changed the record last, when the app heard ("Mari Mets"): the notice names them. */
  readonly changedBy?: string | null;
}

export interface ApiFormProps<Values extends FormikValues, Result>
  extends Omit<ApiSubmitOptions<Values, Result>, 'request' | 'onConflict'> {
  /** Sends the values; a versioned form passes the version they were read at (send it as If-Match). */
  readonly request: (values: Values, version: number) => ApiCall<Result>;
  /** The record the form edits, for versions and conflicts; without it the form creates something. */
  readonly versioned?: VersionedRecord<Values>;
  readonly initialValues: Values;
  /** A yup schema (from the slice's `model/`). */
  readonly validationSchema?: unknown;
  /**
   * Instead of `validationSchema`: loads the schema when the form is first validated (the first
   * change, blur or submit), so a page that only shows the form does not load yup. Keep it stable
   * (`useCallback`): another function loads the schema again.
   */
  readonly loadValidationSchema?: ValidationSchemaLoader;
  /** The user starts on the form (focuses a field, types, or points at it), once: e.g. fetch what submitting will need. */
  readonly onStart?: () => void;
  /** The form's accessible name. */
  readonly label: string;
  /** Focus goes to the form's first field when it opens: a page that is the form (signing in, editing a record). */
  readonly focusFirstField?: boolean;
  readonly className?: string;
  /**
   * Whether leaving with changes asks first (true by default). Off for forms whose values are not
   * worth keeping (signing in) or whose success leaves the page after the save.
   */
  readonly guardLeaving?: boolean;
  /** What leaving with changes would lose ("Your changes to this waybill will be lost."). */
  readonly leaveText?: string;
  /**
   * Keeps the unsaved values in this browser under this key (`draftKey(account, form)`) and offers
   * them back when the form opens again after a reload or a closed tab; removed once saved.
   */
  readonly localDraft?: string;
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
  onStart,
  guardLeaving = true,
  leaveText,
  localDraft,
  focusFirstField = false,
  children,
  request,
  versioned,
  onSuccess,
  ...submitOptions
}: ApiFormProps<Values, Result>) {
  // The version the form's starting values were read at: what every save sends as If-Match (the ref,
  // so a save right after a conflict sends the new one; the state, for what the form shows).
  const readAt = versioned?.record.version ?? 0;
  const versionRef = useRef<number>(readAt);
  const [version, setVersionState] = useState(readAt);
  const setVersion = useCallback((next: number) => {
    versionRef.current = next;
    setVersionState(next);
  }, []);
  const [conflict, setConflict] = useState<Conflict<Values> | null>(null);
  // The values last saved: no draft is kept of them.
  const savedValues = useRef<string | null>(null);
  const onSubmit = useApiSubmit<Values, Result>({
    ...submitOptions,
    request: (values) => request(values, versionRef.current),
    onSuccess: async (result, values, form) => {
      // The keeper removes the draft of what is saved (or the form goes, and with it the draft).
      if (localDraft) savedValues.current = JSON.stringify(values);
      const saved = (result as { version?: unknown } | undefined)?.version;
      if (typeof saved === 'number') setVersion(saved);
      await onSuccess?.(result, values, form);
    },
    onConflict: versioned
      ? (error: ApiError) =>
          setConflict({
            detail: error.message,
            theirs: versioned.toValues(error.current as { version: number }),
            version: (error.current as { version: number }).version,
          })
      : undefined,
  });
  const validate = useLazyValidation<Values>(loadValidationSchema);
  const formRef = useRef<HTMLFormElement>(null);
  // The form's own focus is not the user starting on it; typing or pointing then is.
  const started = useRef(false);
  const focusing = useRef(false);
  const start = () => {
    if (started.current || focusing.current) return;
    started.current = true;
    onStart?.();
  };
  useEffect(() => {
    if (!focusFirstField) return;
    focusing.current = true;
    formRef.current?.querySelector<HTMLElement>('input:not([type=hidden]), select, textarea')?.focus();
    focusing.current = false;
  }, [focusFirstField]);
  return (
    <Formik<Values> initialValues={initialValues} validationSchema={validationSchema} validate={validate} onSubmit={onSubmit}>
      {(formik) => (
        <Form
          ref={formRef}
          noValidate
          className={className}
          aria-label={label}
          onFocus={onStart && start}
          onInput={onStart && start}
          onPointerDown={onStart && start}
          // Every new submit starts without the last one's root message, even one the field checks stop
          // before it is sent (Formik calls onSubmit only for valid values).
          onSubmitCapture={() => formik.setStatus({})}
        >
          <FormRootAlert />
          {localDraft ? (
            <Suspense fallback={null}>
              <DraftKeeper storageKey={localDraft} version={versioned ? version : null} onRestore={setVersion} saved={savedValues} />
            </Suspense>
          ) : null}
          <FocusFirstInvalid form={formRef} />
          {versioned ? (
            <Suspense fallback={null}>
              <Versions
                versioned={versioned}
                version={version}
                setVersion={setVersion}
                conflict={conflict}
                onConflict={setConflict}
                save={async (values) => {
                  formik.setSubmitting(true);
                  await onSubmit(values, formik);
                  formik.setSubmitting(false);
                }}
              />
            </Suspense>
          ) : null}
          {/* Loaded with the form, so it already holds the ways out at the first change; while the
              save runs, its own way out (to the saved record) is no leaving. */}
          {guardLeaving ? (
            <Suspense fallback={null}>
              <LeaveGuard when={formik.dirty && !formik.isSubmitting} text={leaveText} />
            </Suspense>
          ) : null}
          {typeof children === 'function' ? children(formik) : children}
        </Form>
      )}
    </Formik>
  );
}

/**
 * After a submit that failed on fields (the form's own checks or the server's), focus goes to the
 * first field in error, where the user has to act; a failure not about a field leaves focus alone
 * (its alert is announced).
 */
function FocusFirstInvalid({ form }: { readonly form: { readonly current: HTMLFormElement | null } }) {
  const { submitCount, isSubmitting, isValidating, errors } = useFormikContext();
  const handled = useRef(0);
  const hasErrors = Object.keys(errors).length > 0;
  useEffect(() => {
    if (isSubmitting || isValidating || submitCount === handled.current) return;
    handled.current = submitCount;
    if (!hasErrors) return;
    // After the fields have drawn their errors, and only if the user has not gone on elsewhere
    // (focus still on the form's submit button, or nowhere).
    requestAnimationFrame(() => {
      const active = document.activeElement;
      const stayed =
        !active ||
        active === document.body ||
        (active instanceof HTMLButtonElement && active.type === 'submit' && form.current?.contains(active));
      if (stayed) form.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
    });
  }, [submitCount, isSubmitting, isValidating, hasErrors, form]);
  return null;
}
