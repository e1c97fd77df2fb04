import { extractApiError, isApiError } from '@/shared/api';

/**
 * The text to show for a refused action: the server's general message, else its field messages
 * (a refused status change comes as `{ status: [...] }`), else the generic message.
 */
export function actionErrorText(error: unknown): string {
  const apiError = isApiError(error) ? error : extractApiError(error);
  if (apiError.hasMessage) return apiError.message;
  const fieldMessages = Object.values(apiError.fieldErrors);
  return fieldMessages.length > 0 ? fieldMessages.join(' ') : apiError.message;
}
