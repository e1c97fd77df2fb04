import type { FormikErrors, FormikHelpers, FormikValues } from 'formik';
import { useTranslation } from 'react-i18next';

import { applyApiErrorToForm, extractApiError, isApiError, type ApiError } from '../../api';

/** What `request` may return: an RTK Query mutation call (unwrapped here) or a plain promise. */
export type ApiCall<Result> = { unwrap: () => Promise<Result> } | Promise<Result>;

export interface ApiSubmitOptions<Values extends FormikValues, Result> {
  /** Sends the values, e.g. `(values) => createWaybill(toBody(values))`. */
  readonly request: (values: Values) => ApiCall<Result>;
  /**
   * The form's fields that show their own server errors; the server's errors about any other
   * member go to the form's root. Defaults to the submitted values' top-level keys.
   */
  readonly fields?: readonly string[];
  /**
   * Form-specific root texts by HTTP status (e.g. 401 on sign-in); a 429 shows the server's text, or
   * "too many requests" when it gives none, unless given here.
   */
  readonly messagesByStatus?: Readonly<Partial<Record<number, string>>>;
  /**
   * Runs after the call succeeded, with its result. Not called on failure, so a failed save
   * keeps every value the user typed; an error thrown here is a bug, not shown as a server error.
   */
  readonly onSuccess?: (result: Result, values: Values, form: FormikHelpers<Values>) => void | Promise<void>;
  /**
   * The save was refused because someone changed the record since it was read (412, with the
   * record as it is now in `error.current`). Without it a 412 shows as any other error.
   */
  readonly onConflict?: (error: ApiError, values: Values, form: FormikHelpers<Values>) => void;
}

const isUnwrappable = <Result>(call: ApiCall<Result>): call is { unwrap: () => Promise<Result> } =>
  typeof (call as { unwrap?: unknown }).unwrap === 'function';

/** The call's result: an RTK Query mutation call unwrapped (so a failure rejects), a promise as it is. */
export const settleApiCall = <Result>(call: ApiCall<Result>): Promise<Result> => (isUnwrappable(call) ? call.unwrap() : call);

/**
 * Runs an action outside a form (a dialog's confirm button) and says why it failed: the message to
 * show (the server's, or the generic one), or null once it succeeded.
 */
export async function apiCallError(request: () => ApiCall<unknown>): Promise<string | null> {
  try {
    await settleApiCall(request());
    return null;
  } catch (failure) {
    return (isApiError(failure) ? failure : extractApiError(failure)).message;
  }
}

/**
 * The one submit handler for a Formik form that saves through the API: clears the previous
 * root message, sends the values (Formik's `isSubmitting` is true until the answer), and on a
 * failure puts the server's field errors on their fields and everything else in `status.formError`
 * (shown by `ApiForm`/`FormRootAlert` with role="alert"), leaving the typed values as they are.
 *
 * @example
 * const submit = useApiSubmit({ request: (v: Values) => patchMe({ version, body: { name: v.name.trim() } }), onSuccess: () => setSaved(true) });
 * <Formik initialValues={...} validationSchema={schema} onSubmit={submit}>...</Formik>
 */
export function useApiSubmit<Values extends FormikValues, Result>({
  request,
  fields,
  messagesByStatus,
  onSuccess,
  onConflict,
}: ApiSubmitOptions<Values, Result>): (values: Values, form: FormikHelpers<Values>) => Promise<void> {
  const { t } = useTranslation();

  return async (values, form) => {
    form.setStatus({});
    let result: Result;
    try {
      result = await settleApiCall(request(values));
    } catch (error) {
      const target = {
        setErrors: (errors: Record<string, string>) => form.setErrors(errors as FormikErrors<Values>),
        setStatus: form.setStatus,
      };
      const extracted = isApiError(error) ? error : extractApiError(error);
      if (extracted.status === 412 && extracted.current !== undefined && onConflict) {
        onConflict(extracted, values, form);
        return;
      }
      applyApiErrorToForm(extracted, target, fields ?? Object.keys(values), {
        // A 429 that says why (and for how long) shows the server's words; one that does not, the general text.
        ...(extracted.status === 429 && extracted.hasMessage ? {} : { 429: t('errors.rateLimited') }),
        ...messagesByStatus,
      });
      return;
    }
    await onSuccess?.(result, values, form);
  };
}
