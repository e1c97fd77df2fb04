import { i18n } from '../i18n';

/** Longest string error body shown to the user (product rules: Constants); longer ones are not shown. */
export const MAX_STRING_ERROR_LENGTH = 2048;

/**
 * The one error shape of every endpoint (product rules: Errors). `message` is always something to
 * show; `fieldErrors` carries the messages about single form fields.
 */
export interface ApiError {
  /** HTTP status, or null when no response arrived (network failure, unreadable body). */
  readonly status: number | null;
  readonly message: string;
  /** True when `message` came from the response, not a fallback text. */
  readonly hasMessage: boolean;
  readonly fieldErrors: Readonly<Record<string, string>>;
  /** The server's machine-readable error code, e.g. `token_not_valid`. */
  readonly code?: string;
  /** 412: the record as it is now, after someone else's change (the write was refused). */
  readonly current?: unknown;
  /** A list's 404 for a page past the last one: how many rows the list has now. */
  readonly count?: number;
  /** No answer came at all (network down, server away): the connection banner says so app-wide. */
  readonly unreachable?: boolean;
}

type Translate = (key: string, options?: Record<string, unknown>) => string;

const defaultTranslate: Translate = (key, options) => i18n.t(key, options);

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

const looksLikeHtml = (text: string): boolean => /^\s*<(!doctype|html|head|body|[a-z][\w-]*[\s>])/i.test(text);

/** Joins a message, a list of messages or a nested list into one line; null when nothing textual. */
const textOf = (value: unknown): string | null => {
  if (typeof value === 'string') return value.trim() === '' ? null : value;
  if (typeof value === 'number') return String(value);
  if (Array.isArray(value)) {
    const parts = value.map(textOf).filter((part): part is string => part !== null);
    return parts.length > 0 ? parts.join(' ') : null;
  }
  return null;
};

const GENERAL_KEYS = new Set(['nonFieldErrors', 'message', 'detail']);

// `code` and `status` are also entity fields (a waybill's status), so they are metadata only as
// plain scalars; as a list of messages they are field errors like any other.
const METADATA_KEYS = new Set(['code', 'status']);

/** The HTTP status of an RTK Query error, when there was a response. */
const statusOf = (error: unknown): number | null => {
  if (!isRecord(error)) return null;
  if (typeof error.status === 'number') return error.status;
  // fetchBaseQuery reports an unparsable body as PARSING_ERROR with the real status beside it.
  if (typeof error.originalStatus === 'number') return error.originalStatus;
  return null;
};

/**
 * Turns an error response into the one error shape, by the product rules (docs/product.md, Errors):
 * a status other than 400 gives a generic message with the code; a 400 string body (not HTML,
 * shorter than 2048 characters) is the message; an array body is joined; `nonFieldErrors`,
 * then `message` (then `detail`) is the general message; other members are field errors;
 * nothing usable gives the default message.
 */
export function extractApiError(error: unknown, t: Translate = defaultTranslate): ApiError {
  const status = statusOf(error);
  const fallback = (): ApiError => ({ status, message: t('errors.unexpectedError'), hasMessage: false, fieldErrors: {} });

  if (status === null) {
    if (isRecord(error) && error.status === 'FETCH_ERROR')
      return { status, message: t('errors.unreachable'), hasMessage: false, fieldErrors: {}, unreachable: true };
    return fallback();
  }
  const data: unknown = isRecord(error) ? error.data : undefined;
  const code = isRecord(data) && typeof data.code === 'string' ? data.code : undefined;

  // A 429 may say why and for how long ("You already have 3 exports in progress…"): that text is
  // the message, shown once where the user is looking (see `toastForApiError`).
  if (status === 429) {
    const said =
      typeof data === 'string'
        ? data.length < MAX_STRING_ERROR_LENGTH && !looksLikeHtml(data)
          ? textOf(data)
          : null
        : isRecord(data)
          ? (textOf(data.detail) ?? textOf(data.message) ?? textOf(data.nonFieldErrors))
          : null;
    if (said) return { status, message: said, hasMessage: true, fieldErrors: {}, ...(code ? { code } : {}) };
  }

  // A write refused because someone changed the record since (412): who and when, and the record now.
  if (status === 412 && isRecord(data)) {
    const said = textOf(data.detail);
    return {
      status,
      message: said ?? t('errors.unexpectedErrorWithCode', { code: status }),
      hasMessage: said !== null,
      fieldErrors: {},
      ...(data.current !== undefined ? { current: data.current } : {}),
    };
  }

  if (status !== 400) {
    const count =
      status === 404 && isRecord(data) && Number.isSafeInteger(data.count) && Number(data.count) >= 0 ? Number(data.count) : null;
    return {
      status,
      message: t('errors.unexpectedErrorWithCode', { code: status }),
      hasMessage: false,
      fieldErrors: {},
      ...(code ? { code } : {}),
      ...(count === null ? {} : { count }),
    };
  }

  if (typeof data === 'string') {
    const usable = data.trim() !== '' && data.length < MAX_STRING_ERROR_LENGTH && !looksLikeHtml(data);
    return usable ? { status, message: data, hasMessage: true, fieldErrors: {} } : fallback();
  }

  if (Array.isArray(data)) {
    const joined = textOf(data);
    return joined ? { status, message: joined, hasMessage: true, fieldErrors: {} } : fallback();
  }

  if (!isRecord(data)) return fallback();

  const fieldErrors: Record<string, string> = {};
  for (const [field, value] of Object.entries(data)) {
    if (GENERAL_KEYS.has(field)) continue;
    if (METADATA_KEYS.has(field) && !Array.isArray(value)) continue;
    const text = textOf(value);
    if (text) fieldErrors[field] = text;
  }
  const general = textOf(data.nonFieldErrors) ?? textOf(data.message) ?? textOf(data.detail);
  return {
    status,
    message: general ?? t('errors.unexpectedError'),
    hasMessage: general !== null,
    fieldErrors,
    ...(code ? { code } : {}),
  };
}

export const isApiError = (value: unknown): value is ApiError =>
  isRecord(value) &&
  (typeof value.status === 'number' || value.status === null) &&
  typeof value.message === 'string' &&
  isRecord(value.fieldErrors);

/** What a form needs from Formik to show an API error: its field errors and a form-level status. */
export interface FormErrorTarget {
  readonly setErrors: (errors: Record<string, string>) => void;
  readonly setStatus: (status: FormStatus) => void;
}

/** The form-level (root) messages, shown at the top of the form. */
export interface FormStatus {
  readonly formError?: string;
  /** Set by a form after a save that keeps the form on screen ("Saved."). */
  readonly formSuccess?: string;
}

/**
 * Shows an API error on a form: messages about one of `fields` on that field, everything else
 * (the general message, field errors for fields the form does not have) at the form's root.
 */
export function applyApiErrorToForm(
  error: unknown,
  form: FormErrorTarget,
  fields: readonly string[],
  /** Form-specific texts by HTTP status, e.g. "wrong email or password" for a 401 on sign-in. */
  messagesByStatus: Readonly<Partial<Record<number, string>>> = {},
): void {
  const extracted = isApiError(error) ? error : extractApiError(error);
  const override = extracted.status === null ? undefined : messagesByStatus[extracted.status];
  const apiError = override ? { ...extracted, message: override, hasMessage: true } : extracted;
  const onFields: Record<string, string> = {};
  const elsewhere: string[] = [];
  for (const [field, message] of Object.entries(apiError.fieldErrors)) {
    if (fields.includes(field)) onFields[field] = message;
    else elsewhere.push(message);
  }
  const hasFieldErrors = Object.keys(onFields).length > 0 || elsewhere.length > 0;
  const rootParts = [...(apiError.hasMessage || !hasFieldErrors ? [apiError.message] : []), ...elsewhere];
  form.setErrors(onFields);
  form.setStatus(rootParts.length > 0 ? { formError: rootParts.join(' ') } : {});
}

/**
 * The toast a failed call shows app-wide, if any: 429 → rate limited; 5xx or an unreadable answer →
 * unexpected error; no answer at all → none (the connection banner).
 * A 429 that says why shows its own text instead, and not at all for a call whose caller shows it
 * (`shownByCaller`: a form's or a dialog's action), so the one error has one message.
 */
export function toastForApiError(error: unknown, t: Translate = defaultTranslate, { shownByCaller = false } = {}): string | null {
  if (!isApiError(error)) return null;
  if (error.status === 429) {
    if (!error.hasMessage) return t('errors.rateLimited');
    return shownByCaller ? null : error.message;
  }
  if (error.status !== null && error.status >= 500) return t('errors.unexpectedErrorWithCode', { code: error.status });
  // The connection banner says it once for every call that found the server away.
  if (error.unreachable) return null;
  if (error.status === null) return t('errors.unexpectedError');
  return null;
}
