import { pickLocale, sharedText, translate, type MessageParams, type SharedTextKey } from '@timberlog/contract';

import { i18n } from './i18n';

/**
 * A text the API answers and the web app shows too (a whole number, a password of spaces, one's own
 * account), in the app's language: the contract's words, with no copy in the translation files.
 */
export const contractText = (key: SharedTextKey): string => sharedText(pickLocale(i18n.resolvedLanguage ?? i18n.language), key);

/** A message of the contract's catalogue with its values (a range's limits), in the app's language: the API's words. */
export const contractMessage = (key: string, params?: MessageParams): string =>
  translate(pickLocale(i18n.resolvedLanguage ?? i18n.language), key, params);
