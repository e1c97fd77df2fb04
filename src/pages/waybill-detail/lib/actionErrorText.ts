import { extractApiError, isApiError } from '@/shared/api';

/**
 * The text to show for a refused action: the server's general message, else its field messages
 * (a refused status change comes as `{ status: [...] }`), else the generic message; a 412 says
 * who changed the waybill and that it is shown as it is now.
 */
export function actionErrorText(error: unknown, t: (key: string) => string): string {
  const apiError = isApiError(error) ? error : extractApiError(error);
  // Someone changed the waybill meanwhile (412): the page now shows it as it is; say so.
  if (apiError.status === 412) return `${apiError.message} ${t('waybills.actions.changedMeanwhile')}`;
  if (apiError.hasMessage) return apiError.message;
  const fieldMessages = Object.values(apiError.fieldErrors);
  return fieldMessages.length > 0 ? fieldMessages.join(' ') : apiError.message;
}
