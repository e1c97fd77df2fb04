import { pickLocale, sharedText, type SharedTextKey } from '@timberlog/contract';

import { i18n } from './i18n';

/**
 * A text the API answers and the web app shows too (a whole number, a password of spaces, one's own
 * account, the EVR fields' names), in the app's language: the contract's words, with no copy in the
 * translation files. The whole catalogue's messages are contractMessage's.
 */
export const contractText = (key: SharedTextKey): string => sharedText(pickLocale(i18n.resolvedLanguage ?? i18n.language), key);
