import { pickLocale, translate, type MessageParams } from '@timberlog/contract';

import { i18n } from './i18n';

/**
 * A message of the contract's catalogue with its values (a range's limits), in the app's language:
 * the API's words. A module of its own: the catalogue is large, and a screen that only shows the
 * shared texts (contractText) must not load it.
 */
export const contractMessage = (key: string, params?: MessageParams): string =>
  translate(pickLocale(i18n.resolvedLanguage ?? i18n.language), key, params);
