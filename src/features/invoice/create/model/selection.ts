import { extractApiError, isApiError } from '@/shared/api';

/** The query parameter that carries the chosen waybills (`/invoices/new?waybills=A&waybills=B`). */
export const SELECTION_PARAM = 'waybills';

/**
 * The waybill numbers a link chose: repeated or comma-separated, as the API takes them; blanks
 * and repeats dropped, the first mention's order kept.
 */
export function selectionFromParams(params: URLSearchParams): string[] {
  const numbers = params
    .getAll(SELECTION_PARAM)
    .flatMap((value) => value.split(','))
    .map((number) => number.trim())
    .filter(Boolean);
  return [...new Set(numbers)];
}

/** `params` with the selection in place of the one it had; other parameters kept. */
export function withSelection(params: URLSearchParams, selection: readonly string[]): URLSearchParams {
  const next = new URLSearchParams(params);
  next.delete(SELECTION_PARAM);
  for (const number of selection) next.append(SELECTION_PARAM, number);
  return next;
}

/** The selection with `number` added, or taken out if it was in. */
export const toggleNumber = (selection: readonly string[], number: string): string[] =>
  selection.includes(number) ? selection.filter((entry) => entry !== number) : [...selection, number];

/** The invoice's dates as the user chose them; a date left as it was is not sent (the server takes its default). */
export interface DraftDates {
  readonly issueDate?: string;
  readonly dueDate?: string;
}

/**
 * The preview's query for a selection: sorted, so the same set is one cache entry whatever the
 * order of picking; dates only when the user changed them, so the default draft is one entry too.
 */
export const previewArgs = (selection: readonly string[], dates: DraftDates = {}) => ({
  [SELECTION_PARAM]: [...selection].sort(),
  ...(dates.issueDate ? { issueDate: dates.issueDate } : {}),
  ...(dates.dueDate ? { dueDate: dates.dueDate } : {}),
});

/** The fields of the invoice's dates: the server's words about them land on them, not among the selection's problems. */
export const DATE_FIELDS = ['issueDate', 'dueDate'] as const;
export type DateField = (typeof DATE_FIELDS)[number];

/** What the server said about the invoice's dates, by field. */
export function dateErrors(error: unknown): Partial<Record<DateField, string>> {
  if (!error) return {};
  const { fieldErrors } = isApiError(error) ? error : extractApiError(error);
  return Object.fromEntries(DATE_FIELDS.flatMap((field) => (fieldErrors[field] ? [[field, fieldErrors[field]]] : [])));
}

/**
 * What the server said is wrong with a selection, in its words: the message about the waybills
 * first, then any other field's but the dates' and the general one. Empty when there is no error.
 */
export function selectionProblems(error: unknown): string[] {
  if (!error) return [];
  const apiError = isApiError(error) ? error : extractApiError(error);
  const { [SELECTION_PARAM]: aboutWaybills, issueDate: _issue, dueDate: _due, ...others } = apiError.fieldErrors;
  const messages = [aboutWaybills, ...Object.values(others)].filter((text): text is string => Boolean(text));
  // An error only about the dates is shown on them (dateErrors), not as the selection's problem.
  if (messages.length === 0 && !apiError.hasMessage && (_issue || _due)) return [];
  if (apiError.hasMessage || messages.length === 0) messages.push(apiError.message);
  return messages;
}

export interface CreateStateInput {
  readonly selection: readonly string[];
  /** The preview answered for exactly this selection. */
  readonly previewReady: boolean;
  readonly previewFetching: boolean;
  readonly problems: readonly string[];
  readonly creating: boolean;
}

/** "Create" is offered only for a non-empty selection whose own preview is good and current. */
export const canCreate = ({ selection, previewReady, previewFetching, problems, creating }: CreateStateInput): boolean =>
  selection.length > 0 && previewReady && !previewFetching && problems.length === 0 && !creating;
